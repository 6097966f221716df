import type { FlowRun } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { saveFile } from '@dcipher/shared/insights';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { workflowMessages } from '@dcipher/shared/validation';
import { lazy, Suspense } from 'react';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { messageOf } from '../../kit/use-api-load';
import { credits } from './cost-summary';
import type { useRunStatus } from './use-run-status';
import { mutedStyle, RunStateBadge, runMoment } from './workflow-parts';
import { workflowQueries } from './workflow-queries';
import { count, fileSize, isUnderway, stageLabels } from './workflow-words';

// The charts and their library load only when a result is shown (docs/decisions/0072).
const RunInsightsView = lazy(() => import(/* webpackChunkName: "workflows-insights" */ './run-insights'));

/** The run shown: followed live while it is underway (`useRunStatus`), then its result, charts and files. */
export function RunResult({
  flowId,
  status,
  retry,
}: {
  flowId: string;
  status: ReturnType<typeof useRunStatus>['status'];
  retry: () => void;
}) {
  if (status.state === 'none')
    return <p css={{ margin: 0 }}>It has not run yet. Run it to see what it finds.</p>;
  if (status.state === 'loading') return <p role="status">Loading the run…</p>;
  if (status.state === 'failed')
    return (
      <div>
        <Alert>{status.message}</Alert>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  const { run, insights } = status;
  return (
    <div css={{ minWidth: 0 }}>
      <div role="status" aria-live="polite" css={{ marginBottom: '0.75rem' }}>
        <p css={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
          <span>Run {run.number}:</span>
          <RunStateBadge state={run.state} />
          <span css={mutedStyle}>{runMoment(run)}</span>
        </p>
        {isUnderway(run.state) ? (
          <p css={{ margin: '0.5rem 0 0' }}>
            {run.stage ? stageLabels[run.stage] : 'Waiting for a worker'} — {Math.round(run.progress * 100)}%
          </p>
        ) : null}
      </div>
      {isUnderway(run.state) ? (
        <progress
          value={run.progress}
          max={1}
          aria-label={`Run ${run.number} progress`}
          css={{ width: '100%', height: '0.75rem', accentColor: theme.colors.brand }}
        />
      ) : null}
      {run.state === 'JobError' ? (
        // The catalogue's words for the run's reason, never the server's text (issue 32).
        <Alert>{flows.runFailureMessage(run.failureReason)} Its credits were given back.</Alert>
      ) : null}
      {run.state === 'JobDone' ? (
        <>
          <p css={{ ...mutedStyle, margin: '0 0 1rem' }}>
            {count(run.documentsAnalysed ?? 0)} documents analysed
            {run.durationMs !== null ? ` in ${(run.durationMs / 1000).toFixed(1)} s` : ''}
            {run.creditsCharged
              ? `, ${credits(run.creditsCharged)} from the wallet`
              : ', included in your plan'}
            .
          </p>
          {insights?.documents.unreadable ? (
            <Notice>{workflowMessages.documentsUnreadable(insights.documents.unreadable)}</Notice>
          ) : null}
          {insights ? (
            <Suspense fallback={<p role="status">Drawing the charts…</p>}>
              <RunInsightsView insights={insights} flowId={flowId} runId={run.id} />
            </Suspense>
          ) : null}
          <ResultFiles flowId={flowId} run={run} />
        </>
      ) : null}
    </div>
  );
}

function ResultFiles({ flowId, run }: { flowId: string; run: FlowRun }) {
  const num = String(run.number);
  const { result, reload } = useLoad(workflowQueries.files(flowId, run.number));
  // A download changes nothing on the server: a contract call whose answer is saved, not cached.
  const download = useContractMutation(flows.downloadFlowFile);
  const busy = download.isPending ? download.variables?.params.fileName : undefined;
  const failure = download.error ? messageOf(download.error) : undefined;

  return (
    <section aria-labelledby={`files-${run.id}`} css={{ marginTop: '1.25rem' }}>
      <h3 id={`files-${run.id}`} css={{ margin: '0 0 0.5rem', fontSize: '1.1rem' }}>
        Result files
      </h3>
      <LoadState load={result} loadingText="Loading the files…" onRetry={() => void reload()}>
        {({ files }) =>
          files.length === 0 ? (
            <p css={{ margin: 0 }}>This run wrote no files.</p>
          ) : (
            <>
              {failure ? <Alert>{failure}</Alert> : null}
              <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}>
                {files.map((file) => (
                  <li
                    key={file.name}
                    css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem', alignItems: 'center' }}
                  >
                    <span css={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {file.name} <span css={mutedStyle}>({fileSize(file.bytes)})</span>
                    </span>
                    <Button
                      variant="secondary"
                      disabled={busy !== undefined}
                      aria-label={`Download ${file.name}`}
                      onClick={() =>
                        download.mutate(
                          { params: { flowId, fileName: file.name }, query: { num } },
                          {
                            onSuccess: (answer) =>
                              saveFile(answer.name, new Blob([answer.content], { type: answer.mediaType })),
                          },
                        )
                      }
                    >
                      {busy === file.name ? 'Downloading…' : 'Download'}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </LoadState>
    </section>
  );
}
