import { authenticatedApi } from '@dcipher/shared/auth';
import type { Flow, FlowRun, RunFile } from '@dcipher/shared/contract/flows';
import * as flows from '@dcipher/shared/contract/flows';
import { type ScheduleFrequency, scheduleFrequencies } from '@dcipher/shared/domain';
import { routes } from '@dcipher/shared/routes';
import { Alert, Button, Notice, SelectField, TextField, theme } from '@dcipher/shared/ui';
import { sharingMessages, workflowMessages } from '@dcipher/shared/validation';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import type { AccountScreenProps } from '../../kit/account-screen';
import { dateAndTime } from '../../kit/date-and-time';
import { LoadState } from '../../kit/load-state';
import { PublicSharing, workflowPublicLink } from '../../kit/public-sharing';
import { ScreenSection } from '../../kit/screen-section';
import { ShareWithMemberForm, useShareableMembers } from '../../kit/share-with-member-form';
import { messageOf, useApiLoad } from '../../kit/use-api-load';
import { useRouteParams } from '../../router/remote-router';
import { credits } from './cost-summary';
import { DeleteDialog, RunDialog } from './flow-dialogs';
import { takeNoteFor } from './start-workflow';
import { useRunStatus } from './use-run-status';
import { AreaLink, mutedStyle, RunStateBadge, runMoment, screenRootStyle } from './workflow-parts';
import {
  analysisTypeLabels,
  count,
  flowTypeLabels,
  frequencyLabels,
  isUnderway,
  stageLabels,
} from './workflow-words';

// The charts and their library load only when a result is shown (docs/decisions/0072).
const RunInsightsView = lazy(() => import(/* webpackChunkName: "workflows-insights" */ './run-insights'));

type Outcome = { kind: 'done' | 'failed'; text: string } | undefined;

/**
 * `/workflows/{flowId}`: one workflow — what it is, Run (after its cost is confirmed), the run followed live, its
 * result as charts, the runs, result files, schedule, pause and resume, notifications, visibility, sharing and
 * deleting, each offered only when the caller's abilities on it allow.
 */
export default function WorkflowScreen({ navigate }: AccountScreenProps) {
  // Fixed for the screen's life: the router keys each screen by its path.
  const { flowId } = useRouteParams('workflow');
  const api = authenticatedApi();
  const { result, reload } = useApiLoad(async () => {
    const [flow, { runs }] = await Promise.all([
      api.call(flows.getFlow, { params: { flowId } }),
      api.call(flows.listFlowRuns, { params: { flowId } }),
    ]);
    return { flow, runs };
  });
  return (
    <LoadState load={result} loadingText="Loading the workflow…" onRetry={() => void reload()}>
      {({ flow, runs }) => (
        <FlowView
          key={flow.id}
          initialFlow={flow}
          runs={runs}
          reload={() => void reload()}
          navigate={navigate}
        />
      )}
    </LoadState>
  );
}

function FlowView({
  initialFlow,
  runs,
  reload,
  navigate,
}: {
  initialFlow: Flow;
  runs: FlowRun[];
  reload: () => void;
  navigate: (to: string) => void;
}) {
  const [flow, setFlow] = useState(initialFlow);
  useEffect(() => setFlow(initialFlow), [initialFlow]);
  const [note] = useState(() => takeNoteFor(initialFlow.id));
  const [shownTaskId, setShownTaskId] = useState(initialFlow.lastRun?.taskId);
  const [runDialog, setRunDialog] = useState<{ rerunOf?: FlowRun } | undefined>();
  const [deleting, setDeleting] = useState(false);
  const mayUpdate = flow.abilities.includes('update');
  const mayDelete = flow.abilities.includes('delete');
  const mayGrant = flow.abilities.includes('grant');
  const onEnded = useCallback(
    (run: FlowRun) => {
      // A run that has just ended changes the list of runs and the flow's last run.
      if (!runs.some((known) => known.id === run.id && known.state === run.state)) reload();
    },
    [runs, reload],
  );
  const { status, retry } = useRunStatus(flow.id, shownTaskId, onEnded);
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
        <ScheduleSettings flow={flow} mayUpdate={mayUpdate} onChanged={setFlow} />
      </ScreenSection>

      {mayGrant ? (
        <ScreenSection title="Sharing">
          <SharingSettings flow={flow} onChanged={setFlow} navigate={navigate} />
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
            reload();
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

function RunResult({
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

/** Saves a result file (`GET /flows/{flowId}/files/{name}?num`) as the browser's download. */
function saveFile(name: string, mediaType: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function ResultFiles({ flowId, run }: { flowId: string; run: FlowRun }) {
  const num = String(run.number);
  const { result, reload } = useApiLoad(() =>
    authenticatedApi().call(flows.listFlowFiles, { params: { flowId }, query: { num } }),
  );
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<string>();

  async function download(file: RunFile) {
    setBusy(file.name);
    setFailure(undefined);
    try {
      const answer = await authenticatedApi().call(flows.downloadFlowFile, {
        params: { flowId, fileName: file.name },
        query: { num },
      });
      saveFile(answer.name, answer.mediaType, answer.content);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(undefined);
    }
  }

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
                      {file.name} <span css={mutedStyle}>({(file.bytes / 1024).toFixed(1)} KB)</span>
                    </span>
                    <Button
                      variant="secondary"
                      disabled={busy !== undefined}
                      aria-label={`Download ${file.name}`}
                      onClick={() => void download(file)}
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

function RunsHistory({
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

function useFlowChange(onChanged: (flow: Flow) => void) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const change = async (work: () => Promise<Flow>, done: string) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      onChanged(await work());
      setOutcome({ kind: 'done', text: done });
    } catch (error) {
      setOutcome({ kind: 'failed', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  const message: ReactNode =
    outcome?.kind === 'done' ? (
      <Notice>{outcome.text}</Notice>
    ) : outcome ? (
      <Alert>{outcome.text}</Alert>
    ) : null;
  return { busy, change, message };
}

function ScheduleSettings({
  flow,
  mayUpdate,
  onChanged,
}: {
  flow: Flow;
  mayUpdate: boolean;
  onChanged: (flow: Flow) => void;
}) {
  const api = authenticatedApi();
  const params = { flowId: flow.id };
  const { busy, change, message } = useFlowChange(onChanged);
  const [editing, setEditing] = useState(false);
  const [frequency, setFrequency] = useState<ScheduleFrequency>(flow.schedule?.frequency ?? 'weekly');
  const [startAt, setStartAt] = useState('');
  const { schedule } = flow;

  return (
    <div>
      {message}
      <p css={{ marginTop: 0 }} data-testid="flow-schedule">
        {schedule
          ? flow.paused
            ? `${frequencyLabels[schedule.frequency]}, paused: scheduled runs are skipped until it is resumed.`
            : `${frequencyLabels[schedule.frequency]} from ${dateAndTime(schedule.startAt)}; next run ${
                schedule.nextRunAt ? dateAndTime(schedule.nextRunAt) : 'not planned'
              }.`
          : 'Runs when you run it (no schedule).'}
      </p>
      {mayUpdate ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginBottom: '1rem' }}>
          {schedule ? (
            flow.paused ? (
              <Button
                disabled={busy}
                onClick={() =>
                  void change(
                    () => api.call(flows.resumeFlow, { params }),
                    'Resumed: it runs again from its next slot.',
                  )
                }
              >
                Resume
              </Button>
            ) : (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  void change(
                    () => api.call(flows.pauseFlow, { params }),
                    'Paused: scheduled runs are skipped.',
                  )
                }
              >
                Pause
              </Button>
            )
          ) : null}
          <Button
            variant="secondary"
            disabled={busy}
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            {schedule ? 'Change the schedule' : 'Add a schedule'}
          </Button>
          {schedule ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void change(
                  () => api.call(flows.updateFlow, { params, body: { schedule: null } }),
                  'The schedule is removed.',
                )
              }
            >
              Remove the schedule
            </Button>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <form
          aria-label="Schedule"
          onSubmit={(event) => {
            event.preventDefault();
            void change(
              () =>
                api.call(flows.updateFlow, {
                  params,
                  body: {
                    schedule: { frequency, ...(startAt ? { startAt: new Date(startAt).toISOString() } : {}) },
                  },
                }),
              'The schedule is saved.',
            ).then(() => setEditing(false));
          }}
          css={{
            display: 'grid',
            gap: '0 1rem',
            gridTemplateColumns: 'minmax(0, 1fr)',
            '@media (min-width: 40rem)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
          }}
        >
          <SelectField
            label="How often"
            value={frequency}
            onChange={(event) => setFrequency(event.currentTarget.value as ScheduleFrequency)}
            options={scheduleFrequencies.map((value) => ({ value, label: frequencyLabels[value] }))}
          />
          <TextField
            label="First run (optional; now when left empty)"
            type="datetime-local"
            value={startAt}
            onChange={(event) => setStartAt(event.currentTarget.value)}
          />
          <div>
            <Button type="submit" disabled={busy}>
              Save the schedule
            </Button>
          </div>
        </form>
      ) : null}
      <p css={{ margin: '0.5rem 0' }}>
        {flow.notifications
          ? 'The owner is emailed when a run finishes or fails.'
          : 'No emails are sent about its runs.'}
      </p>
      {mayUpdate ? (
        flow.notifications ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void change(
                () => api.call(flows.turnOffFlowNotifications, { params }),
                'Notifications are off for this workflow.',
              )
            }
          >
            Turn notifications off
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void change(
                () => api.call(flows.updateFlow, { params, body: { notifications: true } }),
                'Notifications are on for this workflow.',
              )
            }
          >
            Turn notifications on
          </Button>
        )
      ) : null}
    </div>
  );
}

function SharingSettings({
  flow,
  onChanged,
  navigate,
}: {
  flow: Flow;
  onChanged: (flow: Flow) => void;
  navigate: (to: string) => void;
}) {
  const members = useShareableMembers().result;
  return (
    <div>
      <PublicSharing
        name={flow.name}
        isPublic={flow.visibility === 'public'}
        meaning={sharingMessages.workflowPublicMeaning}
        publicLink={workflowPublicLink(flow.id)}
        onChange={async (makePublic) => {
          onChanged(
            await authenticatedApi().call(flows.updateFlow, {
              params: { flowId: flow.id },
              body: { visibility: makePublic ? 'public' : 'private' },
            }),
          );
        }}
      />
      {/* The same form as "Sharing options": a member picked, never an address typed (issue 36). */}
      <ShareWithMemberForm
        resource="workflow"
        resourceId={flow.id}
        name={flow.name}
        members={members.state === 'loaded' ? members.data : []}
        alreadyHaveIt={[flow.owner.email]}
      />
      <p css={{ marginBottom: 0 }}>
        <AreaLink to={routes.accountSharing.path} navigate={navigate}>
          See who has it in Sharing options
        </AreaLink>
      </p>
    </div>
  );
}
