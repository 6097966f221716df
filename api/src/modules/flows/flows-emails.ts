import { runFailureMessage } from '@dcipher/shared/contract';
import { headlineFinding } from '@dcipher/shared/insights/headline';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';
import type { StoredRun } from './flows-repository.js';

/**
 * To a workflow's owner when one of its runs has ended: finished, with its headline finding (as the result view
 * opens with it, issue 34 point 7), or failed, with the catalogued reason.
 */
export function runEndedEmail(
  to: string,
  webUrl: string,
  flow: { id: string; name: string },
  run: Pick<StoredRun, 'state' | 'number' | 'documentsAnalysed' | 'error' | 'insights'>,
): EmailMessage {
  const done = run.state === 'JobDone';
  const heading = done ? `Your workflow "${flow.name}" has finished` : `Your workflow "${flow.name}" failed`;
  const text = done
    ? `Run ${run.number} analysed ${run.documentsAnalysed ?? 0} documents. Open the workflow to see what it found.`
    : `Run ${run.number} could not finish: ${runFailureMessage(run.error)} Nothing was charged for it.`;
  const headline = done && run.insights ? headlineFinding(run.insights) : null;
  return {
    to,
    subject: heading,
    tag: done ? 'workflow-run-finished' : 'workflow-run-failed',
    ...renderEmailLayout({
      preheader: headline ?? text,
      heading,
      paragraphs: headline ? [headline, text] : [text],
      action: { label: 'Open the workflow', url: `${webUrl}/workflows/${flow.id}` },
      footer: 'You received this email because you own this workflow. Turn these emails off on the workflow.',
    }),
  };
}
