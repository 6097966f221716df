import type { AnalysisType, TrendMetric, TrendPeriod } from './analysis-vocabulary.js';

export type SentimentLabel = 'positive' | 'negative' | 'neutral';

/** Sentiment over a set of documents: the mean score (-1 to 1) and how many documents fall on each side. */
export interface SentimentSummary {
  average: number;
  positive: number;
  negative: number;
  neutral: number;
  /** Documents in which no word, emoji or rating carried a sentiment (absent in results from before issue 34). */
  withoutOpinion?: number;
  /** Documents that read as technical text (versions, CVE numbers, bug references, file names, code). */
  technical?: number;
  /**
   * Why the sentiment says little about these documents, when it does: `notOpinion` when at least half of them hold
   * no opinion word or at least a third read as technical text (release notes, changelogs, logs): their scores come
   * from words such as "fix", "error" or "unstable", which describe rather than judge.
   */
  caveat?: SentimentCaveat;
}

export const sentimentCaveats = ['notOpinion'] as const;
export type SentimentCaveat = (typeof sentimentCaveats)[number];

/** The sentiment of the documents holding one term. */
export interface TermSentiment {
  term: string;
  documents: number;
  /** Mean score of those documents, -1 to 1. */
  average: number;
  positive: number;
  negative: number;
  neutral: number;
}

/** The kinds of entity the default engine finds (decision 0070 says how, and what it cannot tell apart). */
export const entityTypes = [
  'hashtag',
  'mention',
  'url',
  'email',
  'money',
  'percent',
  'date',
  'time',
  'duration',
  'number',
  'ordinal',
  'emoji',
  'emoticon',
  'name',
] as const;
export type EntityType = (typeof entityTypes)[number];

export interface FoundEntity {
  type: EntityType;
  value: string;
}

/** A term over a set of documents: in how many documents it occurs, and how often in all. */
export interface RankedTerm {
  term: string;
  documents: number;
  occurrences: number;
}

export interface EntityCount extends FoundEntity {
  documents: number;
  occurrences: number;
}

export interface LanguageCount {
  /** ISO 639-1 where one exists (else the 639-3 code); `und` when the text is too short or unclear. */
  language: string;
  documents: number;
}

/** What happened to the documents handed in. */
export interface DocumentCounts {
  received: number;
  /** Left out by the language filter. */
  excludedByLanguage: number;
  /** Left out by the article limit. */
  excludedByArticleLimit: number;
  /** Documents with no text. */
  empty: number;
  /** Documents the engine failed to read (an error inside the language detection or the NLP pipeline). */
  unreadable: number;
  analysed: number;
}

/** Why a document handed in was not analysed: the counts of `DocumentCounts`, one by one. */
export const leftOutReasons = ['empty', 'language', 'articleLimit', 'unreadable'] as const;
export type LeftOutReason = (typeof leftOutReasons)[number];

export interface LeftOutDocument {
  /** The document's id (the caller's, else its row). */
  id: string;
  /** Its place among the documents handed in, 1 for the first. */
  row: number;
  reason: LeftOutReason;
  /** For `language`: the language the document was found in (ISO 639-1 where one exists). */
  language?: string;
}

export interface DocumentSummary {
  id: string;
  title?: string;
  source?: string;
  publishedAt?: string;
  url?: string;
  language: string;
  tokens: number;
  sentiment: number;
  sentimentLabel: SentimentLabel;
  /** The document's most distinctive words (weighted by how rare they are in the whole set). */
  keywords: string[];
  entities: FoundEntity[];
}

interface ResultBase<Type extends AnalysisType> {
  analysisType: Type;
  /** The executor's name. */
  engine: string;
  documents: DocumentCounts;
  /** Every document handed in and not analysed, with its row and why, in row order (convention 22). */
  leftOut: LeftOutDocument[];
  /** Tokens read (words, numbers, punctuation…) in the analysed documents. */
  tokens: number;
}

export interface ContentAnalysisResult extends ResultBase<'contentAnalysis'> {
  languages: LanguageCount[];
  sentiment: SentimentSummary;
  keywords: RankedTerm[];
  keyPhrases: RankedTerm[];
  entities: EntityCount[];
  documentSummaries: DocumentSummary[];
  /** The sentiment of the documents holding each keyword (absent in results from before issue 34). */
  keywordSentiment?: TermSentiment[];
}

export interface TrendPoint {
  period: string;
  volume: number;
}

export interface TrendTerm {
  term: string;
  /** Documents mentioning the term, all periods together. */
  volume: number;
  recentVolume: number;
  baselineVolume: number;
  /** Share of the recent window's documents that mention the term. */
  recentShare: number;
  baselineShare: number;
  /**
   * log2 of the recent share over the baseline share, each with five mentions added in proportion to the windows'
   * documents (decision 0070): 1 is twice as often mentioned, -1 half as often, 0 unchanged; null when there is no
   * baseline.
   */
  momentum: number | null;
  series: TrendPoint[];
}

export interface TrendWindow {
  from: string;
  to: string;
  periods: number;
  documents: number;
}

export interface TrendSummary {
  trendMetric: TrendMetric;
  period: TrendPeriod;
  /** Every period from the first to the last dated document, with its number of documents (0 included). */
  periods: TrendPoint[];
  recentWindow: TrendWindow | null;
  baselineWindow: TrendWindow | null;
  /** Why momentum could not be measured, when it could not. */
  note?: string;
  /** Documents without a usable date, left out of the trend. */
  undated: number;
  /** The top terms, ranked by the trend metric. */
  terms: TrendTerm[];
  /** Terms whose share grew (momentum > 0), strongest first. */
  rising: TrendTerm[];
  /** Terms whose share shrank (momentum < 0), strongest first. */
  falling: TrendTerm[];
}

export interface TrendDetectionResult extends ResultBase<'trendDetection'>, TrendSummary {
  /** How favourably the documents speak, all together (absent in results from before issue 34). */
  sentiment?: SentimentSummary;
  /** The sentiment of the documents holding each listed term (terms, rising and falling), by term. */
  termSentiment?: TermSentiment[];
}

export interface GroupSummary {
  documents: number;
  sentiment: SentimentSummary;
  topTerms: RankedTerm[];
}

export interface SourceSummary extends GroupSummary {
  source: string;
  firstPublished: string | null;
  lastPublished: string | null;
}

export interface DaySummary extends GroupSummary {
  day: string;
}

export interface SourceDaySummary extends GroupSummary {
  source: string;
  day: string;
}

export interface NewsAnalysisResult extends ResultBase<'newsAnalysis'> {
  languages: LanguageCount[];
  sentiment: SentimentSummary;
  keywords: RankedTerm[];
  keyPhrases: RankedTerm[];
  entities: EntityCount[];
  sources: SourceSummary[];
  days: DaySummary[];
  sourceDays: SourceDaySummary[];
  trend: TrendSummary;
  articles: DocumentSummary[];
}

export interface NarrativeDocument {
  id: string;
  title?: string;
  excerpt: string;
  /** Cosine similarity of the document to its narrative's centre (0 to 1). */
  similarity: number;
  sentiment: number;
}

export interface Narrative {
  id: number;
  /**
   * The narrative's label, read as a phrase: its documents' most used 2- or 3-word run saying its top terms, as
   * they write it, else its top terms in the order they say them (decision 0102).
   */
  label: string;
  /** Its most central documents that say a word of its label (at most 3); absent on results made before. */
  examples?: NarrativeDocument[];
  terms: { term: string; weight: number }[];
  size: number;
  /** Share of the clustered documents. */
  share: number;
  sentiment: SentimentSummary;
  documents: NarrativeDocument[];
}

export interface NarrativeAnalysisResult extends ResultBase<'narrativeAnalysis'> {
  narratives: Narrative[];
  /** Documents with no term shared with any other (nothing to group them by). */
  unassigned: string[];
  clustering: {
    method: 'spherical k-means on BM25 vectors';
    k: number;
    /** Mean silhouette (cosine distance) of the chosen grouping, from -1 to 1; higher is better separated. */
    silhouette: number | null;
    candidates: { k: number; silhouette: number }[];
  };
}

export type AnalysisResult =
  | ContentAnalysisResult
  | TrendDetectionResult
  | NewsAnalysisResult
  | NarrativeAnalysisResult;
