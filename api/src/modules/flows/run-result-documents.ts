import {
  type RunDocument,
  type RunDocuments,
  type RunDocumentsQuery,
  runDocumentsPageDefault,
  runDocumentTextMax,
} from '@dcipher/shared/contract';
import type { Queryable } from '../../db/database.js';
import { type AnalysisDocument, analysedText, type IndexedDocument } from '../../engine/index.js';
import {
  findRunResultDocuments,
  type RunDocumentFilter,
  runKeptDocuments,
  type StoredRunDocument,
} from './flows-repository.js';

/**
 * The documents behind a run's figures (issue 34 point 6, docs/decisions/0104): kept when the run finishes, with
 * what the engine filed each under, and read back a page at a time.
 */

const inputFields = ['id', 'title', 'source', 'publishedAt', 'url', 'language'] as const;

/** The document as handed to the analysis, without its text (kept apart), as strings. */
function inputOf(document: AnalysisDocument | undefined): Record<string, string> {
  const input: Record<string, string> = {};
  if (!document) return input;
  for (const field of inputFields) {
    const value = document[field];
    if (value === undefined || value === null || value === '') continue;
    input[field] = value instanceof Date ? value.toISOString() : String(value);
  }
  return input;
}

/** What a run keeps of each document it read: the engine's index of it, its text and its input (by row). */
export function keptDocumentsOf(
  index: readonly IndexedDocument[],
  documents: readonly AnalysisDocument[],
): StoredRunDocument[] {
  return index.map((entry) => {
    const document = documents[entry.row - 1];
    const text = document ? analysedText(document) : '';
    return {
      inputRow: entry.row,
      documentId: entry.id,
      leftOut: entry.leftOut ?? null,
      language: entry.language ?? null,
      sentiment: entry.sentiment ?? null,
      sentimentLabel: entry.sentimentLabel ?? null,
      publishedAt: entry.publishedAt ? new Date(entry.publishedAt) : null,
      narrative: entry.narrative ?? null,
      terms: entry.terms ?? [],
      text: text.slice(0, runDocumentTextMax),
      textTruncated: text.length > runDocumentTextMax,
      input: inputOf(document),
    };
  });
}

type PeriodUnit = NonNullable<RunDocumentsQuery['periodUnit']>;

/** The UTC range [from, before) of a period as the results name it; a day-shaped one is a day or its week. */
export function periodRange(period: string, unit: PeriodUnit | undefined): { from: Date; before: Date } {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (quarter) {
    const start = (Number(quarter[2]) - 1) * 3;
    return {
      from: new Date(Date.UTC(Number(quarter[1]), start, 1)),
      before: new Date(Date.UTC(Number(quarter[1]), start + 3, 1)),
    };
  }
  const [year, month, day] = period.split('-').map(Number) as [number, number, number | undefined];
  if (day === undefined) {
    if (unit === 'quarter') {
      const start = Math.floor((month - 1) / 3) * 3;
      return { from: new Date(Date.UTC(year, start, 1)), before: new Date(Date.UTC(year, start + 3, 1)) };
    }
    return { from: new Date(Date.UTC(year, month - 1, 1)), before: new Date(Date.UTC(year, month, 1)) };
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (unit === 'month' || unit === 'quarter') return periodRange(period.slice(0, 7), unit);
  if (unit === 'week') {
    const monday = new Date(date);
    monday.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
    const next = new Date(monday);
    next.setUTCDate(monday.getUTCDate() + 7);
    return { from: monday, before: next };
  }
  const next = new Date(date);
  next.setUTCDate(date.getUTCDate() + 1);
  return { from: date, before: next };
}

const sentimentLabelOf = (value: string | null): RunDocument['sentimentLabel'] =>
  value === 'positive' || value === 'negative' || value === 'neutral' ? value : null;

/** One page of a finished run's documents; `trendPeriod` is the run's trend period (what a day-shaped period is). */
export async function runDocumentsPage(
  database: Queryable,
  runId: string,
  query: RunDocumentsQuery,
  trendPeriod: string | undefined,
): Promise<RunDocuments> {
  const filter: RunDocumentFilter = {
    ...(query.term !== undefined && { term: query.term }),
    ...(query.narrative !== undefined && {
      narrative: query.narrative === 'unassigned' ? null : query.narrative,
    }),
    ...(query.sentiment !== undefined && { sentimentLabel: query.sentiment }),
    ...(query.language !== undefined && { language: query.language }),
    ...(query.leftOut !== undefined && { leftOut: query.leftOut }),
  };
  if (query.period !== undefined) {
    const unit =
      query.periodUnit ??
      (['day', 'week', 'month', 'quarter'].includes(trendPeriod ?? '')
        ? (trendPeriod as PeriodUnit)
        : undefined);
    const range = periodRange(query.period, unit);
    filter.publishedFrom = range.from;
    filter.publishedBefore = range.before;
  }
  const limit = query.limit ?? runDocumentsPageDefault;
  const page = await findRunResultDocuments(database, runId, filter, { afterRow: query.cursor ?? 0, limit });
  const kept = page.total > 0 || (await runKeptDocuments(database, runId));
  const last = page.documents[page.documents.length - 1];
  return {
    runId,
    kept,
    total: page.total,
    documents: page.documents.map((document) => ({
      row: document.inputRow,
      id: document.documentId,
      text: document.text,
      textTruncated: document.textTruncated,
      input: document.input,
      leftOut: (document.leftOut as RunDocument['leftOut']) ?? null,
      language: document.language,
      sentiment: document.sentiment,
      sentimentLabel: sentimentLabelOf(document.sentimentLabel),
      publishedAt: document.publishedAt ? document.publishedAt.toISOString() : null,
      narrative: document.narrative,
    })),
    nextCursor: page.hasMore && last ? String(last.inputRow) : null,
  };
}
