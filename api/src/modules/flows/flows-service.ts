import { createHash, randomUUID } from 'node:crypto';
import {
  anonymousRunDocumentsMax,
  type CreateFlowInput,
  errorCodes,
  type Flow,
  type FlowCost,
  type FlowDataSource,
  type FlowFilter,
  type FlowInput,
  flowRunDocumentsMax,
  type LastRun,
  type RunDocumentsQuery,
  type RunFailureReason,
  type RunInsights,
  runFailureMessage,
  type StoreEntry,
  type UpdateFlowInput,
} from '@dcipher/shared/contract';
import {
  findPredefinedWorkflow,
  type PermissionAction,
  predefinedWorkflows,
  type ResourceGrant,
  workflowInputKeys,
} from '@dcipher/shared/domain';
import { headlineFinding } from '@dcipher/shared/insights/headline';
import { workflowMessages } from '@dcipher/shared/validation';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Database, Queryable } from '../../db/database.js';
import { AnalysisAbortedError, type AnalysisExecutor, type WorkerTaskLimits } from '../../engine/index.js';
import { ApiError, ForbiddenError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { backgroundQueues } from '../../jobs/background-jobs.js';
import type { Jobs } from '../../jobs/jobs.js';
import { recordActivity } from '../activity-log/activity-log.js';
import { creditBalance } from '../credits/credit-repository.js';
import { ensureOrganization, lockOrganization } from '../people/organization-repository.js';
import { findNamedMembers } from '../people/resource-people.js';
import { findUserByEmail, insertUser } from '../people/user-repository.js';
import { rolesAllowing } from '../roles/resource-access.js';
import { setPublicRole } from '../roles/roles-repository.js';
import type { UsageService } from '../usage/usage-service.js';
import {
  allowsOnFlow,
  conflict,
  type FlowCaller,
  notFound,
  requireCalledFlow,
  requireFlow,
} from './flow-access.js';
import type { PricedDocument, RunSettings } from './flow-columns.js';
import { insightsOf } from './flow-insights.js';
import { engineOptions, readSources, sampleDocuments } from './flow-sources.js';
import { createUploadOperations } from './flow-uploads.js';
import { presentFlows, presentRun, presentRuns } from './flows-presenter.js';
import {
  advanceNextRun,
  countFlowsOfType,
  deleteFlowResource,
  deleteRunDocuments,
  type FlowColumns,
  findDueFlows,
  findFlow,
  findFlowsPage,
  findRun,
  findRunDocuments,
  findRunFile,
  findRunsOfDeadJobs,
  findUpload,
  flowNameTaken,
  insertRun,
  insertRunDocuments,
  insertRunFiles,
  insertRunResultDocuments,
  isUniqueViolation,
  listRuns,
  markRunEnded,
  markRunStarted,
  type ReservationLine,
  renameFlowResource,
  type StoredFlow,
  type StoredRun,
  updateFlowColumns,
  updateRunProgress,
} from './flows-repository.js';
import {
  checkInput,
  createStarterFlow,
  insertFlowWithResource,
  invalid,
  predefinedInputs,
  starterColumns,
} from './flows-starter.js';
import { type DocumentSelection, selectRunDocuments } from './run-documents.js';
import { createRunEndedListeners } from './run-ended-listeners.js';
import { keptDocumentsOf, runDocumentsPage } from './run-result-documents.js';
import { nextSlot } from './schedule-slots.js';
import { defaultUploadLimits } from './upload-reading.js';

export const flowQueues = {
  run: backgroundQueues.flowsRun,
  scheduleDue: backgroundQueues.flowsScheduleDue,
} as const;

/** The system organization that owns the store's public samples (one per database; nobody signs in to it). */
export const workflowStoreOrganization = {
  id: '00000000-0000-4000-8000-0000000f1035',
  name: 'Dcipher workflow store',
  ownerEmail: 'workflow-store@system.dcipher.invalid',
} as const;

/** The store's sample flow of a catalogue entry: a fixed id derived from the entry's, the same in every process. */
export function storeFlowId(predefinedFlowId: string): string {
  const hex = createHash('sha256').update(`dcipher-workflow-store:${predefinedFlowId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Why a run's documents could not be loaded, from what `loadDocuments` threw. */
function sourceFailureReason(error: unknown): RunFailureReason {
  if (!(error instanceof ApiError)) return 'sourcesUnreadable';
  const reason = (error.params as { reason?: string } | undefined)?.reason;
  if (error.code === errorCodes.sourceUnreachable) {
    if (reason === 'blocked') return 'sourceBlocked';
    if (reason === 'notFeed') return 'sourceNotFeed';
    return 'sourceUnreachable';
  }
  if (error.code === errorCodes.notFound && reason === 'upload') return 'uploadMissing';
  return 'sourcesUnreadable';
}

/** A public flow's anonymous run: started through the API by nobody (docs/decisions/0093). */
const isAnonymousRun = (run: Pick<StoredRun, 'origin' | 'startedBy'>) =>
  run.origin === 'API' && run.startedBy === null;

export interface FlowServiceDependencies {
  database: Database;
  jobs: Jobs;
  mailer: Mailer;
  usage: UsageService;
  executor: AnalysisExecutor;
  fetcher: typeof fetch;
  webUrl: string;
  uploadMaxBytes: number;
  /** How long one feed or page may take to fetch, headers and body (docs/decisions/0094). */
  sourceTimeoutMs?: number;
  /** How long and how much heap reading one uploaded file may take in its worker (docs/decisions/0090). */
  fileParseLimits?: WorkerTaskLimits;
  /** PostgreSQL's address, for workers to read uploads' documents with connections of their own; none on PGlite. */
  workerDatabaseUrl?: string;
  log: {
    info(details: object, text: string): void;
    warn(details: object, text: string): void;
    error(details: object, text: string): void;
  };
}

export function createFlowService({
  database,
  jobs,
  mailer,
  usage,
  executor,
  fetcher,
  webUrl,
  uploadMaxBytes,
  sourceTimeoutMs = 15_000,
  fileParseLimits = defaultUploadLimits,
  workerDatabaseUrl,
  log,
}: FlowServiceDependencies) {
  /** Runs executing in this process, to stop when their flow is deleted. */
  const running = new Map<string, AbortController>();
  /** Modules told of each run's end, in the transaction that ends it (webhooks; docs/decisions/0111). */
  const runEndedListeners = createRunEndedListeners();
  /** Uploads: streamed in, listed with what uses them, deleted (docs/decisions/0114). */
  const uploads = createUploadOperations({
    database,
    usage,
    uploadMaxBytes,
    fileParseLimits,
    ...(workerDatabaseUrl && { workerDatabaseUrl }),
  });

  const may = (caller: AuthenticatedUser) => (action: PermissionAction, role: ResourceGrant | null) =>
    allowsOnFlow(caller, action, role);

  async function flowOut(
    queryable: Queryable,
    caller: AuthenticatedUser,
    flow: StoredFlow,
    resourceRole: ResourceGrant | undefined,
  ): Promise<Flow> {
    const [out] = await presentFlows(
      queryable,
      flow.organizationId,
      [{ ...flow, resourceRole: resourceRole ?? null }],
      may(caller),
    );
    return out!;
  }

  async function checkDataSources(
    queryable: Queryable,
    organizationId: string,
    sources: readonly FlowDataSource[],
  ) {
    for (const source of sources) {
      if (source.kind === 'uploaded' && !(await findUpload(queryable, organizationId, source.uploadId))) {
        throw notFound('upload');
      }
    }
    // Stored without what the API fills in from the upload or the catalogue.
    return sources.map((source) =>
      source.kind === 'uploaded'
        ? { kind: source.kind, group: source.group, uploadId: source.uploadId }
        : source.kind === 'starter'
          ? { kind: source.kind, group: source.group, sampleId: source.sampleId }
          : source,
    );
  }

  function scheduleColumns(schedule: CreateFlowInput['schedule'], now = new Date()) {
    if (!schedule) return { scheduleFrequency: null, scheduleStartAt: null, nextRunAt: null };
    const startAt = schedule.startAt ? new Date(schedule.startAt) : now;
    return {
      scheduleFrequency: schedule.frequency,
      scheduleStartAt: startAt,
      nextRunAt: nextSlot(startAt, schedule.frequency, now),
    };
  }

  // Prices and runs.

  /**
   * The documents a run of these settings analyses (docs/decisions/0091): the sources read here (each upload once,
   * feeds and pages fetched), chosen in a worker when there is much to read. Their count by usage category is the
   * price; the documents themselves (unless `countsOnly`) are kept with the run.
   */
  async function documentsFor(
    organizationId: string,
    settings: RunSettings,
    {
      maxDocuments,
      signal,
      countsOnly = false,
    }: { maxDocuments: number; signal?: AbortSignal; countsOnly?: boolean },
  ): Promise<DocumentSelection> {
    // On PostgreSQL a worker reads the uploads' documents through a connection of its own: megabytes of JSON never
    // cross this thread (on PGlite, in this process, they are read here).
    const texts = await readSources(database, {
      organizationId,
      dataSources: settings.dataSources,
      fetcher,
      timeoutMs: sourceTimeoutMs,
      ...(signal && { signal }),
      leaveUploads: workerDatabaseUrl !== undefined,
    });
    return selectRunDocuments({
      ...(workerDatabaseUrl && { databaseUrl: workerDatabaseUrl }),
      settings,
      maxDocuments,
      now: Date.now(),
      texts,
      countsOnly,
    });
  }

  /**
   * A price without reading any document, when the sources are uploads and samples and nothing but the article
   * limit narrows them: their counts are known (kept at upload). Undefined when the documents must be read.
   */
  async function countsWithoutReading(
    organizationId: string,
    settings: RunSettings,
    maxDocuments: number,
  ): Promise<DocumentSelection | undefined> {
    const focus = settings.inputs.find((input) => input.key === workflowInputKeys.focusTerms)?.value;
    if (typeof focus === 'string' && focus.trim() !== '') return undefined;
    if (
      settings.filters.some(
        (filter) => filter.kind === 'dateRelative' || (filter.kind === 'sources' && filter.value.length > 0),
      )
    ) {
      return undefined;
    }
    let total = 0;
    for (const source of settings.dataSources) {
      if (source.kind === 'uploaded') {
        const upload = await findUpload(database, organizationId, source.uploadId);
        if (!upload) throw notFound('upload');
        total += upload.documentCount;
      } else if (source.kind === 'starter') {
        const sample = predefinedWorkflows.find((workflow) => workflow.sample.id === source.sampleId)?.sample;
        if (!sample) throw notFound('upload');
        total += sample.documents;
      } else return undefined;
    }
    const count = Math.min(total, engineOptions(settings, { maxDocuments }).articleLimit);
    return { count, counts: count > 0 ? [['SocialMedia', count]] : [], json: new Uint8Array() };
  }

  async function costOf(
    queryable: Queryable,
    organizationId: string,
    selection: DocumentSelection,
  ): Promise<FlowCost> {
    const lines: FlowCost['lines'] = [];
    for (const [usageCategory, quantity] of selection.counts) {
      const quote = await usage.quote(queryable, organizationId, usageCategory, quantity);
      lines.push({
        usageCategory,
        quantity,
        unit: usageCategory === 'News' ? 'articles' : 'posts',
        includedRemaining: quote.includedRemaining,
        payable: quote.payable,
        credits: quote.credits,
      });
    }
    const creditsNeeded = lines.reduce((sum, line) => sum + line.credits, 0);
    const balance = await creditBalance(queryable, organizationId);
    const allowed = creditsNeeded <= balance;
    return {
      documents: selection.count,
      lines,
      creditsNeeded,
      balance,
      allowed,
      ...(!allowed && {
        reason: `This needs ${creditsNeeded} credits and your wallet has ${balance}. Buy credits to go on.`,
      }),
    };
  }

  const settingsOf = (flow: StoredFlow): RunSettings => ({
    analysisType: flow.analysisType,
    trendMetric: flow.trendMetric,
    creativityLevel: flow.creativityLevel,
    inputs: flow.inputs,
    dataSources: flow.dataSources,
    filters: flow.filters,
  });

  /**
   * Starts a run: its documents are counted (feeds fetched), then in one transaction with the organization locked
   * the run row, its reservation (usage records and the wallet's debit) and its job are written.
   */
  async function startRun(
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
    if (options.idempotencyKey) {
      const earlier = await findRun(database, { flowId: flow.id, idempotencyKey: options.idempotencyKey });
      if (earlier) return earlier;
    }
    const maxDocuments = Math.min(options.maxDocuments ?? flowRunDocumentsMax, flowRunDocumentsMax);
    // The documents priced are the documents analysed: chosen now and kept with the run (0091).
    const documents = await documentsFor(flow.organizationId, options.settings, { maxDocuments });
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
              description: `Workflow run: ${flow.name} (${quantity.toLocaleString('en-GB')} ${usageCategory === 'News' ? 'articles' : 'posts'})`,
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

  /**
   * Ends a run in one transaction with its organization locked, only while it is still pending or running (under
   * `jobId` when given): its files, its settlement (what was analysed is charged, the rest given back) and its
   * state. False when it had ended already.
   */
  async function endRun(
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
          description: `Workflow run settled: ${line.credits} credits reserved, ${line.quantity - Math.min(line.quantity, share)} documents not analysed`,
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

  async function notifyOwner(run: StoredRun): Promise<void> {
    // Anonymous runs of a public flow are the owner's to look at in its runs, not one email each (decision 0093).
    if (isAnonymousRun(run)) return;
    const flow = await findFlow(database, { id: run.flowId });
    if (!flow?.notifications || flow.organizationId === workflowStoreOrganization.id) return;
    const [owner] = await findNamedMembers(database, flow.organizationId, [flow.ownerUserId]);
    if (!owner) return;
    const done = run.state === 'JobDone';
    const heading = done
      ? `Your workflow "${flow.name}" has finished`
      : `Your workflow "${flow.name}" failed`;
    const text = done
      ? `Run ${run.number} analysed ${run.documentsAnalysed ?? 0} documents. Open the workflow to see what it found.`
      : `Run ${run.number} could not finish: ${runFailureMessage(run.error)} Nothing was charged for it.`;
    // The run's headline finding, as the result view opens with it (issue 34 point 7).
    const headline = done && run.insights ? headlineFinding(run.insights) : null;
    try {
      await mailer.send({
        to: owner.email,
        subject: heading,
        tag: done ? 'workflow-run-finished' : 'workflow-run-failed',
        ...renderEmailLayout({
          preheader: headline ?? text,
          heading,
          paragraphs: headline ? [headline, text] : [text],
          action: { label: 'Open the workflow', url: `${webUrl}/workflows/${flow.id}` },
          footer:
            'You received this email because you own this workflow. Turn these emails off on the workflow.',
        }),
      });
    } catch (error) {
      log.warn({ err: error, runId: run.id }, 'the workflow run email could not be queued');
    }
  }

  /** The `flows.run` job: executes the run's settings with the engine and ends it once. */
  async function executeRun(
    payload: { runId: string },
    context: {
      job: { id: string; attempts: number; maxAttempts: number };
      signal: AbortSignal;
      heartbeat(): Promise<void>;
    },
  ) {
    const run = await findRun(database, { id: payload.runId });
    if (!run || run.jobId !== context.job.id) return;
    if (run.state !== 'JobPending' && run.state !== 'JobRunning') return;
    if (!(await markRunStarted(database, run.id, context.job.id))) return;
    const controller = new AbortController();
    const signal = AbortSignal.any([context.signal, controller.signal]);
    running.set(run.id, controller);
    const { settings } = run;
    let ended: StoredRun | undefined;
    try {
      let documents: PricedDocument[];
      try {
        // What was priced at start, never more (0091); a run started before they were kept reads its sources
        // again, cut at what was priced.
        const kept = await findRunDocuments(database, run.id);
        documents = (
          kept ??
          (JSON.parse(
            Buffer.from(
              (
                await documentsFor(run.organizationId, settings, {
                  maxDocuments: settings.maxDocuments,
                  signal,
                })
              ).json,
            ).toString('utf8'),
          ) as PricedDocument[])
        ).slice(0, run.documentsEstimated);
      } catch (error) {
        if (signal.aborted) throw error;
        const reason = sourceFailureReason(error);
        if (reason === 'sourcesUnreadable') {
          log.error({ err: error, runId: run.id }, 'the data sources of a workflow run could not be read');
        }
        ended = await endRun(run.id, {
          jobId: context.job.id,
          state: 'JobError',
          documentsAnalysed: null,
          error: reason,
          insights: null,
        });
        return;
      }
      let lastWrite = 0;
      let writing: Promise<void> = Promise.resolve();
      const options = engineOptions(settings, { maxDocuments: settings.maxDocuments });
      let outcome: Awaited<ReturnType<AnalysisExecutor['execute']>>;
      try {
        outcome = await executor.execute(
          {
            analysisType: settings.analysisType,
            trendMetric: options.trendMetric,
            period: options.period,
            creativityLevel: settings.creativityLevel,
            articleLimit: options.articleLimit,
            ...(options.language && { language: options.language }),
            documents: documents.map(({ usageCategory: _category, ...document }) => document),
          },
          {
            signal,
            onDocumentError: (document, error) =>
              log.warn(
                { err: error, runId: run.id, documentId: document.id, row: document.row },
                'a document of a workflow run could not be read: it is left out',
              ),
            onProgress: (progress) => {
              const now = Date.now();
              if (now - lastWrite < 500) return;
              lastWrite = now;
              writing = writing
                .then(async () => {
                  // Cancelled (its flow deleted) or taken over in another process: the engine stops.
                  if (!(await updateRunProgress(database, run.id, context.job.id, progress))) {
                    controller.abort(new Error('the run is no longer running'));
                    return;
                  }
                  await context.heartbeat();
                })
                .catch(() => {});
            },
          },
        );
      } catch (error) {
        await writing;
        if (signal.aborted || error instanceof AnalysisAbortedError) throw error;
        // The exception's text is for the log, with the run's id; the run records a catalogued reason.
        log.error({ err: error, runId: run.id }, 'the analysis of a workflow run failed');
        ended = await endRun(run.id, {
          jobId: context.job.id,
          state: 'JobError',
          documentsAnalysed: null,
          error: 'analysisFailed',
          insights: null,
        });
        return;
      }
      await writing;
      if (signal.aborted) throw new AnalysisAbortedError(signal.reason);
      // The documents behind its figures, kept before the run is seen as done (issue 34, decision 0104).
      if (outcome.documentIndex) {
        await insertRunResultDocuments(database, run.id, keptDocumentsOf(outcome.documentIndex, documents));
      }
      ended = await endRun(run.id, {
        jobId: context.job.id,
        state: 'JobDone',
        documentsAnalysed: outcome.result.documents.analysed,
        error: null,
        insights: insightsOf(outcome.result),
        files: outcome.files,
      });
    } catch (error) {
      // The last try of an unexpected failure (the database, not the analysis) ends the run, refunded, instead of
      // leaving it running; earlier tries are retried by the jobs module.
      if (!signal.aborted && context.job.attempts >= context.job.maxAttempts) {
        ended = await endRun(run.id, {
          jobId: context.job.id,
          state: 'JobError',
          documentsAnalysed: null,
          error: 'runIncomplete',
          insights: null,
        }).catch(() => undefined);
      }
      throw error;
    } finally {
      running.delete(run.id);
      if (ended) await notifyOwner(ended);
    }
  }

  /**
   * The `flows.run` job is dead (its last try failed, or its worker was killed during every try): the run ends as
   * failed and its reservation comes back whole. `endRun` does it once, under the organization's lock and only
   * while the run is still pending or running under this job, so a second call (another process, the sweep)
   * changes nothing.
   */
  async function endDeadRun(payload: { runId: string }, job: { id: string }): Promise<boolean> {
    const ended = await endRun(payload.runId, {
      jobId: job.id,
      state: 'JobError',
      documentsAnalysed: null,
      error: 'runIncomplete',
      insights: null,
    });
    if (ended) await notifyOwner(ended);
    return ended !== undefined;
  }

  /** Ends every run still pending or running whose job is dead or gone (left from before the jobs' `onDead`). */
  async function endDeadRuns(): Promise<number> {
    let ended = 0;
    for (const run of await findRunsOfDeadJobs(database)) {
      if (await endDeadRun({ runId: run.id }, { id: run.jobId })) ended += 1;
    }
    return ended;
  }

  /** The `flows.schedule-due` job: a run for each flow whose slot is due, once per slot whatever the processes. */
  async function runDueSchedules(now = new Date()): Promise<number> {
    let started = 0;
    for (const flow of await findDueFlows(database, now)) {
      const slot = flow.nextRunAt && new Date(flow.nextRunAt);
      if (!slot || !flow.scheduleFrequency || !flow.scheduleStartAt) continue;
      const next = nextSlot(new Date(flow.scheduleStartAt), flow.scheduleFrequency, now, true);
      if (!(await advanceNextRun(database, flow.id, slot, next))) continue;
      try {
        await startRun(flow, {
          settings: settingsOf(flow),
          origin: 'Scheduler',
          startedBy: null,
          scheduleSlot: slot,
        });
        started += 1;
      } catch (error) {
        log.warn(
          { flowId: flow.id, code: (error as { code?: string }).code },
          'a scheduled workflow run could not start',
        );
      }
    }
    return started;
  }

  /** The store's organization, its owner and one public sample flow per catalogue entry, each run once. */
  async function ensureStore(): Promise<void> {
    await ensureOrganization(database, {
      id: workflowStoreOrganization.id,
      name: workflowStoreOrganization.name,
      customerType: 'Business',
    });
    // No password and no verified address: nobody signs in as the store.
    await insertUser(database, {
      email: workflowStoreOrganization.ownerEmail,
      firstName: 'Dcipher',
      lastName: 'workflow store',
      passwordHash: null,
      status: 'Active',
      organizationId: workflowStoreOrganization.id,
      role: 'admin',
    });
    const owner = await findUserByEmail(database, workflowStoreOrganization.ownerEmail);
    if (!owner || owner.organizationId !== workflowStoreOrganization.id) return;
    for (const workflow of predefinedWorkflows) {
      const id = storeFlowId(workflow.id);
      await database.transaction(async (transaction) => {
        if (await findFlow(transaction, { id })) return;
        await insertFlowWithResource(transaction, {
          id,
          name: workflow.name,
          organizationId: workflowStoreOrganization.id,
          ownerUserId: owner.id,
          ...starterColumns(workflow.id),
          visibility: 'public',
        });
      });
      const flow = await findFlow(database, { id });
      // Run until one has finished; one pending or running already makes this a conflict, which is fine.
      if (!flow || (await findRun(database, { flowId: id, latest: true, state: 'JobDone' }))) continue;
      try {
        await startRun(flow, { settings: settingsOf(flow), origin: 'Platform', startedBy: null, free: true });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    }
  }

  return {
    ...uploads,
    /** Tells `listener` of every run's end, in the transaction that ends it (docs/decisions/0111). */
    onRunEnded: runEndedListeners.add,
    executeRun,
    endDeadRun,
    endDeadRuns,
    runDueSchedules,
    ensureStore,
    createStarterFlow,

    /** `GET /flows`: one page, in a number of statements that does not grow with the page (0120). */
    async list(
      caller: AuthenticatedUser,
      query: {
        flowType?: Flow['flowType'];
        permissionAction?: PermissionAction;
        page: number;
        pageSize: number;
      },
    ) {
      const action = query.permissionAction ?? 'read';
      const { flows, total } = await findFlowsPage(database, {
        organizationId: caller.organizationId,
        callerId: caller.id,
        flowType: query.flowType,
        // The policy's rule, applied in SQL: the roles on a flow that let the caller read it and do `action`.
        roles: rolesAllowing(caller, 'workflow', ['read', action]),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      // The rule createFlow applies: every custom workflow of the organization counts, whatever its runs did.
      const { customWorkflows: limit } = await usage.planLimits(database, caller.organizationId);
      const used = await countFlowsOfType(database, caller.organizationId, 'customFlow');
      return {
        flows: await presentFlows(database, caller.organizationId, flows, may(caller)),
        customWorkflows: { used, limit: Number.isFinite(limit) ? limit : null },
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(caller: AuthenticatedUser, flowId: string) {
      const { flow, resourceRole } = await requireFlow(database, caller, flowId, 'read');
      return flowOut(database, caller, flow, resourceRole);
    },

    async validateName(caller: AuthenticatedUser, body: { name: string; flowId?: string }) {
      const taken = await flowNameTaken(database, caller.organizationId, body.name, body.flowId);
      return taken
        ? { result: 'file-name-exists' as const, message: workflowMessages.nameTaken }
        : { result: 'file-name-valid' as const, message: null };
    },

    async create(caller: AuthenticatedUser, input: CreateFlowInput) {
      if (input.flowType === 'studio' || input.flowType === 'insightBooster') {
        throw invalid('flowType', workflowMessages.typeNotCreatedHere);
      }
      let inputs: FlowInput[];
      if (input.flowType === 'predefinedFlow') {
        if (!input.predefinedFlowId) throw invalid('predefinedFlowId', workflowMessages.predefinedRequired);
        inputs = predefinedInputs(input.predefinedFlowId, input.inputs as FlowInput[] | undefined);
      } else {
        inputs = (input.inputs ?? []) as FlowInput[];
        for (const entry of inputs) checkInput(entry);
      }
      const workflow = input.predefinedFlowId ? findPredefinedWorkflow(input.predefinedFlowId) : undefined;
      try {
        const id = await database.transaction(async (transaction) => {
          await lockOrganization(transaction, caller.organizationId);
          if (await flowNameTaken(transaction, caller.organizationId, input.name)) {
            throw new ApiError(errorCodes.flowNameTaken);
          }
          if (input.flowType === 'customFlow') {
            const { customWorkflows } = await usage.planLimits(transaction, caller.organizationId);
            if (
              (await countFlowsOfType(transaction, caller.organizationId, 'customFlow')) >= customWorkflows
            ) {
              throw new ApiError(errorCodes.flowQuotaReached, { params: { limit: customWorkflows } });
            }
          }
          const dataSources = await checkDataSources(
            transaction,
            caller.organizationId,
            input.dataSources as FlowDataSource[],
          );
          return insertFlowWithResource(transaction, {
            name: input.name,
            organizationId: caller.organizationId,
            ownerUserId: caller.id,
            flowType: input.flowType as 'predefinedFlow' | 'customFlow',
            predefinedFlowId: workflow?.id ?? null,
            description: input.description ?? null,
            analysisType: input.analysisType,
            trendMetric: input.trendMetric ?? workflow?.trendMetric ?? 'momentum',
            creativityLevel: input.creativityLevel ?? workflow?.creativityLevel ?? 'Balanced',
            inputs,
            dataSources,
            filters: input.filters ?? [],
            ...scheduleColumns(input.schedule),
            paused: false,
            notifications: input.notifications ?? true,
            visibility: input.visibility ?? 'private',
          });
        });
        return this.get(caller, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(errorCodes.flowNameTaken);
        throw error;
      }
    },

    async update(caller: AuthenticatedUser, flowId: string, input: UpdateFlowInput) {
      try {
        await database.transaction(async (transaction) => {
          // Names are checked with the organization locked: two renames cannot both take one name.
          await lockOrganization(transaction, caller.organizationId);
          const { flow, resourceRole } = await requireFlow(transaction, caller, flowId, 'update', {
            lock: true,
          });
          if (input.name !== undefined && input.name !== flow.name) {
            if (await flowNameTaken(transaction, caller.organizationId, input.name, flow.id)) {
              throw new ApiError(errorCodes.flowNameTaken);
            }
            await renameFlowResource(transaction, flow.id, input.name);
          }
          const changes: Partial<FlowColumns> = {};
          if (input.description !== undefined) changes.description = input.description ?? null;
          if (input.analysisType !== undefined) changes.analysisType = input.analysisType;
          if (input.trendMetric !== undefined) changes.trendMetric = input.trendMetric;
          if (input.creativityLevel !== undefined) changes.creativityLevel = input.creativityLevel;
          if (input.inputs !== undefined) {
            if (flow.predefinedFlowId)
              changes.inputs = predefinedInputs(flow.predefinedFlowId, input.inputs as FlowInput[]);
            else {
              for (const entry of input.inputs as FlowInput[]) checkInput(entry);
              changes.inputs = input.inputs;
            }
          }
          if (input.dataSources !== undefined) {
            changes.dataSources = await checkDataSources(
              transaction,
              caller.organizationId,
              input.dataSources as FlowDataSource[],
            );
          }
          if (input.filters !== undefined) changes.filters = input.filters;
          if (input.notifications !== undefined) changes.notifications = input.notifications;
          if (input.schedule !== undefined) {
            Object.assign(changes, scheduleColumns(input.schedule));
            changes.paused = false;
          }
          if (input.visibility !== undefined && input.visibility !== flow.visibility) {
            // Visibility is the sharing API's: its rule (grant, owners and admins) and its one source of truth,
            // the resource's public role (docs/decisions/0094).
            if (!allowsOnFlow(caller, 'grant', resourceRole)) {
              throw new ForbiddenError({ reason: 'resourcePermission', action: 'grant' });
            }
            const isPublic = input.visibility === 'public';
            await setPublicRole(transaction, flow.id, isPublic ? 'viewer' : null);
            await recordActivity(transaction, {
              organizationId: caller.organizationId,
              actor: { userId: caller.id },
              action: 'role.updated',
              subject: input.name ?? flow.name,
              details: { public: isPublic },
            });
          }
          await updateFlowColumns(transaction, flow.id, changes);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(errorCodes.flowNameTaken);
        throw error;
      }
      return this.get(caller, flowId);
    },

    /** Deletes the flow; a pending or running run is cancelled first and refunded whole. */
    async delete(caller: AuthenticatedUser, flowId: string) {
      const { flow } = await requireFlow(database, caller, flowId, 'delete');
      const active = await findRun(database, { flowId: flow.id, active: true }, { lock: true });
      if (active) {
        await endRun(active.id, {
          state: 'JobCancelled',
          documentsAnalysed: null,
          error: 'flowDeleted',
          insights: null,
        });
        running.get(active.id)?.abort(new Error('the workflow was deleted'));
      }
      await database.transaction(async (transaction) => {
        await requireFlow(transaction, caller, flowId, 'delete', { lock: true });
        const again = await findRun(transaction, { flowId: flow.id, active: true }, { lock: true });
        if (again) throw conflict('runInProgress');
        await deleteFlowResource(transaction, flow.id);
      });
      return { deleted: true as const };
    },

    async setPaused(caller: AuthenticatedUser, flowId: string, paused: boolean) {
      await database.transaction(async (transaction) => {
        const { flow } = await requireFlow(transaction, caller, flowId, 'update', { lock: true });
        if (!flow.scheduleFrequency || !flow.scheduleStartAt) throw conflict('notScheduled');
        if (paused && flow.paused) throw conflict('alreadyPaused');
        if (!paused && !flow.paused) throw conflict('notPaused');
        await updateFlowColumns(transaction, flow.id, {
          paused,
          nextRunAt: paused
            ? null
            : nextSlot(new Date(flow.scheduleStartAt), flow.scheduleFrequency, new Date(), true),
        });
      });
      return this.get(caller, flowId);
    },

    async turnOffNotifications(caller: AuthenticatedUser, flowId: string) {
      const { flow } = await requireFlow(database, caller, flowId, 'update');
      await updateFlowColumns(database, flow.id, { notifications: false });
      return this.get(caller, flowId);
    },

    async calculateCost(
      caller: AuthenticatedUser,
      body: { flowId: string } | { dataSources: unknown[]; filters?: unknown[]; inputs?: unknown[] },
    ): Promise<FlowCost> {
      let settings: RunSettings;
      if ('flowId' in body) {
        const { flow } = await requireFlow(database, caller, body.flowId, 'read');
        settings = settingsOf(flow);
      } else {
        await checkDataSources(database, caller.organizationId, body.dataSources as FlowDataSource[]);
        settings = {
          analysisType: 'contentAnalysis',
          trendMetric: 'momentum',
          creativityLevel: 'Balanced',
          inputs: (body.inputs ?? []) as FlowInput[],
          dataSources: body.dataSources as FlowDataSource[],
          filters: (body.filters ?? []) as FlowFilter[],
        };
      }
      // Counts kept at upload price most checks without reading a document; the rest are chosen off the event
      // loop, counted only (0091).
      const selection =
        (await countsWithoutReading(caller.organizationId, settings, flowRunDocumentsMax)) ??
        (await documentsFor(caller.organizationId, settings, {
          maxDocuments: flowRunDocumentsMax,
          countsOnly: true,
        }));
      return costOf(database, caller.organizationId, selection);
    },

    async credits(body: { documents: number; newsDocuments?: number }) {
      const news = Math.min(body.newsDocuments ?? 0, body.documents);
      const lines = [];
      for (const [usageCategory, quantity] of [
        ['SocialMedia', body.documents - news],
        ['News', news],
      ] as const) {
        if (quantity === 0 && !(usageCategory === 'SocialMedia' && news === 0)) continue;
        lines.push({
          usageCategory,
          quantity,
          unit: usageCategory === 'News' ? 'articles' : 'posts',
          credits: await usage.payAsYouGoCredits(database, usageCategory, quantity),
        });
      }
      return { lines, credits: lines.reduce((sum, line) => sum + line.credits, 0) };
    },

    /** `POST /flows/{flowId}/run`: a member who may update it, a key of its organization, or anyone when public. */
    async run(
      caller: FlowCaller,
      flowId: string,
      body: { kind?: StoredRun['kind']; idempotencyKey?: string },
    ) {
      const flow = await requireCalledFlow(database, caller, flowId, 'update');
      const run = await startRun(flow, {
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
    },

    async rerun(caller: AuthenticatedUser, flowId: string, runId: string) {
      const { flow } = await requireFlow(database, caller, flowId, 'update');
      const earlier = await findRun(database, { flowId: flow.id, id: runId });
      if (!earlier) throw notFound('run');
      const { maxDocuments, ...settings } = earlier.settings;
      const run = await startRun(flow, {
        settings,
        maxDocuments,
        origin: caller.apiKeyId ? 'API' : 'Platform',
        kind: earlier.kind,
        startedBy: caller.id,
        rerunOf: earlier.id,
      });
      return await presentRun(database, run);
    },

    async runs(caller: AuthenticatedUser, flowId: string) {
      const { flow } = await requireFlow(database, caller, flowId, 'read');
      return { runs: await presentRuns(database, await listRuns(database, flow.id)) };
    },

    async lastRun(caller: FlowCaller, flowId: string): Promise<LastRun> {
      const flow = await requireCalledFlow(database, caller, flowId, 'read');
      const run = await findRun(database, { flowId: flow.id, latest: true, state: 'JobDone' });
      return {
        flow: {
          id: flow.id,
          name: flow.name,
          analysisType: flow.analysisType,
          predefinedFlowId: flow.predefinedFlowId,
        },
        run: run ? await presentRun(database, run) : null,
        insights: run?.insights ?? null,
      };
    },

    async status(caller: AuthenticatedUser, flowId: string, taskId?: string) {
      const { flow } = await requireFlow(database, caller, flowId, 'read');
      const run = taskId
        ? await findRun(database, { flowId: flow.id, jobId: taskId })
        : await findRun(database, { flowId: flow.id, latest: true });
      if (!run) throw notFound('run');
      return {
        run: await presentRun(database, run),
        insights: run.state === 'JobDone' ? run.insights : null,
      };
    },

    /**
     * `GET /flows/{flowId}/runs/{runId}/documents`: read like the run's results, by a member who may read the flow
     * or a key of its organization, or anonymously the last finished run of a public flow (what `last-run` shows).
     */
    async runDocuments(caller: FlowCaller, flowId: string, runId: string, query: RunDocumentsQuery) {
      const flow = await requireCalledFlow(database, caller, flowId, 'read');
      const run = await findRun(database, { flowId: flow.id, id: runId });
      if (!run) throw notFound('run');
      if (caller.kind === 'anonymous') {
        const last = await findRun(database, { flowId: flow.id, latest: true, state: 'JobDone' });
        if (last?.id !== run.id) throw notFound('run');
      }
      if (run.state !== 'JobDone') throw conflict('runNotFinished');
      const trendPeriod = run.insights?.trend?.period;
      return runDocumentsPage(database, run.id, query, trendPeriod);
    },

    async runForFiles(caller: AuthenticatedUser, flowId: string, number?: number) {
      const { flow } = await requireFlow(database, caller, flowId, 'read');
      const run =
        number === undefined
          ? await findRun(database, { flowId: flow.id, latest: true, state: 'JobDone' })
          : await findRun(database, { flowId: flow.id, number });
      if (!run) throw notFound('run');
      if (run.state !== 'JobDone') throw conflict('runNotFinished');
      return run;
    },

    async files(caller: AuthenticatedUser, flowId: string, number?: number) {
      const run = await this.runForFiles(caller, flowId, number);
      const { files } = await presentRun(database, run);
      return { runId: run.id, number: run.number, files };
    },

    async file(caller: AuthenticatedUser, flowId: string, fileName: string, number?: number) {
      const run = await this.runForFiles(caller, flowId, number);
      const file = await findRunFile(database, run.id, fileName);
      if (!file) throw notFound('resultFile');
      return file;
    },

    async store(): Promise<StoreEntry[]> {
      const perThousand = await usage.payAsYouGoCredits(database, 'SocialMedia', 1000);
      const entries: StoreEntry[] = [];
      for (const workflow of predefinedWorkflows) {
        const id = storeFlowId(workflow.id);
        const flow = await findFlow(database, { id, organizationId: workflowStoreOrganization.id });
        const run = flow
          ? await findRun(database, { flowId: id, latest: true, state: 'JobDone' })
          : undefined;
        entries.push({
          predefinedFlowId: workflow.id,
          sampleFlowId: flow ? id : null,
          creditsPerThousandDocuments: perThousand,
          lastRunAt: run?.finishedAt ? new Date(run.finishedAt).toISOString() : null,
        });
      }
      return entries;
    },

    /** For tests and the catalogue check: a sample's documents. */
    sampleDocuments,
  };
}

export type FlowService = ReturnType<typeof createFlowService>;
