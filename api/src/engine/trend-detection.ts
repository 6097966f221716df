import type { TrendSummary, TrendTerm, TrendWindow } from './analysis-results.js';
import type { TrendMetric, TrendPeriod } from './analysis-vocabulary.js';
import { type CorpusDocument, nextPeriod, periodOf } from './corpus.js';
import { corpusFiguresOf, corpusTermStatistics, rounded } from './corpus-statistics.js';

/**
 * Momentum (decision 0070). The periods from the first to the last dated document are split into a recent window
 * (the last quarter of them, at least one and at most seven periods) and a baseline (the periods just before it, at
 * most four times as many). For a term mentioned in c_r of the n_r recent documents and c_b of the n_b baseline
 * documents, with N = n_r + n_b:
 *
 *   c_r' = c_r + k·n_r/N,  c_b' = c_b + k·n_b/N     k = 5 mentions added as if the term's share had not changed
 *   momentum = log2((c_r' / n_r) / (c_b' / n_b))
 *
 * so 1 means the term is mentioned in twice the share of documents it was, -1 in half, 0 unchanged; the added
 * mentions keep a term seen in a handful of documents (or in none of the baseline's) from a large momentum by
 * chance, and weigh nothing once a term has hundreds of mentions. Only terms in at least max(3, 0.2 % of the dated
 * documents) documents of the two windows are measured.
 */
export const momentumSettings = {
  recentShareOfPeriods: 0.25,
  longestRecentWindow: 7,
  baselineTimesRecent: 4,
  smoothingMentions: 5,
  minimumVolume: 3,
  minimumVolumeShare: 0.002,
} as const;

const listedTerms = 50;
const listedMovers = 20;

/** The terms a document is counted under in trends: its words, noun phrases and hashtags, each once. */
function trendTermsOf(document: CorpusDocument): Set<string> {
  const { words, phrases, hashtags } = document.annotation;
  return new Set([...words, ...phrases, ...hashtags]);
}

interface TermCounts {
  total: number;
  recent: number;
  baseline: number;
}

function windowOf(keys: string[], periodCounts: number[], from: number, to: number): TrendWindow {
  let documents = 0;
  for (let index = from; index <= to; index += 1) documents += periodCounts[index] ?? 0;
  return { from: keys[from]!, to: keys[to]!, periods: to - from + 1, documents };
}

export function detectTrends(
  documents: readonly CorpusDocument[],
  trendMetric: TrendMetric,
  period: TrendPeriod,
): TrendSummary {
  const dated = documents.filter((document) => document.publishedAt !== null);
  const undated = documents.length - dated.length;
  const empty: TrendSummary = {
    trendMetric,
    period,
    periods: [],
    recentWindow: null,
    baselineWindow: null,
    undated,
    terms: [],
    rising: [],
    falling: [],
  };
  if (dated.length === 0) return { ...empty, note: 'No document has a publication date: trends need dates.' };

  const periodKeys = dated.map((document) => periodOf(document.publishedAt!, period));
  const sortedKeys = [...new Set(periodKeys)].sort();
  const keys: string[] = [sortedKeys[0]!];
  const last = sortedKeys[sortedKeys.length - 1]!;
  while (keys[keys.length - 1]! < last) keys.push(nextPeriod(keys[keys.length - 1]!, period));
  const indexOfKey = new Map(keys.map((key, index) => [key, index]));
  const documentPeriod = periodKeys.map((key) => indexOfKey.get(key)!);
  const periodCounts = new Array<number>(keys.length).fill(0);
  for (const index of documentPeriod) periodCounts[index]! += 1;

  const settings = momentumSettings;
  const recentPeriods = Math.min(
    settings.longestRecentWindow,
    Math.max(1, Math.round(keys.length * settings.recentShareOfPeriods)),
  );
  const baselinePeriods = Math.min(keys.length - recentPeriods, recentPeriods * settings.baselineTimesRecent);
  const recentFrom = keys.length - recentPeriods;
  const baselineFrom = recentFrom - baselinePeriods;
  const hasBaseline = baselinePeriods > 0;
  const recentWindow = windowOf(keys, periodCounts, recentFrom, keys.length - 1);
  const baselineWindow = hasBaseline ? windowOf(keys, periodCounts, baselineFrom, recentFrom - 1) : null;

  const termSets = dated.map(trendTermsOf);
  const counts = new Map<string, TermCounts>();
  termSets.forEach((terms, documentIndex) => {
    const periodIndex = documentPeriod[documentIndex]!;
    const inRecent = periodIndex >= recentFrom;
    const inBaseline = !inRecent && periodIndex >= baselineFrom;
    for (const term of terms) {
      let count = counts.get(term);
      if (!count) {
        count = { total: 0, recent: 0, baseline: 0 };
        counts.set(term, count);
      }
      count.total += 1;
      if (inRecent) count.recent += 1;
      else if (inBaseline) count.baseline += 1;
    }
  });

  const recentDocuments = recentWindow.documents;
  const baselineDocuments = baselineWindow?.documents ?? 0;
  const minimumVolume = Math.max(
    settings.minimumVolume,
    Math.ceil(dated.length * settings.minimumVolumeShare),
  );
  const k = settings.smoothingMentions;
  const measured: Omit<TrendTerm, 'series' | 'documents' | 'occurrences'>[] = [];
  for (const [term, count] of counts) {
    const windowed = hasBaseline ? count.recent + count.baseline : count.total;
    if (windowed < minimumVolume) continue;
    let momentum: number | null = null;
    if (hasBaseline) {
      const both = recentDocuments + baselineDocuments;
      const recentSmoothed = (count.recent + (k * recentDocuments) / both) / recentDocuments;
      const baselineSmoothed = (count.baseline + (k * baselineDocuments) / both) / baselineDocuments;
      momentum = rounded(Math.log2(recentSmoothed / baselineSmoothed));
    }
    measured.push({
      term,
      volume: count.total,
      recentVolume: count.recent,
      baselineVolume: count.baseline,
      recentShare: recentDocuments === 0 ? 0 : rounded(count.recent / recentDocuments),
      baselineShare: baselineDocuments === 0 ? 0 : rounded(count.baseline / baselineDocuments),
      momentum,
    });
  }

  const byVolume = (a: (typeof measured)[number], b: (typeof measured)[number]) =>
    b.volume - a.volume || b.recentVolume - a.recentVolume || a.term.localeCompare(b.term);
  const byMomentum = (a: (typeof measured)[number], b: (typeof measured)[number]) =>
    (b.momentum ?? 0) - (a.momentum ?? 0) || byVolume(a, b);
  const ranked = [...measured].sort(trendMetric === 'momentum' && hasBaseline ? byMomentum : byVolume);
  const rising = measured.filter((term) => (term.momentum ?? 0) > 0).sort(byMomentum);
  const falling = measured
    .filter((term) => (term.momentum ?? 0) < 0)
    .sort((a, b) => (a.momentum ?? 0) - (b.momentum ?? 0) || byVolume(a, b));

  const listed = {
    terms: ranked.slice(0, listedTerms),
    rising: rising.slice(0, listedMovers),
    falling: falling.slice(0, listedMovers),
  };
  const seriesOf = new Map<string, number[]>();
  for (const term of [...listed.terms, ...listed.rising, ...listed.falling]) {
    seriesOf.set(term.term, new Array<number>(keys.length).fill(0));
  }
  termSets.forEach((terms, documentIndex) => {
    for (const term of terms) {
      const series = seriesOf.get(term);
      if (series) series[documentPeriod[documentIndex]!]! += 1;
    }
  });
  // Each term's one count (issue 34): the analysed documents containing it, dated or not (decision 0103).
  const statistics = corpusTermStatistics(documents);
  const withSeries = ({
    term,
    ...figures
  }: Omit<TrendTerm, 'series' | 'documents' | 'occurrences'>): TrendTerm => ({
    term,
    ...corpusFiguresOf(statistics, term),
    ...figures,
    series: seriesOf.get(term)!.map((volume, index) => ({ period: keys[index]!, volume })),
  });

  return {
    ...empty,
    periods: keys.map((key, index) => ({ period: key, volume: periodCounts[index]! })),
    recentWindow,
    baselineWindow,
    ...(hasBaseline
      ? {}
      : { note: `All dated documents fall in one ${period}: momentum needs at least two periods.` }),
    terms: listed.terms.map(withSeries),
    rising: listed.rising.map(withSeries),
    falling: listed.falling.map(withSeries),
  };
}
