import type { Flow, FlowCost, FlowRun } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { Alert, Button } from '@dcipher/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { Dialog } from '../../kit/dialog';
import { LoadState } from '../../kit/load-state';
import { messageOf } from '../../kit/use-api-load';
import { CostSummary, credits } from './cost-summary';
import { runIdempotencyKey } from './start-workflow';
import { workflowQueries } from './workflow-queries';

// Running (after the cost is confirmed) and deleting (after a confirmation) a workflow: its screen and the list's rows.

/**
 * The cost of a run (`POST /flows/calculate-cost`) shown before anything is charged; Run starts it
 * (`POST /flows/{flowId}/run`, or `PUT /flows/{flowId}/runs/{runId}` to run a past run's settings again).
 */
export function RunDialog({
  flow,
  rerunOf,
  onClose,
  onStarted,
}: {
  flow: Flow;
  rerunOf: FlowRun | undefined;
  onClose: () => void;
  onStarted: (run: FlowRun) => void;
}) {
  // A price is asked afresh each time the dialog opens, never shown from an older answer (dropped on close).
  const { result, reload } = useLoad({ ...workflowQueries.cost(flow.id), gcTime: 0 });
  // Starting a run changes the workflow (its last run) as well as its runs and the list (kit/invalidations.ts).
  const invalidates = () => [[flows.getFlow, { params: { flowId: flow.id } }] as const];
  const run = useContractMutation(flows.runFlow, { invalidates });
  const rerun = useContractMutation(flows.rerunFlow, { invalidates });
  const starting = run.isPending || rerun.isPending || run.isSuccess || rerun.isSuccess;
  const startError = run.error ?? rerun.error;
  const failure = startError ? messageOf(startError) : undefined;
  const [idempotencyKey] = useState(runIdempotencyKey);
  const actionsRef = useRef<HTMLDivElement>(null);
  const costShown = result.state === 'loaded';
  useEffect(() => {
    // The dialog opens on "Calculating the cost…"; once the cost is there, Run now is where the person goes next
    // (when it cannot run, the button is disabled and focus stays on the dialog, which reads the reason).
    if (costShown) actionsRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [costShown]);

  function start() {
    if (rerunOf) rerun.mutate({ params: { flowId: flow.id, runId: rerunOf.id } }, { onSuccess: onStarted });
    else run.mutate({ params: { flowId: flow.id }, body: { idempotencyKey } }, { onSuccess: onStarted });
  }

  return (
    <Dialog title={rerunOf ? `Run again as run ${rerunOf.number}?` : `Run ${flow.name}?`} onClose={onClose}>
      <LoadState load={result} loadingText="Calculating the cost…" onRetry={() => void reload()}>
        {(cost: FlowCost) => (
          <>
            <p css={{ marginTop: 0 }}>
              {cost.creditsNeeded === 0
                ? 'This run is included in your plan: nothing is taken from your wallet.'
                : `This run takes ${credits(cost.creditsNeeded)} from your wallet. Unused credits come back when it ends.`}
            </p>
            <CostSummary cost={cost} />
            {failure ? <Alert>{failure}</Alert> : null}
            <div
              ref={actionsRef}
              css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginTop: '1rem' }}
            >
              <Button disabled={!cost.allowed || starting} onClick={start}>
                {starting ? 'Starting…' : 'Run now'}
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
            </div>
          </>
        )}
      </LoadState>
      {result.state !== 'loaded' ? (
        <Button variant="secondary" onClick={onClose} css={{ marginTop: '1rem' }}>
          Cancel
        </Button>
      ) : null}
    </Dialog>
  );
}

/** Deleting a workflow, confirmed: what goes with it, and that it cannot be undone. */
export function DeleteDialog({
  flow,
  onClose,
  onDeleted,
}: {
  flow: Flow;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deletion = useContractMutation(flows.deleteFlow);
  const busy = deletion.isPending || deletion.isSuccess;
  const failure = deletion.error ? messageOf(deletion.error) : undefined;
  const remove = () => deletion.mutate({ params: { flowId: flow.id } }, { onSuccess: onDeleted });
  return (
    <Dialog title={`Delete ${flow.name}?`} onClose={onClose}>
      <p css={{ marginTop: 0 }}>
        Its runs and result files are deleted with it; a run under way is stopped and its credits given back.
        This cannot be undone.
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
        <Button variant="danger" disabled={busy} onClick={remove}>
          {busy ? 'Deleting…' : 'Delete workflow'}
        </Button>
        <Button variant="secondary" data-autofocus onClick={onClose}>
          Keep it
        </Button>
      </div>
    </Dialog>
  );
}
