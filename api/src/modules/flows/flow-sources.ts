import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  errorCodes,
  type FlowDataSource,
  type FlowDataSourceOut,
  type FlowInput,
  normaliseSourceUrl,
} from '@dcipher/shared/contract';
import {
  predefinedWorkflows,
  type TrendPeriodChoice,
  trendPeriodChoices,
  workflowInputKeys,
} from '@dcipher/shared/domain';
import { XMLParser } from 'fast-xml-parser';
import { isOutboundRequestRefused } from '../../adapters/outbound/safe-fetch.js';
import type { Queryable } from '../../db/database.js';
import { type AnalysisDocument, htmlToText, parseDocumentFile } from '../../engine/index.js';
import { ApiError } from '../../http/api-error.js';
import type { PricedDocument, RunSettings } from './flow-columns.js';
import { findUpload, findUploadDocumentsJson } from './flows-repository.js';

/**
 * Where a run's documents come from (docs/decisions/0071): uploads' stored documents, the sample datasets shipped
 * in `samples/`, RSS/Atom feeds and public pages fetched at run time through the safe fetch; then the flow's
 * inputs and filters that the engine does not apply itself (focus terms, sources, a relative date).
 */

/** A document with the usage category it is priced in: news items and pages `News`, everything else `SocialMedia`. */

const sampleDirectory = (() => {
  const beside = fileURLToPath(new URL('./samples/', import.meta.url));
  // The build (dist/) has no copy of the data files: they are read from the sources.
  return existsSync(beside)
    ? beside
    : fileURLToPath(new URL('../../../src/modules/flows/samples/', import.meta.url));
})();

const sampleCache = new Map<string, Promise<AnalysisDocument[]>>();

/** The documents of a sample dataset (`<sampleId>.csv`), read once per process. */
export function sampleDocuments(sampleId: string): Promise<AnalysisDocument[]> {
  if (!predefinedWorkflows.some((workflow) => workflow.sample.id === sampleId)) {
    return Promise.reject(new ApiError(errorCodes.notFound, { params: { reason: 'upload' } }));
  }
  let documents = sampleCache.get(sampleId);
  if (!documents) {
    documents = (async () => {
      const content = await readFile(`${sampleDirectory}${sampleId}.csv`);
      const parsed = await parseDocumentFile(
        { name: `${sampleId}.csv`, content: new Uint8Array(content) },
        { maxBytes: 10 * 1024 * 1024 },
      );
      return parsed.documents;
    })();
    sampleCache.set(sampleId, documents);
    documents.catch(() => sampleCache.delete(sampleId));
  }
  return documents;
}

const sourceError = (reason: 'blocked' | 'notFeed' | 'unreachable' | 'timeout' | 'invalidUrl') =>
  new ApiError(errorCodes.sourceUnreachable, { params: { reason } });

type UrlSource = Extract<FlowDataSource, { url: string }>;

/**
 * A feed or page source as a flow is answered with (docs/decisions/0094): its address normalised, or, when it was
 * kept before addresses were checked as they are now and is not one a workflow may fetch, marked `invalid` and shown
 * without any user name or password. One such row never fails a list.
 */
export function storedUrlSourceOut(source: UrlSource): FlowDataSourceOut {
  const stored = typeof source.url === 'string' ? source.url : '';
  const url = normaliseSourceUrl(stored);
  if (url !== undefined) return { ...source, url };
  let shown = stored.slice(0, 2000);
  try {
    const parsed = new URL(stored);
    parsed.username = '';
    parsed.password = '';
    shown = parsed.href.slice(0, 2000);
  } catch {
    // Not an address at all: shown as it was kept.
  }
  return { ...source, url: shown, invalid: true };
}

/** The address a source is fetched at; one kept before addresses were checked, and not accepted now, is refused. */
function fetchableUrl(source: UrlSource): string {
  const url = normaliseSourceUrl(typeof source.url === 'string' ? source.url : '');
  if (url === undefined) throw sourceError('invalidUrl');
  return url;
}

const maxSourceBytes = 5 * 1024 * 1024;

/**
 * A feed's or page's text. The time limit covers the whole fetch, headers and body: a body that trickles past it is
 * `timeout`, one cut off midway (a reset) or a failed answer `unreachable`, a private address `blocked`; all are
 * the declared `SOURCE_UNREACHABLE` (422), never an exception. The run's own signal (cancelled, its worker
 * stopping) aborts as before.
 */
async function fetchText(
  fetcher: typeof fetch,
  url: string,
  { signal, timeoutMs }: { signal?: AbortSignal | undefined; timeoutMs: number },
): Promise<string> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const failure = (error: unknown) => {
    if (signal?.aborted) return error;
    if (timeout.aborted) return sourceError('timeout');
    return sourceError(isOutboundRequestRefused(error) ? 'blocked' : 'unreachable');
  };
  let response: Response;
  try {
    response = await fetcher(url, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml, text/html' },
    });
  } catch (error) {
    throw failure(error);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw sourceError('unreachable');
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSourceBytes) {
        await reader.cancel().catch(() => {});
        throw sourceError('unreachable');
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    await reader.cancel().catch(() => {});
    throw failure(error);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: true,
  htmlEntities: true,
});

const textOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object') return textOf((value as Record<string, unknown>)['#text']);
  return '';
};
const asList = (value: unknown): Record<string, unknown>[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Record<string, unknown>[];

/** An RSS 2.0 or Atom feed's items as documents, the feed's title as their source. */
export function parseFeed(text: string, url: string): AnalysisDocument[] {
  let tree: Record<string, unknown>;
  try {
    tree = xml.parse(text) as Record<string, unknown>;
  } catch {
    throw sourceError('notFeed');
  }
  const host = new URL(url).host;
  const rss = tree.rss as Record<string, unknown> | undefined;
  const channel = (rss?.channel ?? (tree['rdf:RDF'] as Record<string, unknown> | undefined)) as
    | Record<string, unknown>
    | undefined;
  if (channel) {
    const source = htmlToText(textOf(channel.title)) || host;
    const items = asList(channel.item ?? (tree['rdf:RDF'] as Record<string, unknown> | undefined)?.item);
    return items.flatMap((item, index) => {
      const title = htmlToText(textOf(item.title));
      const body = htmlToText(textOf(item.description ?? item['content:encoded']));
      const text = [title, body].filter(Boolean).join('. ');
      if (!text) return [];
      const published = textOf(item.pubDate ?? item['dc:date']);
      return [
        {
          id: textOf(item.guid) || textOf(item.link) || `${host}-${index + 1}`,
          text,
          ...(title && { title }),
          source,
          ...(published &&
            !Number.isNaN(Date.parse(published)) && {
              publishedAt: new Date(published).toISOString(),
            }),
          ...(textOf(item.link) && { url: textOf(item.link) }),
        },
      ];
    });
  }
  const feed = tree.feed as Record<string, unknown> | undefined;
  if (feed) {
    const source = htmlToText(textOf(feed.title)) || host;
    return asList(feed.entry).flatMap((entry, index) => {
      const title = htmlToText(textOf(entry.title));
      const body = htmlToText(textOf(entry.summary ?? entry.content));
      const text = [title, body].filter(Boolean).join('. ');
      if (!text) return [];
      const published = textOf(entry.published ?? entry.updated);
      const link = asList(entry.link)[0]?.['@href'];
      return [
        {
          id: textOf(entry.id) || `${host}-${index + 1}`,
          text,
          ...(title && { title }),
          source,
          ...(published &&
            !Number.isNaN(Date.parse(published)) && {
              publishedAt: new Date(published).toISOString(),
            }),
          ...(typeof link === 'string' && { url: link }),
        },
      ];
    });
  }
  throw sourceError('notFeed');
}

/**
 * What a run's documents are made of, as read from the database and the network: each upload's stored documents as
 * JSON text (read once, however many sources name it) and each feed's or page's body, by the source's position.
 */
export interface SourceTexts {
  uploads: [uploadId: string, documentsJson: string][];
  fetched: [sourceIndex: number, body: string][];
  /** Uploads left for a worker to read with a connection of its own (their file sizes, to judge the work by). */
  unread?: { organizationId: string; uploads: [uploadId: string, bytes: number][] };
}

/** Reads the sources' texts: the I/O of loading documents, done on the API's thread (it waits, it does not work). */
export async function readSources(
  database: Queryable,
  {
    organizationId,
    dataSources,
    fetcher,
    signal,
    timeoutMs = 15_000,
    leaveUploads = false,
  }: {
    organizationId: string;
    dataSources: readonly FlowDataSource[];
    fetcher: typeof fetch;
    signal?: AbortSignal;
    /** How long one feed or page may take, headers and body. */
    timeoutMs?: number;
    /** Leave the uploads' documents unread (only checked), for a worker that reads them itself. */
    leaveUploads?: boolean;
  },
): Promise<SourceTexts> {
  const uploads = new Map<string, string>();
  const unread = new Map<string, number>();
  const fetched: SourceTexts['fetched'] = [];
  for (const [index, source] of dataSources.entries()) {
    if (source.kind === 'uploaded') {
      if (uploads.has(source.uploadId) || unread.has(source.uploadId)) continue;
      if (leaveUploads) {
        const upload = await findUpload(database, organizationId, source.uploadId);
        if (!upload) throw new ApiError(errorCodes.notFound, { params: { reason: 'upload' } });
        unread.set(source.uploadId, upload.byteCount);
        continue;
      }
      const stored = await findUploadDocumentsJson(database, organizationId, source.uploadId);
      if (stored === undefined) throw new ApiError(errorCodes.notFound, { params: { reason: 'upload' } });
      uploads.set(source.uploadId, stored);
    } else if (source.kind === 'starter') {
      // Checked here, read where the documents are made.
      if (!predefinedWorkflows.some((workflow) => workflow.sample.id === source.sampleId)) {
        throw new ApiError(errorCodes.notFound, { params: { reason: 'upload' } });
      }
    } else {
      fetched.push([index, await fetchText(fetcher, fetchableUrl(source), { signal, timeoutMs })]);
    }
  }
  return {
    uploads: [...uploads],
    fetched,
    ...(unread.size > 0 && { unread: { organizationId, uploads: [...unread] } }),
  };
}

/** The sources' documents from their texts, with the usage category each is priced in (the CPU part of loading). */
export async function documentsOfSources(
  dataSources: readonly FlowDataSource[],
  texts: SourceTexts,
): Promise<PricedDocument[]> {
  const uploads = new Map(texts.uploads);
  const parsedUploads = new Map<string, AnalysisDocument[]>();
  // A feed or a page may hold NUL characters, which no PostgreSQL text column stores (a run's documents are kept):
  // dropped before it is read, as from an uploaded file (document-files.ts).
  const fetched = new Map(texts.fetched.map(([index, text]) => [index, text.replaceAll('\u0000', '')]));
  const documents: PricedDocument[] = [];
  for (const [index, source] of dataSources.entries()) {
    if (source.kind === 'uploaded') {
      let stored = parsedUploads.get(source.uploadId);
      if (!stored) {
        const json = uploads.get(source.uploadId);
        if (json === undefined) throw new ApiError(errorCodes.notFound, { params: { reason: 'upload' } });
        stored = JSON.parse(json) as AnalysisDocument[];
        parsedUploads.set(source.uploadId, stored);
      }
      for (const document of stored) documents.push({ ...document, usageCategory: 'SocialMedia' });
    } else if (source.kind === 'starter') {
      for (const document of await sampleDocuments(source.sampleId))
        documents.push({ ...document, usageCategory: 'SocialMedia' });
    } else if (source.kind === 'news') {
      const url = fetchableUrl(source);
      for (const document of parseFeed(fetched.get(index) ?? '', url))
        documents.push({ ...document, usageCategory: 'News' });
    } else {
      const url = fetchableUrl(source);
      const text = htmlToText(fetched.get(index) ?? '');
      if (text) {
        documents.push({ id: url, text, source: new URL(url).host, url, usageCategory: 'News' });
      }
    }
  }
  return documents;
}

/** Every document of the sources, with the usage category each is priced in; each upload read once. */
export async function loadDocuments(
  database: Queryable,
  options: {
    organizationId: string;
    dataSources: readonly FlowDataSource[];
    fetcher: typeof fetch;
    signal?: AbortSignal;
    /** How long one feed or page may take, headers and body. */
    timeoutMs?: number;
  },
): Promise<PricedDocument[]> {
  return documentsOfSources(options.dataSources, await readSources(database, options));
}

const periodDays = { day: 1, week: 7, month: 30, quarter: 91, semiyear: 182, year: 365 } as const;

const inputValue = (inputs: readonly FlowInput[], key: string) =>
  inputs.find((input) => input.key === key)?.value;

/** What the engine is asked for from the flow's inputs and filters (the ones it applies itself). */
export function engineOptions(settings: RunSettings, { maxDocuments }: { maxDocuments: number }) {
  const languageFilter = settings.filters.find((filter) => filter.kind === 'language')?.value;
  const languageInput = inputValue(settings.inputs, workflowInputKeys.language);
  const language =
    typeof languageFilter === 'string'
      ? languageFilter
      : typeof languageInput === 'string' && languageInput !== 'any' && languageInput !== ''
        ? languageInput
        : undefined;
  const limits = [maxDocuments];
  const limitFilter = settings.filters.find((filter) => filter.kind === 'articleLimit')?.value;
  if (typeof limitFilter === 'number') limits.push(limitFilter);
  const limitInput = inputValue(settings.inputs, workflowInputKeys.articleLimit);
  if (typeof limitInput === 'number' && limitInput > 0) limits.push(Math.floor(limitInput));
  const metricInput = inputValue(settings.inputs, workflowInputKeys.trendMetric);
  const trendMetric =
    metricInput === 'volume' || metricInput === 'momentum' ? metricInput : settings.trendMetric;
  // The period trends are counted by (docs/decisions/0098): the input's, else chosen from the dates' span.
  const periodInput = inputValue(settings.inputs, workflowInputKeys.period);
  const period: TrendPeriodChoice = trendPeriodChoices.find((choice) => choice === periodInput) ?? 'auto';
  return { language, articleLimit: Math.min(...limits), trendMetric, period };
}

/**
 * The documents the engine gets: those mentioning a focus term (when given), from the chosen sources, within the
 * relative date; then, the most recent first, at most the article limit. Their number is what a run is priced for.
 */
export function selectDocuments(
  documents: readonly PricedDocument[],
  settings: RunSettings,
  { maxDocuments, now = new Date() }: { maxDocuments: number; now?: Date },
): PricedDocument[] {
  let selected = [...documents];
  const focus = inputValue(settings.inputs, workflowInputKeys.focusTerms);
  if (typeof focus === 'string' && focus.trim() !== '') {
    const terms = focus
      .split(',')
      .map((term) => term.trim().toLowerCase())
      .filter(Boolean);
    selected = selected.filter((document) => {
      const text = `${document.title ?? ''} ${document.text}`.toLowerCase();
      return terms.some((term) => text.includes(term));
    });
  }
  for (const filter of settings.filters) {
    if (filter.kind === 'sources' && filter.value.length > 0) {
      const sources = new Set(filter.value.map((source) => source.toLowerCase()));
      selected = selected.filter((document) => sources.has((document.source ?? '').toLowerCase()));
    } else if (filter.kind === 'dateRelative') {
      // Relative to the newest document, so a dataset of the past keeps its last weeks.
      // A loop, not Math.max(...dates): spreading 200,000 arguments overflows the stack (issue 32).
      let newest = Number.NEGATIVE_INFINITY;
      for (const document of selected) {
        const at = Date.parse(String(document.publishedAt ?? ''));
        if (at > newest) newest = at;
      }
      const end = Number.isFinite(newest) ? Math.min(newest, now.getTime()) : now.getTime();
      const from = end - filter.value.amount * periodDays[filter.value.period] * 86_400_000;
      selected = selected.filter((document) => {
        const at = Date.parse(String(document.publishedAt ?? ''));
        return Number.isFinite(at) && at >= from;
      });
    }
  }
  const { articleLimit } = engineOptions(settings, { maxDocuments });
  if (selected.length > articleLimit) {
    const dated = selected.every((document) =>
      Number.isFinite(Date.parse(String(document.publishedAt ?? ''))),
    );
    if (dated) {
      selected.sort((a, b) => Date.parse(String(b.publishedAt)) - Date.parse(String(a.publishedAt)));
    }
    selected = selected.slice(0, articleLimit);
  }
  return selected;
}
