import type { DaySummary, NewsAnalysisResult, SourceDaySummary, SourceSummary } from './analysis-results.js';
import type { TrendMetric, TrendPeriodChoice } from './analysis-vocabulary.js';
import { analyseContent } from './content-analysis.js';
import { type Corpus, type CorpusDocument, periodOf } from './corpus.js';
import { compareText, corpusTermStatistics, summariseGroup } from './corpus-statistics.js';
import { detectTrends } from './trend-detection.js';

/** Items without a source (and no address to take one from) are grouped under this name. */
export const unknownSource = 'unknown';
/** Items without a date are grouped under this day. */
export const undatedDay = 'undated';
const topTermsPerGroup = 10;

function groupBy(
  documents: readonly CorpusDocument[],
  key: (document: CorpusDocument, position: number) => string,
) {
  const groups = new Map<string, CorpusDocument[]>();
  for (let position = 0; position < documents.length; position += 1) {
    const document = documents[position]!;
    const name = key(document, position);
    const list = groups.get(name);
    if (list) list.push(document);
    else groups.set(name, [document]);
  }
  return groups;
}

const sourceOf = (document: CorpusDocument) => document.source ?? unknownSource;
const dayOf = (document: CorpusDocument) =>
  document.publishedAt ? periodOf(document.publishedAt, 'day') : undatedDay;

type NewsParts = Omit<NewsAnalysisResult, 'analysisType' | 'engine' | 'documents' | 'leftOut' | 'tokens'>;

/**
 * The content analysis of the items, their trends, and per source, per day and per source and day: how many items,
 * their sentiment and their top terms.
 */
export function analyseNews(corpus: Corpus, trendMetric: TrendMetric, period: TrendPeriodChoice): NewsParts {
  const { documentSummaries, ...content } = analyseContent(corpus);
  const { documents } = corpus;
  const statistics = corpusTermStatistics(documents);

  const sources: SourceSummary[] = [...groupBy(documents, sourceOf)].map(([source, items]) => {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const item of items) {
      const time = item.publishedAt?.getTime();
      if (time === undefined) continue;
      first = Math.min(first, time);
      last = Math.max(last, time);
    }
    return {
      source,
      firstPublished: Number.isFinite(first) ? new Date(first).toISOString() : null,
      lastPublished: Number.isFinite(last) ? new Date(last).toISOString() : null,
      ...summariseGroup(items, topTermsPerGroup, statistics, documents),
    };
  });
  sources.sort((a, b) => b.documents - a.documents || compareText(a.source, b.source));

  // Each item's day, written once for the days and the source-days.
  const dayOfPosition = documents.map(dayOf);
  const days: DaySummary[] = [...groupBy(documents, (_, position) => dayOfPosition[position]!)]
    .map(([day, items]) => ({ day, ...summariseGroup(items, topTermsPerGroup, statistics, documents) }))
    .sort((a, b) => compareText(a.day, b.day));

  const sourceDays: SourceDaySummary[] = [
    ...groupBy(documents, (document, position) => `${sourceOf(document)}\u0000${dayOfPosition[position]!}`),
  ]
    .map(([key, items]) => {
      const [source, day] = key.split('\u0000') as [string, string];
      return { source, day, ...summariseGroup(items, topTermsPerGroup, statistics, documents) };
    })
    .sort((a, b) => compareText(a.source, b.source) || compareText(a.day, b.day));

  return {
    ...content,
    sources,
    days,
    sourceDays,
    trend: detectTrends(documents, trendMetric, period),
    articles: documentSummaries,
  };
}
