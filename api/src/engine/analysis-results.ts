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

/**
 * A term over the analysed documents. `documents` is the term's one count (issue 34, docs/decisions/0103): the
 * number of analysed documents containing it, the same in every analysis of the same documents, in its files and on
 * its screens; `occurrences` is how often it occurs in all of them.
 */
export interface RankedTerm {
  term: string;
  documents: number;
  occurrences: number;
}

/** A term of a group (a source, a day): its corpus figures, and the documents of the group containing it. */
export interface GroupTerm extends RankedTerm {
  groupDocuments: number;
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
  /** Its place among the documents handed in, 1 for the first (the row of the API's document list). */
  row: number;
  /** The text as analysed (title and text). */
  text: string;
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
  /** Threads the documents were read on: a large set is read on every core (absent on results made before). */
  readingThreads?: number;
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
  /** The term's one count: analysed documents containing it, dated or not (`RankedTerm.documents`). */
  documents: number;
  occurrences: number;
  /** Dated documents mentioning the term, all periods together (undated documents are left out of trends). */
  volume: number;
  /** Documents of the recent window mentioning the term. */
  recentVolume: number;
  /** Documents of the baseline window mentioning the term. */
  baselineVolume: number;
  /** Share of the recent window's documents that mention the term. */
  recentShare: number;
  baselineShare: number;
  /**
   * The effect size (decision 0097, as 0070 defined it): with the term in c_r of the n_r recent documents and c_b of
   * the n_b baseline documents, N = n_r + n_b, five mentions added in proportion to the windows' documents,
   * momentum = log2(((c_r + 5·n_r/N) / n_r) / ((c_b + 5·n_b/N) / n_b)): the base-2 logarithm of how many times more
   * (or less) often the recent documents mention the term than the baseline's; 1 is twice as often, -1 half as
   * often, 0 unchanged. Null when there is no baseline.
   */
  momentum: number | null;
  /**
   * Dunning's log-likelihood ratio G² of the 2×2 table (mentioning or not × recent or baseline): how surprising the
   * difference of the two shares is if the term's share had not changed. Null when there is no baseline.
   */
  g2?: number | null;
  /** The chance of a G² this large if nothing changed (chi-square, one degree of freedom). Null without baseline. */
  pValue?: number | null;
  /** The p-value corrected for the number of terms tested (Benjamini–Hochberg). Null without baseline. */
  qValue?: number | null;
  /**
   * Whether the change passes the test (decision 0097): q at most `significance.falseDiscoveryRate`, the term in at least
   * `significance.minimumMentions` documents of the window where its share is higher, and |momentum| at least
   * `significance.minimumMomentum`. Only significant terms are listed as rising or falling.
   */
  significant?: boolean;
  /** Documents mentioning the term per period, every period of the view (0 included). */
  series: TrendPoint[];
}

export interface TrendWindow {
  /** The first and last period of the window (as `periods` writes them). */
  from: string;
  to: string;
  periods: number;
  documents: number;
}

/** Why no rising or falling term is listed (the catalogue's `trendMessages.notes` has the words). */
export const trendNoteCodes = ['undated', 'onePeriod', 'tooFewDocuments', 'nothingSignificant'] as const;
export type TrendNoteCode = (typeof trendNoteCodes)[number];

/** How rising and falling terms are judged (decision 0097). */
export interface TrendSignificance {
  /** Dunning's log-likelihood ratio G² of each term's 2×2 table, against chi-square with one degree of freedom. */
  test: 'log-likelihood G²';
  /**
   * The terms' p-values are corrected for testing many terms at once (Benjamini–Hochberg): a term moves when its
   * q-value is at most this, so where nothing changes, the chance that any term is listed is at most this.
   */
  correction: 'Benjamini–Hochberg';
  falseDiscoveryRate: number;
  /** The term must be in at least this many documents of the window where its share is higher. */
  minimumMentions: number;
  /** The recent window must hold at least this many documents for any term to be judged. */
  minimumRecentDocuments: number;
  /** |momentum| must be at least this (0.5: the share grew by 41 % or shrank by 29 % at least). */
  minimumMomentum: number;
}

/** The trend counted by one period: its volume series, windows, and top, rising and falling terms. */
export interface TrendView {
  period: TrendPeriod;
  /** Every period from the first to the last dated document, with its number of documents (0 included). */
  periods: TrendPoint[];
  recentWindow: TrendWindow | null;
  baselineWindow: TrendWindow | null;
  /** The windows compared, in words: "the last 4 weeks against the 12 before" (empty when there are none). */
  windows: string;
  /** Why no rising or falling term is listed, when none is: a code, and its words from the catalogue. */
  noteCode?: TrendNoteCode;
  note?: string;
  /** The top terms, ranked by the trend metric. */
  terms: TrendTerm[];
  /** Terms whose share grew significantly (decision 0097), by momentum, strongest first. */
  rising: TrendTerm[];
  /** Terms whose share shrank significantly, by momentum, strongest first. */
  falling: TrendTerm[];
}

/**
 * The trend of a set of documents, counted by the period asked for or chosen from the dates' span (the top-level
 * fields), with the same counted by every other period that fits (`views`), so a screen can switch the period
 * without running again.
 */
export interface TrendSummary extends TrendView {
  trendMetric: TrendMetric;
  /** `auto` when the period was chosen from the dates' span, `requested` when the request named it. */
  periodChoice?: 'auto' | 'requested';
  /** Documents without a usable date, left out of the trend. */
  undated: number;
  significance?: TrendSignificance;
  /**
   * The trend by each period that fits the span (from 4 to 160 periods) and the chosen one, finest first; the
   * chosen one is the same as the top-level fields.
   */
  views?: TrendView[];
}

export interface TrendDetectionResult extends ResultBase<'trendDetection'>, TrendSummary {
  /** How favourably the documents speak, all together (absent in results from before issue 34). */
  sentiment?: SentimentSummary;
  /** The sentiment of the documents holding each listed term (terms, rising and falling), by term. */
  termSentiment?: TermSentiment[];
  /** The corpus's keywords by the documents containing them: the content analysis's list, with its counts. */
  keywords: RankedTerm[];
}

export interface GroupSummary {
  documents: number;
  sentiment: SentimentSummary;
  topTerms: GroupTerm[];
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
  /** Its place among the documents handed in, 1 for the first. */
  row: number;
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
  /**
   * The heaviest terms of its centre: `documents` is the term's one count over all analysed documents
   * (`RankedTerm.documents`), `narrativeDocuments` the documents of this narrative containing it.
   */
  terms: { term: string; weight: number; documents: number; narrativeDocuments: number }[];
  size: number;
  /** Share of the clustered documents. */
  share: number;
  sentiment: SentimentSummary;
  documents: NarrativeDocument[];
}

export interface NarrativeAnalysisResult extends ResultBase<'narrativeAnalysis'> {
  /** The corpus's keywords by the documents containing them: the content analysis's list, with its counts. */
  keywords: RankedTerm[];
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
