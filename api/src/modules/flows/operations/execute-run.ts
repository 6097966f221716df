import { errorCodes, type RunFailureReason } from '@dcipher/shared/contract';
import { AnalysisAbortedError, type AnalysisExecutor } from '../../../engine/index.js';
import { ApiError } from '../../../http/api-error.js';
import type { PricedDocument } from '../flow-columns.js';
import { insightsOf } from '../flow-insights.js';
import { engineOptions } from '../flow-sources.js';
import {
  findRun,
  findRunDocuments,
  insertRunResultDocuments,
  markRunStarted,
  type StoredRun,
  updateRunProgress,
} from '../flows-repository.js';
import { keptDocumentsOf } from '../run-result-documents.js';
import { documentsFor } from './cost.js';
import { endRun } from './end-run.js';
import type { FlowContext } from './flow-context.js';
import { notifyOwner } from './notify-owner.js';

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

/** The `flows.run` job: executes the run's settings with the engine and ends it once. */
export async function executeRun(
  context: FlowContext,
  payload: { runId: string },
  work: {
    job: { id: string; attempts: number; maxAttempts: number };
    signal: AbortSignal;
    heartbeat(): Promise<void>;
  },
) {
  const { database, executor, log, running } = context;
  const run = await findRun(database, { id: payload.runId });
  if (!run || run.jobId !== work.job.id) return;
  if (run.state !== 'JobPending' && run.state !== 'JobRunning') return;
  if (!(await markRunStarted(database, run.id, work.job.id))) return;
  const controller = new AbortController();
  const signal = AbortSignal.any([work.signal, controller.signal]);
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
              await documentsFor(context, run.organizationId, settings, {
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
      ended = await endRun(context, run.id, {
        jobId: work.job.id,
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
                if (!(await updateRunProgress(database, run.id, work.job.id, progress))) {
                  controller.abort(new Error('the run is no longer running'));
                  return;
                }
                await work.heartbeat();
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
      ended = await endRun(context, run.id, {
        jobId: work.job.id,
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
    ended = await endRun(context, run.id, {
      jobId: work.job.id,
      state: 'JobDone',
      documentsAnalysed: outcome.result.documents.analysed,
      error: null,
      insights: insightsOf(outcome.result),
      files: outcome.files,
    });
  } catch (error) {
    // The last try of an unexpected failure (the database, not the analysis) ends the run, refunded, instead of
    // leaving it running; earlier tries are retried by the jobs module.
    if (!signal.aborted && work.job.attempts >= work.job.maxAttempts) {
      ended = await endRun(context, run.id, {
        jobId: work.job.id,
        state: 'JobError',
        documentsAnalysed: null,
        error: 'runIncomplete',
        insights: null,
      }).catch(() => undefined);
    }
    throw error;
  } finally {
    running.delete(run.id);
    if (ended) await notifyOwner(context, ended);
  }
}
