import type { AnalysisResult, LeftOutReason, SentimentLabel } from './analysis-results.js';
import type { AnalysisType, CreativityLevel, TrendMetric, TrendPeriodChoice } from './analysis-vocabulary.js';

/** One text to analyse: a post, a review, a survey answer, a news item, a page of a file. */
export interface AnalysisDocument {
  /** The caller's identifier (a row number, an item's guid); the engine numbers documents when it is absent. */
  id?: string;
  text: string;
  title?: string;
  /** Where it comes from: a feed's or site's name, an account; news is grouped by it. */
  source?: string;
  /** When it was published: an ISO 8601 string or a Date. Trends need it; undated documents are left out of them. */
  publishedAt?: string | Date;
  url?: string;
  /** Its language if the source says so (ISO 639-1 or 639-3); otherwise the engine detects it. */
  language?: string;
}

export interface AnalysisRequest {
  analysisType: AnalysisType;
  /** How trend terms are ranked (trendDetection and newsAnalysis); momentum by default. */
  trendMetric?: TrendMetric;
  /** Keep only documents in this language (ISO 639-1 such as `en`, or 639-3 such as `eng`). */
  language?: string;
  /** Analyse at most this many documents: the most recent ones when they are dated, else the first ones. */
  articleLimit?: number;
  /**
   * The period trends are counted by (day, week, month or quarter); `auto`, the default, chooses it from the span of
   * the documents' dates (decision 0097).
   */
  period?: TrendPeriodChoice;
  /** Accepted for executors that generate text; the default engine ignores it (decision 0070). */
  creativityLevel?: CreativityLevel;
  documents: readonly AnalysisDocument[];
}

/** A result file of a run: its name (unique within the run), its media type and its whole content. */
export interface ResultFile {
  name: string;
  mediaType: 'application/json' | 'text/csv';
  content: string;
}

/**
 * One document handed in, as a run keeps it for its document list (issue 34 point 6, docs/decisions/0104): what
 * each figure of the result files it under, so the documents behind a figure are a query, not a re-analysis.
 */
export interface IndexedDocument {
  /** Its place among the documents handed in, 1 for the first. */
  row: number;
  id: string;
  /** Why it was not analysed; absent when it was (the rest is absent then too). */
  leftOut?: LeftOutReason;
  /** Its language, when the analysis detected it (content, news, or a language filter) or the document said. */
  language?: string;
  sentiment?: number;
  sentimentLabel?: SentimentLabel;
  /** Its publication date (ISO 8601), when it has a usable one. */
  publishedAt?: string;
  /** The terms it is counted under (words, noun phrases, hashtags), each once. */
  terms?: string[];
  /** Its narrative's id in a narrative analysis (null: left unassigned). */
  narrative?: number | null;
}

export interface AnalysisOutcome {
  result: AnalysisResult;
  files: ResultFile[];
  /** Every document handed in, in row order (an executor that cannot tell leaves it out). */
  documentIndex?: IndexedDocument[];
}

export interface AnalysisProgress {
  /** From 0 to 1, never decreasing. */
  fraction: number;
  stage: 'reading' | 'analysing' | 'writing';
}

export interface AnalysisRunOptions {
  /** Called as the work advances; it must not throw. */
  onProgress?: (progress: AnalysisProgress) => void;
  /** Honoured between documents: the run stops with an `AnalysisAbortedError`. */
  signal?: AbortSignal;
  /**
   * Told of a document the engine failed to read, with the error: the document is left out as `unreadable` and
   * the run goes on. For the caller's log; it must not throw.
   */
  onDocumentError?: (document: { id: string; row: number }, error: unknown) => void;
}

/**
 * What runs an analysis. The default engine (`createDefaultExecutor`) does it offline on this machine; a
 * production engine (a cluster, a hosted model) implements the same interface and is handed to whatever runs flows
 * instead (docs/decisions/0070).
 */
export interface AnalysisExecutor {
  /** A name for logs and run records, e.g. `default` or `cluster`. */
  readonly name: string;
  execute(request: AnalysisRequest, options?: AnalysisRunOptions): Promise<AnalysisOutcome>;
}

/** The run was cancelled through its AbortSignal. */
export class AnalysisAbortedError extends Error {
  readonly code = 'analysis-aborted';
  constructor(readonly reason?: unknown) {
    super('The analysis was cancelled.');
    this.name = 'AnalysisAbortedError';
  }
}

/** The request cannot be run as given (an unknown analysis type, a negative article limit…). */
export class AnalysisRequestError extends Error {
  readonly code = 'analysis-request-invalid';
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisRequestError';
  }
}
