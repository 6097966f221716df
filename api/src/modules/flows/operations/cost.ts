import {
  type FlowCost,
  type FlowDataSource,
  type FlowFilter,
  type FlowInput,
  flowRunDocumentsMax,
} from '@dcipher/shared/contract';
import { predefinedWorkflows, workflowInputKeys } from '@dcipher/shared/domain';
import { workflowMessages } from '@dcipher/shared/validation';
import type { Queryable } from '../../../db/database.js';
import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { creditBalance } from '../../credits/credit-repository.js';
import { notFound, requireFlow } from '../flow-access.js';
import type { RunSettings } from '../flow-columns.js';
import { engineOptions, readSources } from '../flow-sources.js';
import { findUpload, type StoredFlow } from '../flows-repository.js';
import { type DocumentSelection, selectRunDocuments } from '../run-documents.js';
import { checkDataSources } from './create.js';
import type { FlowContext } from './flow-context.js';

/**
 * The documents a run of these settings analyses (docs/decisions/0091): the sources read here (each upload once,
 * feeds and pages fetched), chosen in a worker when there is much to read. Their count by usage category is the
 * price; the documents themselves (unless `countsOnly`) are kept with the run.
 */
export async function documentsFor(
  context: FlowContext,
  organizationId: string,
  settings: RunSettings,
  {
    maxDocuments,
    signal,
    countsOnly = false,
  }: { maxDocuments: number; signal?: AbortSignal; countsOnly?: boolean },
): Promise<DocumentSelection> {
  const { database, fetcher, sourceTimeoutMs, workerDatabaseUrl } = context;
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
export async function countsWithoutReading(
  context: FlowContext,
  organizationId: string,
  settings: RunSettings,
  maxDocuments: number,
): Promise<DocumentSelection | undefined> {
  const { database } = context;
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

export async function costOf(
  context: FlowContext,
  queryable: Queryable,
  organizationId: string,
  selection: DocumentSelection,
): Promise<FlowCost> {
  const { usage } = context;
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
      reason: workflowMessages.notEnoughCredits(creditsNeeded, balance),
    }),
  };
}

export async function calculateCost(
  context: FlowContext,
  caller: AuthenticatedUser,
  body: { flowId: string } | { dataSources: unknown[]; filters?: unknown[]; inputs?: unknown[] },
): Promise<FlowCost> {
  const { database } = context;
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
    (await countsWithoutReading(context, caller.organizationId, settings, flowRunDocumentsMax)) ??
    (await documentsFor(context, caller.organizationId, settings, {
      maxDocuments: flowRunDocumentsMax,
      countsOnly: true,
    }));
  return costOf(context, database, caller.organizationId, selection);
}

export async function creditsFor(context: FlowContext, body: { documents: number; newsDocuments?: number }) {
  const { database, usage } = context;
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
}

/** A flow's settings as a run takes them. */
export const settingsOf = (flow: StoredFlow): RunSettings => ({
  analysisType: flow.analysisType,
  trendMetric: flow.trendMetric,
  creativityLevel: flow.creativityLevel,
  inputs: flow.inputs,
  dataSources: flow.dataSources,
  filters: flow.filters,
});
