import type { RunInsights } from '@dcipher/shared/contract';
import type {
  AnalysisResult,
  EntityCount,
  RankedTerm,
  SentimentSummary,
  TermSentiment,
  TrendSummary,
  TrendTerm,
  TrendView,
} from '../../engine/index.js';

/** A run's insights: the digest of the engine's result the screens draw (the whole result is in its files). */

const top = 20;
const leftOutShown = 100;
const terms = (list: readonly RankedTerm[]) =>
  list.slice(0, top).map((term) => ({ term: term.term, documents: term.documents }));
const round = (value: number) => Math.round(value * 1000) / 1000;
const sentimentOf = (summary: SentimentSummary) => ({
  average: round(summary.average),
  positive: summary.positive,
  negative: summary.negative,
  neutral: summary.neutral,
  ...(summary.withoutOpinion !== undefined && { withoutOpinion: summary.withoutOpinion }),
  ...(summary.technical !== undefined && { technical: summary.technical }),
  ...(summary.caveat !== undefined && { caveat: summary.caveat }),
});
/** A term's mean sentiment, when the result has it (issue 34). */
const withTermSentiment = <Entry extends { term: string }>(
  entries: Entry[],
  sentiments: readonly TermSentiment[] | undefined,
) => {
  if (!sentiments) return entries;
  const byTerm = new Map(sentiments.map((entry) => [entry.term, round(entry.average)]));
  return entries.map((entry) =>
    byTerm.has(entry.term) ? { ...entry, sentiment: byTerm.get(entry.term)! } : entry,
  );
};

/** Rising and falling terms shown per period in `views` (the run's files list 20 each). */
const viewMovers = 10;

function trendOf(summary: TrendSummary): NonNullable<RunInsights['trend']> {
  const figures = (entry: TrendTerm) => ({
    term: entry.term,
    // The term's one count (issue 34); results made before it have only the dated documents' volume.
    ...(entry.documents !== undefined && { documents: entry.documents }),
    volume: entry.volume,
    momentum: entry.momentum === null ? null : round(entry.momentum),
    recentVolume: entry.recentVolume,
    baselineVolume: entry.baselineVolume,
    ...(entry.g2 !== undefined && { g2: entry.g2 }),
    ...(entry.qValue !== undefined && { qValue: entry.qValue }),
  });
  const term = (entry: TrendTerm) => ({
    ...figures(entry),
    series: entry.series.map((point) => ({ period: point.period, volume: point.volume })),
  });
  const viewFields = (view: TrendView) => ({
    windows: view.windows,
    recentWindow: view.recentWindow,
    baselineWindow: view.baselineWindow,
    ...(view.noteCode !== undefined && { noteCode: view.noteCode }),
  });
  return {
    trendMetric: summary.trendMetric,
    period: summary.period,
    periods: summary.periods.map((point) => ({ period: point.period, volume: point.volume })),
    ...(summary.note !== undefined && { note: summary.note }),
    rising: summary.rising.slice(0, top).map(term),
    falling: summary.falling.slice(0, top).map(term),
    ...viewFields(summary),
    ...(summary.periodChoice !== undefined && { periodChoice: summary.periodChoice }),
    ...(summary.significance !== undefined && {
      significance: {
        falseDiscoveryRate: summary.significance.falseDiscoveryRate,
        minimumMentions: summary.significance.minimumMentions,
        minimumMomentum: summary.significance.minimumMomentum,
      },
    }),
    ...(summary.views !== undefined && {
      views: summary.views.map((view) => ({
        period: view.period,
        periods: view.periods.map((point) => ({ period: point.period, volume: point.volume })),
        ...(view.note !== undefined && { note: view.note }),
        ...viewFields(view),
        rising: view.rising.slice(0, viewMovers).map((entry) => ({
          ...figures(entry),
          counts: entry.series.map((point) => point.volume),
        })),
        falling: view.falling.slice(0, viewMovers).map((entry) => ({
          ...figures(entry),
          counts: entry.series.map((point) => point.volume),
        })),
      })),
    }),
  };
}

function leftOutByReason(leftOut: AnalysisResult['leftOut']) {
  const counts = { empty: 0, language: 0, articleLimit: 0, unreadable: 0 };
  for (const entry of leftOut) counts[entry.reason] += 1;
  return counts;
}

const entitiesPerKind = 10;

/**
 * What the text names, apart from the other kinds (issue 34): `names` are proper nouns only (people, companies,
 * places, products); numbers, dates, money, percents, hashtags, links… are listed by kind, up to 10 each, never as
 * things named.
 */
function entitiesOf(entities: readonly EntityCount[]) {
  const names = entities
    .filter((entity) => entity.type === 'name')
    .slice(0, top)
    .map((entity) => ({ value: entity.value, documents: entity.documents }));
  const shown = new Map<string, number>();
  const others = entities
    .filter((entity) => {
      if (entity.type === 'name') return false;
      const count = shown.get(entity.type) ?? 0;
      shown.set(entity.type, count + 1);
      return count < entitiesPerKind;
    })
    .map((entity) => ({ type: entity.type, value: entity.value, documents: entity.documents }));
  return { names, entities: others };
}

export function insightsOf(result: AnalysisResult): RunInsights {
  const base = {
    analysisType: result.analysisType,
    engine: result.engine,
    documents: {
      received: result.documents.received,
      analysed: result.documents.analysed,
      unreadable: result.documents.unreadable,
      // The screens show a few; the run's left-out-documents.csv has them all.
      leftOut: result.leftOut.slice(0, leftOutShown),
      // All of them, by reason: the list above stops at 100 (issue 34: nothing left out silently).
      leftOutByReason: leftOutByReason(result.leftOut),
    },
    tokens: result.tokens,
  };
  switch (result.analysisType) {
    case 'contentAnalysis':
      return {
        ...base,
        sentiment: sentimentOf(result.sentiment),
        keywords: withTermSentiment(terms(result.keywords), result.keywordSentiment),
        keyPhrases: terms(result.keyPhrases),
        ...entitiesOf(result.entities),
        languages: result.languages.map((entry) => ({
          language: entry.language,
          documents: entry.documents,
        })),
      };
    case 'trendDetection': {
      const trend = trendOf(result);
      return {
        ...base,
        ...(result.sentiment && { sentiment: sentimentOf(result.sentiment) }),
        // The corpus's keywords by the documents containing them, as in every analysis (issue 34, decision 0103).
        keywords: withTermSentiment(terms(result.keywords), result.termSentiment),
        trend: {
          ...trend,
          rising: withTermSentiment(trend.rising, result.termSentiment),
          falling: withTermSentiment(trend.falling, result.termSentiment),
        },
      };
    }
    case 'newsAnalysis':
      return {
        ...base,
        sentiment: sentimentOf(result.sentiment),
        keywords: terms(result.keywords),
        keyPhrases: terms(result.keyPhrases),
        ...entitiesOf(result.entities),
        languages: result.languages.map((entry) => ({
          language: entry.language,
          documents: entry.documents,
        })),
        trend: trendOf(result.trend),
        sources: result.sources.map((source) => ({
          source: source.source,
          documents: source.documents,
          sentiment: round(source.sentiment.average),
        })),
        days: result.days.map((day) => ({ day: day.day, documents: day.documents })),
      };
    case 'narrativeAnalysis': {
      return {
        ...base,
        // The corpus's keywords by the documents containing them, as in every analysis (issue 34, decision 0103);
        // a narrative's own count of its terms is in its `terms`.
        keywords: terms(result.keywords),
        narratives: result.narratives.map((narrative) => ({
          id: narrative.id,
          label: narrative.label,
          terms: narrative.terms.slice(0, 10).map((entry) => entry.term),
          termCounts: narrative.terms.slice(0, 10).map((entry) => ({
            term: entry.term,
            documents: entry.documents,
            narrativeDocuments: entry.narrativeDocuments,
          })),
          size: narrative.size,
          share: round(narrative.share),
          sentiment: round(narrative.sentiment.average),
          // The examples say a word of the label (issue 34); results made before have none: the most central.
          examples: (narrative.examples ?? narrative.documents.slice(0, 3)).map(
            (document) => document.excerpt,
          ),
        })),
      };
    }
  }
}
