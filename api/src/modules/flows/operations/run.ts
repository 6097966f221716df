import { randomUUID } from 'node:crypto';
import { anonymousRunDocumentsMax, errorCodes, flowRunDocumentsMax } from '@dcipher/shared/contract';
import { workflowMessages } from '@dcipher/shared/validation';
import { ApiError } from '../../../http/api-error.js';
import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { lockOrganization } from '../../people/organization-repository.js';
import { conflict, type FlowCaller, notFound, requireCalledFlow, requireFlow } from '../flow-access.js';
import type { RunSettings } from '../flow-columns.js';
import { presentRun } from '../flows-presenter.js';
import {
  findRun,
  findUnrunStarterFlow,
  insertRun,
  insertRunDocuments,
  isUniqueViolation,
  type ReservationLine,
  type StoredFlow,
  type StoredRun,
} from '../flows-repository.js';
import { workflowStoreOrganization } from '../workflow-store.js';
import { documentsFor, settingsOf } from './cost.js';
import type { FlowContext } from './flow-context.js';
import { flowQueues } from './flow-context.js';

/**
 * Starts a run: its documents are counted (feeds fetched), then in one transaction with the organization locked
 * the run row, its reservation (usage records and the wallet's debit) and its job are written.
 */
export async function startRun(
  context: FlowContext,
  flow: StoredFlow,
  options: {
    settings: RunSettings;
    origin: StoredRun['origin'];
    kind?: StoredRun['kind'];
    startedBy: string | null;
    rerunOf?: string | null;
    idempotencyKey?: string;
    scheduleSlot?: Date;
    maxDocuments?: number;
    free?: boolean;
  },
): Promise<StoredRun> {
  const { database, jobs, usage } = context;
  if (options.idempotencyKey) {
    const earlier = await findRun(database, { flowId: flow.id, idempotencyKey: options.idempotencyKey });
    if (earlier) return earlier;
  }
  const maxDocuments = Math.min(options.maxDocuments ?? flowRunDocumentsMax, flowRunDocumentsMax);
  // The documents priced are the documents analysed: chosen now and kept with the run (0091).
  const documents = await documentsFor(context, flow.organizationId, options.settings, { maxDocuments });
  const free = options.free ?? flow.organizationId === workflowStoreOrganization.id;
  const runId = randomUUID();
  let run: StoredRun;
  try {
    run = await database.transaction(async (transaction) => {
      await lockOrganization(transaction, flow.organizationId);
      if (options.idempotencyKey) {
        const earlier = await findRun(transaction, {
          flowId: flow.id,
          idempotencyKey: options.idempotencyKey,
        });
        if (earlier) return earlier;
      }
      if (await findRun(transaction, { flowId: flow.id, active: true }, { lock: true }))
        throw conflict('runInProgress');
      const reservation: ReservationLine[] = [];
      if (!free) {
        const counts = documents.counts;
        for (const [index, [usageCategory, quantity]] of counts.entries()) {
          const idempotencyKey = index === 0 ? `flow-run:${runId}` : `flow-run:${runId}:${usageCategory}`;
          const reserved = await usage.reserve(transaction, {
            organizationId: flow.organizationId,
            usageCategory,
            quantity,
            idempotencyKey,
            description: workflowMessages.runReserved(
              flow.name,
              quantity,
              usageCategory === 'News' ? 'articles' : 'posts',
            ),
          });
          reservation.push({ usageCategory, idempotencyKey, quantity, ...reserved });
        }
      }
      // Grouped by organization: at most `runsPerOrganization` of its runs execute at once (decision 0092).
      const jobId = await jobs.enqueue(
        flowQueues.run,
        { runId },
        { into: transaction, groupKey: flow.organizationId },
      );
      if (!jobId) throw new Error('the run job was not queued');
      const inserted = await insertRun(transaction, {
        id: runId,
        flowId: flow.id,
        organizationId: flow.organizationId,
        jobId,
        kind: options.kind ?? 'regular',
        origin: options.origin,
        type: flow.flowType === 'customFlow' ? 'customFlow' : 'predefinedFlow',
        settings: { ...options.settings, maxDocuments },
        startedBy: options.startedBy,
        documentsEstimated: documents.count,
        reservation,
        creditsReserved: reservation.reduce((sum, line) => sum + line.credits, 0),
        free,
        rerunOf: options.rerunOf ?? null,
        scheduleSlot: options.scheduleSlot ?? null,
        idempotencyKey: options.idempotencyKey ?? null,
      });
      await insertRunDocuments(transaction, runId, { json: documents.json, count: documents.count });
      return inserted;
    });
  } catch (error) {
    // Another request started a run of the flow (or used the key) at the same moment.
    if (isUniqueViolation(error)) {
      if (options.idempotencyKey) {
        const earlier = await findRun(database, {
          flowId: flow.id,
          idempotencyKey: options.idempotencyKey,
        });
        if (earlier) return earlier;
      }
      throw conflict('runInProgress');
    }
    throw error;
  }
  jobs.wake();
  return run;
}

/** `POST /flows/{flowId}/run`: a member who may update it, a key of its organization, or anyone when public. */
export async function runFlow(
  context: FlowContext,
  caller: FlowCaller,
  flowId: string,
  body: { kind?: StoredRun['kind']; idempotencyKey?: string },
) {
  const { database } = context;
  const flow = await requireCalledFlow(database, caller, flowId, 'update');
  const run = await startRun(context, flow, {
    settings: settingsOf(flow),
    origin: caller.kind === 'user' && !caller.apiKeyId ? 'Platform' : 'API',
    ...(body.kind && { kind: body.kind }),
    startedBy: caller.kind === 'user' ? caller.id : null,
    ...(body.idempotencyKey && { idempotencyKey: body.idempotencyKey }),
    ...(caller.kind === 'anonymous' && { maxDocuments: anonymousRunDocumentsMax }),
  }).catch((error: unknown) => {
    // The wallet of the flow's organization is its members' business, not an anonymous caller's (0093).
    if (
      caller.kind === 'anonymous' &&
      error instanceof ApiError &&
      error.code === errorCodes.insufficientCredits
    ) {
      throw conflict('cannotRunNow');
    }
    throw error;
  });
  return await presentRun(database, run);
}

export async function rerunFlow(
  context: FlowContext,
  caller: AuthenticatedUser,
  flowId: string,
  runId: string,
) {
  const { database } = context;
  const { flow } = await requireFlow(database, caller, flowId, 'update');
  const earlier = await findRun(database, { flowId: flow.id, id: runId });
  if (!earlier) throw notFound('run');
  const { maxDocuments, ...settings } = earlier.settings;
  const run = await startRun(context, flow, {
    settings,
    maxDocuments,
    origin: caller.apiKeyId ? 'API' : 'Platform',
    kind: earlier.kind,
    startedBy: caller.id,
    rerunOf: earlier.id,
  });
  return await presentRun(database, run);
}

/**
 * The first confirmation of a sign-up from the store's "Try it": the workflow it chose runs on its sample at once,
 * so its page opens on the run under way (issue 36 point 2, docs/decisions/0127). Counted in the trial's quota like
 * a run started by hand; one run only (the key is the flow's). Answers the flow's id, run or not: a run refused (the
 * quota spent) leaves the workflow waiting on its page with Run, as before, and is logged.
 */
export async function startSignupSampleRun(
  context: FlowContext,
  userId: string,
): Promise<{ flowId: string } | undefined> {
  const flow = await findUnrunStarterFlow(context.database, userId);
  if (!flow) return undefined;
  try {
    await startRun(context, flow, {
      settings: settingsOf(flow),
      origin: 'Platform',
      startedBy: userId,
      idempotencyKey: `signup-sample:${flow.id}`,
    });
  } catch (error) {
    context.log.warn({ err: error, flowId: flow.id }, 'the sample run of a store sign-up did not start');
  }
  return { flowId: flow.id };
}
