import type { RunFailureReason, RunInsights } from '@dcipher/shared/contract';
import { workflowMessages } from '@dcipher/shared/validation';
import { lockOrganization } from '../../people/organization-repository.js';
import {
  deleteRunDocuments,
  findFlow,
  findRun,
  findRunsOfDeadJobs,
  insertRunFiles,
  markRunEnded,
  type StoredRun,
} from '../flows-repository.js';
import type { FlowContext } from './flow-context.js';
import { notifyOwner } from './notify-owner.js';

/**
 * Ends a run in one transaction with its organization locked, only while it is still pending or running (under
 * `jobId` when given): its files, its settlement (what was analysed is charged, the rest given back) and its
 * state. False when it had ended already.
 */
export async function endRun(
  context: FlowContext,
  runId: string,
  ending: {
    jobId?: string;
    state: 'JobDone' | 'JobError' | 'JobCancelled';
    documentsAnalysed: number | null;
    /** Stored as the run's `error` column: a catalogued reason, never an exception's text (issue 32). */
    error: RunFailureReason | null;
    insights: RunInsights | null;
    files?: readonly { name: string; mediaType: string; content: string }[];
  },
): Promise<StoredRun | undefined> {
  const { database, jobs, usage, runEndedListeners } = context;
  const run = await findRun(database, { id: runId });
  if (!run) return undefined;
  const ended = await database.transaction(async (transaction) => {
    await lockOrganization(transaction, run.organizationId);
    const current = await findRun(transaction, { id: runId }, { lock: true });
    const from: StoredRun['state'][] =
      ending.state === 'JobDone' ? ['JobRunning'] : ['JobPending', 'JobRunning'];
    if (!current || !from.includes(current.state)) return undefined;
    if (ending.jobId !== undefined && current.jobId !== ending.jobId) return undefined;
    const used = ending.documentsAnalysed ?? 0;
    let charged = 0;
    let left = used;
    for (const [index, line] of current.reservation.entries()) {
      // What was analysed is shared among the categories in proportion to what each reserved.
      const share =
        index === current.reservation.length - 1
          ? left
          : Math.round((used * line.quantity) / Math.max(1, current.documentsEstimated));
      left -= share;
      charged += await usage.settleReservation(transaction, {
        organizationId: current.organizationId,
        usageCategory: line.usageCategory,
        idempotencyKey: line.idempotencyKey,
        reserved: line,
        used: share,
        description: workflowMessages.runSettled(
          line.credits,
          line.quantity - Math.min(line.quantity, share),
        ),
      });
    }
    if (ending.files) await insertRunFiles(transaction, runId, ending.files);
    await deleteRunDocuments(transaction, runId);
    await markRunEnded(transaction, runId, {
      ...(ending.jobId !== undefined && { jobId: ending.jobId }),
      from,
      state: ending.state,
      documentsAnalysed: ending.documentsAnalysed,
      creditsCharged: charged,
      error: ending.error,
      insights: ending.insights,
    });
    const settled = await findRun(transaction, { id: runId });
    if (settled && runEndedListeners.any) {
      const flow = await findFlow(transaction, { id: settled.flowId });
      await runEndedListeners.tell(transaction, {
        id: settled.id,
        flowId: settled.flowId,
        flowName: flow?.name ?? '',
        organizationId: settled.organizationId,
        number: settled.number,
        state: ending.state,
        documentsAnalysed: settled.documentsAnalysed,
        creditsCharged: settled.creditsCharged,
        error: settled.error,
        startedAt: settled.startedAt,
        finishedAt: settled.finishedAt,
      });
    }
    return settled;
  });
  // What a listener queued (a webhook delivery) starts now rather than at the next poll.
  if (ended && runEndedListeners.any) jobs.wake();
  return ended;
}

/**
 * The `flows.run` job is dead (its last try failed, or its worker was killed during every try): the run ends as
 * failed and its reservation comes back whole. `endRun` does it once, under the organization's lock and only
 * while the run is still pending or running under this job, so a second call (another process, the sweep)
 * changes nothing.
 */
export async function endDeadRun(
  context: FlowContext,
  payload: { runId: string },
  job: { id: string },
): Promise<boolean> {
  const ended = await endRun(context, payload.runId, {
    jobId: job.id,
    state: 'JobError',
    documentsAnalysed: null,
    error: 'runIncomplete',
    insights: null,
  });
  if (ended) await notifyOwner(context, ended);
  return ended !== undefined;
}

/** Ends every run still pending or running whose job is dead or gone (left from before the jobs' `onDead`). */
export async function endDeadRuns(context: FlowContext): Promise<number> {
  const { database } = context;
  let ended = 0;
  for (const run of await findRunsOfDeadJobs(database)) {
    if (await endDeadRun(context, { runId: run.id }, { id: run.jobId })) ended += 1;
  }
  return ended;
}
