import type { Flow, FlowRun } from '@dcipher/shared/contract/flows';
import { routes } from '@dcipher/shared/routes';
import { Alert, Button } from '@dcipher/shared/ui';
import { useState } from 'react';
import type { AccountScreenProps } from '../../kit/account-screen';
import { useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { bothLoads } from '../../kit/use-api-load';
import { useRouteParams } from '../../router/remote-router';
import { DeleteDialog, RunDialog } from './flow-dialogs';
import { takeNoteFor } from './start-workflow';
import { useRunStatus } from './use-run-status';
import { AreaLink, mutedStyle, screenRootStyle } from './workflow-parts';
import { workflowQueries } from './workflow-queries';
import { RunResult } from './workflow-result-section';
import { RunsHistory } from './workflow-runs-section';
import { ScheduleSection } from './workflow-schedule-section';
import { SharingSection } from './workflow-sharing-section';
import { analysisTypeLabels, flowTypeLabels, isUnderway } from './workflow-words';

/**
 * `/workflows/{flowId}`: one workflow — what it is, Run (after its cost is confirmed), the run followed live, its
 * result as charts, the runs, result files, schedule, pause and resume, notifications, visibility, sharing and
 * deleting, each offered only when the caller's abilities on it allow. The workflow and its runs are the cache's
 * (`workflowQueries`): each section's change writes or invalidates them, never a copy kept in the screen.
 */
export default function WorkflowScreen({ navigate }: AccountScreenProps) {
  // Fixed for the screen's life: the router keys each screen by its path.
  const { flowId } = useRouteParams('workflow');
  const flow = useLoad(workflowQueries.one(flowId));
  const runs = useLoad(workflowQueries.runs(flowId));
  return (
    <LoadState
      load={bothLoads(flow.result, runs.result)}
      loadingText="Loading the workflow…"
      onRetry={() => void Promise.all([flow.reload(), runs.reload()])}
    >
      {([loaded, { runs: list }]) => <FlowView flow={loaded} runs={list} navigate={navigate} />}
    </LoadState>
  );
}

function FlowView({ flow, runs, navigate }: { flow: Flow; runs: FlowRun[]; navigate: (to: string) => void }) {
  const [note] = useState(() => takeNoteFor(flow.id));
  const [shownTaskId, setShownTaskId] = useState(flow.lastRun?.taskId);
  const [runDialog, setRunDialog] = useState<{ rerunOf?: FlowRun } | undefined>();
  const [deleting, setDeleting] = useState(false);
  const mayUpdate = flow.abilities.includes('update');
  const mayDelete = flow.abilities.includes('delete');
  const mayGrant = flow.abilities.includes('grant');
  const { status, retry } = useRunStatus(flow.id, shownTaskId);
  const underway = status.state === 'loaded' && isUnderway(status.run.state);

  return (
    <div css={screenRootStyle}>
      <header css={{ marginBottom: '1.25rem' }}>
        <p css={{ margin: '0 0 0.5rem' }}>
          <AreaLink to={routes.workflows.path} navigate={navigate}>
            ← All workflows
          </AreaLink>
        </p>
        <h2
          css={{ margin: '0 0 0.5rem', fontSize: '1.5rem', overflowWrap: 'anywhere' }}
          data-testid="flow-name"
        >
          {flow.name}
        </h2>
        {flow.description ? <p css={{ margin: '0 0 0.5rem' }}>{flow.description}</p> : null}
        <p css={{ ...mutedStyle, margin: 0 }}>
          {flowTypeLabels[flow.flowType]} · {analysisTypeLabels[flow.analysisType]} · owned by{' '}
          {flow.owner.name || flow.owner.email} · {flow.state}
          {flow.visibility === 'public' ? ' · public' : ''}
          {flow.myRole ? ` · you are its ${flow.myRole}` : ''}
        </p>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginTop: '1rem' }}>
          {mayUpdate ? (
            <Button disabled={underway} onClick={() => setRunDialog({})}>
              {underway ? 'Running…' : 'Run'}
            </Button>
          ) : null}
          {mayDelete ? (
            <Button variant="secondary" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          ) : null}
        </div>
      </header>
      {note ? <Alert>It did not run: {note}</Alert> : null}

      <ScreenSection title="Result">
        <RunResult flowId={flow.id} status={status} retry={retry} />
      </ScreenSection>

      <ScreenSection title="Runs">
        <RunsHistory
          runs={runs}
          shownTaskId={shownTaskId}
          mayRerun={mayUpdate && !underway}
          onShow={(run) => setShownTaskId(run.taskId)}
          onRerun={(run) => setRunDialog({ rerunOf: run })}
        />
      </ScreenSection>

      <ScreenSection title="Schedule and notifications">
        <ScheduleSection flow={flow} mayUpdate={mayUpdate} />
      </ScreenSection>

      {mayGrant ? (
        <ScreenSection title="Sharing">
          <SharingSection flow={flow} navigate={navigate} />
        </ScreenSection>
      ) : null}

      {runDialog ? (
        <RunDialog
          flow={flow}
          rerunOf={runDialog.rerunOf}
          onClose={() => setRunDialog(undefined)}
          onStarted={(run) => {
            setRunDialog(undefined);
            setShownTaskId(run.taskId);
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          flow={flow}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(routes.workflows.path)}
        />
      ) : null}
    </div>
  );
}
