import { authenticatedApi } from '@dcipher/shared/auth';
import type { Flow, FlowCost, FlowRun } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { Alert, Button } from '@dcipher/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../kit/dialog';
import { LoadState } from '../../kit/load-state';
import { messageOf, useApiLoad } from '../../kit/use-api-load';
import { CostSummary, credits } from './cost-summary';
import { runIdempotencyKey } from './start-workflow';

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
  const { result, reload } = useApiLoad(() =>
    authenticatedApi().call(flows.calculateFlowCost, { body: { flowId: flow.id } }),
  );
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [idempotencyKey] = useState(runIdempotencyKey);
  const actionsRef = useRef<HTMLDivElement>(null);
  const costShown = result.state === 'loaded';
  useEffect(() => {
    // The dialog opens on "Calculating the cost…"; once the cost is there, Run now is where the person goes next
    // (when it cannot run, the button is disabled and focus stays on the dialog, which reads the reason).
    if (costShown) actionsRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [costShown]);

  async function start() {
    setStarting(true);
    setFailure(undefined);
    try {
      const run = rerunOf
        ? await authenticatedApi().call(flows.rerunFlow, { params: { flowId: flow.id, runId: rerunOf.id } })
        : await authenticatedApi().call(flows.runFlow, {
            params: { flowId: flow.id },
            body: { idempotencyKey },
          });
      onStarted(run);
    } catch (error) {
      setFailure(messageOf(error));
      setStarting(false);
    }
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
              <Button disabled={!cost.allowed || starting} onClick={() => void start()}>
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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function remove() {
    setBusy(true);
    setFailure(undefined);
    try {
      await authenticatedApi().call(flows.deleteFlow, { params: { flowId: flow.id } });
      onDeleted();
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  }
  return (
    <Dialog title={`Delete ${flow.name}?`} onClose={onClose}>
      <p css={{ marginTop: 0 }}>
        Its runs and result files are deleted with it; a run under way is stopped and its credits given back.
        This cannot be undone.
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
        <Button variant="danger" disabled={busy} onClick={() => void remove()}>
          {busy ? 'Deleting…' : 'Delete workflow'}
        </Button>
        <Button variant="secondary" data-autofocus onClick={onClose}>
          Keep it
        </Button>
      </div>
    </Dialog>
  );
}
