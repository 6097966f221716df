import type { FlowRun } from '@dcipher/shared/contract/flows';
import { Button, theme } from '@dcipher/shared/ui';
import { credits } from './cost-summary';
import { mutedStyle, RunStateBadge, runMoment } from './workflow-parts';
import { count, isUnderway } from './workflow-words';

/** A workflow's runs, newest first: Show one above, or run its settings again. */
export function RunsHistory({
  runs,
  shownTaskId,
  mayRerun,
  onShow,
  onRerun,
}: {
  runs: FlowRun[];
  shownTaskId: string | undefined;
  mayRerun: boolean;
  onShow: (run: FlowRun) => void;
  onRerun: (run: FlowRun) => void;
}) {
  if (runs.length === 0) return <p css={{ margin: 0 }}>No runs yet.</p>;
  return (
    <ul aria-label="Runs" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {runs.map((run) => (
        <li
          key={run.id}
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.5rem 1rem',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '0.6rem 0',
            borderTop: `1px solid ${theme.colors.border}`,
          }}
        >
          <span
            css={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: '0.25rem 0.6rem',
              alignItems: 'center',
              minWidth: 0,
            }}
          >
            <strong>Run {run.number}</strong>
            <RunStateBadge state={run.state} />
            <span css={mutedStyle}>
              {runMoment(run)} ·{' '}
              {run.origin === 'Scheduler' ? 'on schedule' : run.origin === 'API' ? 'by the API' : 'by hand'}
              {run.documentsAnalysed !== null ? ` · ${count(run.documentsAnalysed)} documents` : ''}
              {run.creditsCharged ? ` · ${credits(run.creditsCharged)}` : ''}
            </span>
          </span>
          <span css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
            {run.taskId === shownTaskId ? (
              <span css={{ ...mutedStyle, alignSelf: 'center' }}>Shown above</span>
            ) : (
              <Button variant="secondary" aria-label={`Show run ${run.number}`} onClick={() => onShow(run)}>
                Show
              </Button>
            )}
            {mayRerun && !isUnderway(run.state) ? (
              <Button
                variant="secondary"
                aria-label={`Run again as run ${run.number}`}
                onClick={() => onRerun(run)}
              >
                Run again
              </Button>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
