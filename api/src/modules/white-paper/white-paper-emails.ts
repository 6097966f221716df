import { type WhitePaperRequestInputSchema, whitePaperDownloadPath } from '@dcipher/shared/contract';
import type * as v from 'valibot';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';

type WhitePaperRequest = v.InferOutput<typeof WhitePaperRequestInputSchema>;

export const whitePaperTitle = 'From text to decisions: automating insight work with AI';

/** The white paper's address on the site (`WEB_URL` plus the PDF's path). */
export function whitePaperUrl(webUrl: string): string {
  return `${webUrl}${whitePaperDownloadPath}`;
}

/**
 * A copy of the white paper for the requester: a link to the PDF the site serves, which stays valid (the file is
 * public), rather than an attachment. The name is the visitor's input and is escaped by `renderEmailLayout`.
 */
export function whitePaperCopyEmail(request: WhitePaperRequest, webUrl: string): EmailMessage {
  return {
    to: request.email,
    subject: 'Your copy of the Dcipher white paper',
    tag: 'white-paper-copy',
    ...renderEmailLayout({
      preheader: `${whitePaperTitle}: the PDF, to read now or later.`,
      heading: 'Your copy of the white paper',
      paragraphs: [
        `Hello ${request.firstName},`,
        `Thank you for your interest in "${whitePaperTitle}". Here is your copy, to read now or keep for later: ` +
          'the link below opens the PDF.',
        'It covers why insight work stalls, how to go from text to decisions with AI you can audit, workflows ' +
          'that keep watching, governance, and three case examples.',
      ],
      action: { label: 'Download the white paper (PDF)', url: whitePaperUrl(webUrl) },
      footer:
        'You received this email because this address asked for the white paper on the Dcipher website. ' +
        'If that was not you, you can ignore it.',
    }),
  };
}
