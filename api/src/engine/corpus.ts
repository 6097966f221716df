import { type AnalysisDocument, type AnalysisRequest, AnalysisRequestError } from './analysis-executor.js';
import type { DocumentCounts, LeftOutDocument, LeftOutReason } from './analysis-results.js';
import {
  analysisTypes,
  automaticPeriod,
  type TrendPeriod,
  trendMetrics,
  trendPeriods,
} from './analysis-vocabulary.js';
import { type LoopOptions, mapCooperatively } from './cooperative-loop.js';
import {
  detectLanguage,
  engineLanguage,
  isLanguageCode,
  normaliseLanguageCode,
  undeterminedLanguage,
} from './language-detection.js';
import { parallelReadingMinimum, type ReadText, readInParallel } from './reading-pool.js';
import { annotateText, type TextAnnotation } from './text-annotator.js';

/** A document the engine analyses: what was handed in, read once. */
export interface CorpusDocument {
  id: string;
  /** Its place among the documents handed in, from 1. */
  row: number;
  document: AnalysisDocument;
  /** Title and text, as analysed. */
  text: string;
  publishedAt: Date | null;
  /** The document's source, else its address's host name, else null. */
  source: string | null;
  language: string;
  annotation: TextAnnotation;
}

export interface Corpus {
  documents: CorpusDocument[];
  counts: DocumentCounts;
  leftOut: LeftOutDocument[];
  tokens: number;
  /** Threads the documents were read on (1: this one only). */
  readingThreads: number;
}

export function validateRequest(request: AnalysisRequest): void {
  if (!analysisTypes.includes(request.analysisType)) {
    throw new AnalysisRequestError(
      `Unknown analysis type "${String(request.analysisType)}"; use one of ${analysisTypes.join(', ')}.`,
    );
  }
  if (request.trendMetric !== undefined && !trendMetrics.includes(request.trendMetric)) {
    throw new AnalysisRequestError(
      `Unknown trend metric "${String(request.trendMetric)}"; use ${trendMetrics.join(' or ')}.`,
    );
  }
  if (
    request.period !== undefined &&
    request.period !== automaticPeriod &&
    !trendPeriods.includes(request.period)
  ) {
    throw new AnalysisRequestError(
      `Unknown period "${String(request.period)}"; use one of ${trendPeriods.join(', ')} or ${automaticPeriod}.`,
    );
  }
  if (
    request.articleLimit !== undefined &&
    (!Number.isInteger(request.articleLimit) || request.articleLimit < 1)
  ) {
    throw new AnalysisRequestError('The article limit must be a whole number of at least 1.');
  }
  if (request.language !== undefined && !isLanguageCode(request.language)) {
    throw new AnalysisRequestError(
      `"${request.language}" is not a language code; use a two- or three-letter code such as en or eng.`,
    );
  }
  if (!Array.isArray(request.documents)) {
    throw new AnalysisRequestError('The documents must be a list.');
  }
}

export function parseDate(value: string | Date | undefined): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The period a date falls in, in UTC: `2024-03-05` (a day), the Monday of its week, `2024-03` (a month) or
 * `2024-Q1` (a quarter).
 */
export function periodOf(date: Date, period: TrendPeriod): string {
  if (period === 'quarter') return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
  if (period === 'month') return date.toISOString().slice(0, 7);
  if (period === 'week') {
    const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    return monday.toISOString().slice(0, 10);
  }
  return date.toISOString().slice(0, 10);
}

/** The period after `key` (as `periodOf` writes it). */
export function nextPeriod(key: string, period: TrendPeriod): string {
  if (period === 'quarter') {
    const [year, quarter] = key.split('-Q').map(Number) as [number, number];
    return quarter === 4 ? `${year + 1}-Q1` : `${year}-Q${quarter + 1}`;
  }
  if (period === 'month') {
    const [year, month] = key.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
  }
  const date = new Date(`${key}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + (period === 'week' ? 7 : 1));
  return date.toISOString().slice(0, 10);
}

function sourceOf(document: AnalysisDocument): string | null {
  const named = document.source?.trim();
  if (named) return named;
  if (!document.url) return null;
  try {
    return new URL(document.url).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** The text as analysed: the title before the text when the text does not open with it. */
export function analysedText(document: AnalysisDocument): string {
  const text = typeof document.text === 'string' ? document.text.trim() : '';
  const title = typeof document.title === 'string' ? document.title.trim() : '';
  if (!title || text.startsWith(title)) return text;
  // A title without closing punctuation would run into the text's first sentence.
  return text ? `${title}${/[.!?:]$/.test(title) ? '' : '.'}\n\n${text}` : title;
}

interface Candidate {
  id: string;
  /** Its place among the documents handed in, from 1. */
  row: number;
  document: AnalysisDocument;
  text: string;
  publishedAt: Date | null;
  language: string | null;
}

export interface ReadOptions extends LoopOptions {
  /** Whether each document's language is wanted (detected when the document does not say). */
  needsLanguage: boolean;
  /** Told the fraction of the reading done. */
  onFraction?: (fraction: number) => void;
  /** Told of a document that failed to be read (it is left out as `unreadable`). */
  onDocumentError?: ((document: { id: string; row: number }, error: unknown) => void) | undefined;
  /** How a text is read: wink-nlp's pipeline (`annotateText`) unless another is given. */
  annotate?: ((text: string) => TextAnnotation) | undefined;
  /**
   * Threads to start beside this one to read a large set (reading-pool.ts): 0 reads on this thread only. Used with
   * wink-nlp's pipeline only (a given `annotate` stays on this thread).
   */
  parallelReaders?: number | undefined;
}

/**
 * Applies the request's filters (empty texts, language, article limit) and reads every remaining document once
 * with wink-nlp. The language filter is applied before reading, so excluded documents cost only their detection.
 * A document whose reading throws is left out as `unreadable` (its error told to `onDocumentError`): one
 * document never fails the whole analysis.
 */
export async function readCorpus(request: AnalysisRequest, options: ReadOptions): Promise<Corpus> {
  const counts: DocumentCounts = {
    received: request.documents.length,
    excludedByLanguage: 0,
    excludedByArticleLimit: 0,
    empty: 0,
    unreadable: 0,
    analysed: 0,
  };
  const leftOut: LeftOutDocument[] = [];
  const leave = (candidate: { id: string; row: number }, reason: LeftOutReason, language?: string) =>
    leftOut.push({
      id: candidate.id,
      row: candidate.row,
      reason,
      ...(language !== undefined && { language }),
    });
  const unreadable = (candidate: Candidate, error: unknown) => {
    counts.unreadable += 1;
    leave(candidate, 'unreadable');
    try {
      options.onDocumentError?.({ id: candidate.id, row: candidate.row }, error);
    } catch {
      // The caller's log must not fail the analysis either.
    }
  };
  const annotate = options.annotate ?? annotateText;
  let candidates: Candidate[] = [];
  request.documents.forEach((document, index) => {
    const id = document.id?.toString() || String(index + 1);
    const text = analysedText(document);
    if (!text) {
      counts.empty += 1;
      leave({ id, row: index + 1 }, 'empty');
      return;
    }
    candidates.push({
      id,
      row: index + 1,
      document,
      text,
      publishedAt: parseDate(document.publishedAt),
      language: document.language ? normaliseLanguageCode(document.language) : null,
    });
  });

  const wantedLanguage = request.language === undefined ? null : normaliseLanguageCode(request.language);
  // Short or unclear texts are taken to be in the filter's language, else the engine's (decision 0101).
  const expected = wantedLanguage ?? engineLanguage;
  const detectionShare = wantedLanguage ? 0.2 : 0;
  if (wantedLanguage) {
    const total = candidates.length;
    const languages = await mapCooperatively(
      candidates,
      (candidate) => {
        try {
          return candidate.language ?? detectLanguage(candidate.text, { expected });
        } catch (error) {
          unreadable(candidate, error);
          return null;
        }
      },
      { signal: options.signal, onAdvance: (done) => options.onFraction?.((done / total) * detectionShare) },
    );
    const kept = candidates.filter((candidate, index) => {
      const language = languages[index];
      if (language === null || language === undefined) return false;
      candidate.language = language;
      // A text with no words of any language (emoji, numbers, an address) is in no other language: it stays.
      const kept = language === wantedLanguage || language === undeterminedLanguage;
      if (!kept) {
        counts.excludedByLanguage += 1;
        leave(candidate, 'language', language);
      }
      return kept;
    });
    candidates = kept;
  }

  if (request.articleLimit !== undefined && candidates.length > request.articleLimit) {
    // The most recent articles first (undated ones after the dated), the original order otherwise.
    const order = candidates
      .map((candidate, index) => ({ candidate, index }))
      .sort(
        (a, b) =>
          (b.candidate.publishedAt?.getTime() ?? Number.NEGATIVE_INFINITY) -
            (a.candidate.publishedAt?.getTime() ?? Number.NEGATIVE_INFINITY) || a.index - b.index,
      );
    const keptIndexes = new Set(order.slice(0, request.articleLimit).map((entry) => entry.index));
    counts.excludedByArticleLimit = candidates.length - keptIndexes.size;
    candidates.forEach((candidate, index) => {
      if (!keptIndexes.has(index)) leave(candidate, 'articleLimit');
    });
    candidates = candidates.filter((_, index) => keptIndexes.has(index));
  }

  const total = candidates.length;
  const corpusDocumentOf = (candidate: Candidate, language: string, annotation: TextAnnotation) => ({
    id: candidate.id,
    row: candidate.row,
    document: candidate.document,
    text: candidate.text,
    publishedAt: candidate.publishedAt,
    source: sourceOf(candidate.document),
    language,
    annotation,
  });
  const readOne = (candidate: Candidate): ReadText => {
    try {
      const language =
        candidate.language ??
        (options.needsLanguage ? detectLanguage(candidate.text, { expected }) : undeterminedLanguage);
      return { language, annotation: annotate(candidate.text) };
    } catch (error) {
      return { failure: error instanceof Error ? error.message : String(error), cause: error };
    }
  };
  const onAdvance = (done: number) =>
    options.onFraction?.(detectionShare + (total === 0 ? 1 : done / total) * (1 - detectionShare));
  const helpers = options.annotate ? 0 : (options.parallelReaders ?? 0);
  const readingThreads = helpers > 0 && total >= parallelReadingMinimum ? helpers + 1 : 1;
  const texts =
    readingThreads > 1
      ? await readInParallel(
          {
            texts: candidates.map((candidate) => candidate.text),
            languages: candidates.map((candidate) => candidate.language),
            needsLanguage: options.needsLanguage,
            expected,
            undetermined: undeterminedLanguage,
          },
          { helpers, signal: options.signal, onAdvance, readOne: (index) => readOne(candidates[index]!) },
        )
      : await mapCooperatively(candidates, readOne, { signal: options.signal, onAdvance });
  const read = candidates.map((candidate, index): CorpusDocument | null => {
    const text = texts[index]!;
    if ('failure' in text) {
      unreadable(candidate, text.cause ?? new Error(text.failure));
      return null;
    }
    return corpusDocumentOf(candidate, text.language, text.annotation);
  });
  const documents = read.filter((document): document is CorpusDocument => document !== null);
  counts.analysed = documents.length;
  leftOut.sort((a, b) => a.row - b.row);
  const tokens = documents.reduce((sum, document) => sum + document.annotation.tokens, 0);
  return { documents, counts, leftOut, tokens, readingThreads };
}
