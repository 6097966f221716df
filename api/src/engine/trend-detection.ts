import { trendMessages } from '@dcipher/shared/validation';
import type {
  TrendNoteCode,
  TrendPoint,
  TrendSignificance,
  TrendSummary,
  TrendTerm,
  TrendView,
  TrendWindow,
} from './analysis-results.js';
import {
  automaticPeriod,
  type TrendMetric,
  type TrendPeriod,
  type TrendPeriodChoice,
  trendPeriods,
} from './analysis-vocabulary.js';
import type { CorpusDocument } from './corpus.js';
import {
  compareText,
  corpusFiguresOf,
  corpusTermIndex,
  corpusTermStatistics,
  rounded,
} from './corpus-statistics.js';

/**
 * Trends at the data's time scale (decision 0097, after 0070).
 *
 * - **Period.** Unless the request names one, the finest of day, week, month and quarter that counts the span from
 *   the first to the last dated document in at most `automaticMostPeriods` periods (a quarter past that).
 * - **Windows.** The recent window is the last R periods and the baseline the B periods before it:
 *   R = min(a natural window for the period: 7 days, 4 weeks, 3 months, 4 quarters; a quarter of the periods, at
 *   least 1), widened one period at a time (to half the periods at most) until it holds `minimumRecentDocuments`;
 *   B = min(the periods before it, 4·R).
 * - **Momentum** (the effect size, as 0070 defined it): with the term in c_r of the n_r recent documents and c_b of
 *   the n_b baseline documents, N = n_r + n_b, and k = 5 mentions added as if the share had not changed,
 *   momentum = log2(((c_r + k·n_r/N) / n_r) / ((c_b + k·n_b/N) / n_b)).
 * - **Significance.** Dunning's log-likelihood G² of the 2×2 table (mentioning or not × recent or baseline), against
 *   chi-square with one degree of freedom, its p-values corrected for the number of terms measured
 *   (Benjamini–Hochberg). A term rises (falls) when its q-value is at most 0.05, it is in at least 5 documents of the
 *   window where its share is higher, and |momentum| ≥ 0.5; otherwise it is not listed as moving, so a corpus where
 *   nothing trends lists nothing (at most a 5 % chance of any term) and says so (`noteCode` `nothingSignificant`).
 * - Only terms in at least 5 documents of the two windows are measured.
 */
export const momentumSettings = {
  smoothingMentions: 5,
  /** Terms in fewer documents of the two windows are not measured. */
  minimumVolume: 5,
} as const;

export const significanceSettings: TrendSignificance = {
  test: 'log-likelihood G²',
  correction: 'Benjamini–Hochberg',
  falseDiscoveryRate: 0.05,
  minimumMentions: 5,
  minimumRecentDocuments: 10,
  minimumMomentum: 0.5,
};

export const periodSettings = {
  /** The automatic period is the finest that counts the span in at most this many periods. */
  automaticMostPeriods: 60,
  /** Other periods are offered (as `views`) when they count the span in this many periods or more… */
  viewFewestPeriods: 4,
  /** …and this many or fewer. */
  viewMostPeriods: 160,
  naturalRecentPeriods: { day: 7, week: 4, month: 3, quarter: 4 } as Readonly<Record<TrendPeriod, number>>,
  recentShareOfPeriods: 0.25,
  baselineTimesRecent: 4,
} as const;

const listedTerms = 50;
const listedMovers = 20;
const dayMs = 86_400_000;

/** A period's number: days, weeks (from Monday) and months since 1970, quarters since year 0, in UTC. */
function periodNumber(time: number, period: TrendPeriod): number {
  const day = Math.floor(time / dayMs);
  if (period === 'day') return day;
  // 1970-01-01 was a Thursday: the week of Monday 1969-12-29 is week 0.
  if (period === 'week') return Math.floor((day + 3) / 7);
  const date = new Date(time);
  const month = date.getUTCFullYear() * 12 + date.getUTCMonth();
  return period === 'month' ? month : Math.floor(month / 3);
}

/** The key of period number `value` as `periodOf` (corpus.ts) writes it. */
function periodKey(value: number, period: TrendPeriod): string {
  if (period === 'day') return new Date(value * dayMs).toISOString().slice(0, 10);
  if (period === 'week') return new Date((value * 7 - 3) * dayMs).toISOString().slice(0, 10);
  if (period === 'month') {
    const year = Math.floor(value / 12);
    return `${year}-${String((value % 12) + 1).padStart(2, '0')}`;
  }
  return `${Math.floor(value / 4)}-Q${(value % 4) + 1}`;
}

/** erfc, Numerical Recipes' Chebyshev fit (fractional error under 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

const xLogX = (x: number) => (x > 0 ? x * Math.log(x) : 0);

/** Dunning's G² for a term in `a` of `recent` documents and `b` of `baseline` documents. */
export function logLikelihood(a: number, recent: number, b: number, baseline: number): number {
  const c = recent - a;
  const d = baseline - b;
  const g2 =
    2 *
    (xLogX(a) +
      xLogX(b) +
      xLogX(c) +
      xLogX(d) +
      xLogX(recent + baseline) -
      xLogX(a + b) -
      xLogX(c + d) -
      xLogX(recent) -
      xLogX(baseline));
  return Math.max(0, g2);
}

/** The chance of a G² at least this large under no change: chi-square with one degree of freedom. */
export function chiSquareOneTail(g2: number): number {
  return erfc(Math.sqrt(g2 / 2));
}

/** Every dated document's terms, each once, as numbers into `names` (read once, whatever the periods). */
interface TermIndex {
  names: string[];
  /** The terms of document i are ids[offsets[i]] to ids[offsets[i + 1] - 1]. */
  ids: Int32Array;
  offsets: Int32Array;
  /** Documents mentioning each term. */
  volume: Int32Array;
}

/**
 * The dated documents' terms read from the corpus's term ids (`corpusTermIndex`, built once per corpus; issue 34,
 * speed): each document's words, noun phrases and hashtags, each once, numbered in the order they first occur in
 * the dated documents (as a map of the texts numbered them before).
 */
function indexTerms(dated: readonly CorpusDocument[], corpus: readonly CorpusDocument[]): TermIndex {
  const { termOf, ids: corpusIds, bounds, positionOf } = corpusTermIndex(corpus);
  const idOfCorpusId = new Int32Array(termOf.length).fill(-1);
  const names: string[] = [];
  let lastDocument = new Int32Array(64);
  let ids = new Int32Array(Math.max(16, dated.length * 32));
  const offsets = new Int32Array(dated.length + 1);
  let length = 0;
  dated.forEach((document, index) => {
    offsets[index] = length;
    const position = positionOf.get(document)!;
    const end = bounds[position * 4 + 3]!;
    for (let at = bounds[position * 4]!; at < end; at += 1) {
      const corpusId = corpusIds[at]!;
      let id = idOfCorpusId[corpusId]!;
      if (id === -1) {
        id = names.length;
        idOfCorpusId[corpusId] = id;
        names.push(termOf[corpusId]!);
        if (id === lastDocument.length) {
          const grown = new Int32Array(lastDocument.length * 2);
          grown.set(lastDocument);
          lastDocument = grown;
        }
        lastDocument[id] = -1;
      }
      if (lastDocument[id] === index) continue;
      lastDocument[id] = index;
      if (length === ids.length) {
        const grown = new Int32Array(ids.length * 2);
        grown.set(ids);
        ids = grown;
      }
      ids[length++] = id;
    }
  });
  offsets[dated.length] = length;
  const volume = new Int32Array(names.length);
  for (let index = 0; index < length; index += 1) volume[ids[index]!]! += 1;
  return { names, ids: ids.subarray(0, length), offsets, volume };
}

/** The number of periods from the first to the last date, for each period. */
function periodCounts(first: number, last: number): Record<TrendPeriod, number> {
  return Object.fromEntries(
    trendPeriods.map((period) => [period, periodNumber(last, period) - periodNumber(first, period) + 1]),
  ) as Record<TrendPeriod, number>;
}

/** The automatic period: the finest that counts the span in at most 60 periods, else a quarter. */
export function automaticPeriodOf(counts: Record<TrendPeriod, number>): TrendPeriod {
  return trendPeriods.find((period) => counts[period] <= periodSettings.automaticMostPeriods) ?? 'quarter';
}

interface Windows {
  recentFrom: number;
  baselineFrom: number;
  recentPeriods: number;
  baselinePeriods: number;
}

/** The recent and baseline windows over `volumes` (documents per period), sized by the period and the span. */
export function windowsOf(volumes: readonly number[], period: TrendPeriod): Windows {
  const total = volumes.length;
  const settings = periodSettings;
  let recentPeriods = Math.min(
    settings.naturalRecentPeriods[period],
    Math.max(1, Math.floor(total * settings.recentShareOfPeriods)),
  );
  const documentsIn = (periods: number) => {
    let sum = 0;
    for (let index = total - periods; index < total; index += 1) sum += volumes[index]!;
    return sum;
  };
  const widest = Math.max(recentPeriods, Math.floor(total / 2));
  while (recentPeriods < widest && documentsIn(recentPeriods) < significanceSettings.minimumRecentDocuments) {
    recentPeriods += 1;
  }
  const baselinePeriods = Math.min(total - recentPeriods, recentPeriods * settings.baselineTimesRecent);
  const recentFrom = total - recentPeriods;
  return { recentFrom, baselineFrom: recentFrom - baselinePeriods, recentPeriods, baselinePeriods };
}

type Measured = Omit<TrendTerm, 'series' | 'documents' | 'occurrences'> & { id: number };
/** A term's one count (issue 34, decision 0103): the analysed documents containing it, dated or not. */
type FiguresOf = (term: string) => Pick<TrendTerm, 'documents' | 'occurrences'>;

function viewOf(
  index: TermIndex,
  times: readonly number[],
  period: TrendPeriod,
  trendMetric: TrendMetric,
  minimumVolume: number,
  figuresOf: FiguresOf,
): TrendView {
  const first = periodNumber(times[0]!, period);
  const periodOfDocument = new Int32Array(times.length);
  let periodTotal = 1;
  times.forEach((time, document) => {
    const value = periodNumber(time, period) - first;
    periodOfDocument[document] = value;
    if (value + 1 > periodTotal) periodTotal = value + 1;
  });
  const volumes = new Array<number>(periodTotal).fill(0);
  for (const value of periodOfDocument) volumes[value]! += 1;
  const keys = volumes.map((_, value) => periodKey(first + value, period));
  const { recentFrom, baselineFrom, recentPeriods, baselinePeriods } = windowsOf(volumes, period);
  const hasBaseline = baselinePeriods > 0;
  const windowOf = (from: number, to: number): TrendWindow => {
    let documents = 0;
    for (let value = from; value <= to; value += 1) documents += volumes[value]!;
    return { from: keys[from]!, to: keys[to]!, periods: to - from + 1, documents };
  };
  const recentWindow = windowOf(recentFrom, periodTotal - 1);
  const baselineWindow = hasBaseline ? windowOf(baselineFrom, recentFrom - 1) : null;

  const { names, ids, offsets } = index;
  const recent = new Int32Array(names.length);
  const baseline = new Int32Array(names.length);
  for (let document = 0; document < times.length; document += 1) {
    const value = periodOfDocument[document]!;
    if (value < baselineFrom) continue;
    const counts = value >= recentFrom ? recent : baseline;
    for (let at = offsets[document]!; at < offsets[document + 1]!; at += 1) counts[ids[at]!]! += 1;
  }

  const n_r = recentWindow.documents;
  const n_b = baselineWindow?.documents ?? 0;
  const settings = significanceSettings;
  const judged = hasBaseline && n_r >= settings.minimumRecentDocuments;
  const k = momentumSettings.smoothingMentions;
  const measured: Measured[] = [];
  for (let id = 0; id < names.length; id += 1) {
    const c_r = recent[id]!;
    const c_b = baseline[id]!;
    if ((hasBaseline ? c_r + c_b : index.volume[id]!) < minimumVolume) continue;
    let momentum: number | null = null;
    let g2: number | null = null;
    let pValue: number | null = null;
    let significant = false;
    if (hasBaseline) {
      const both = n_r + n_b;
      const exact = Math.log2((c_r + (k * n_r) / both) / n_r / ((c_b + (k * n_b) / both) / n_b));
      momentum = rounded(exact);
      const statistic = logLikelihood(c_r, n_r, c_b, n_b);
      g2 = rounded(statistic, 2);
      const p = chiSquareOneTail(statistic);
      pValue = p;
      const higherCount = c_r * n_b >= c_b * n_r ? c_r : c_b;
      significant =
        judged && higherCount >= settings.minimumMentions && Math.abs(exact) >= settings.minimumMomentum;
    }
    measured.push({
      id,
      term: names[id]!,
      volume: index.volume[id]!,
      recentVolume: c_r,
      baselineVolume: c_b,
      recentShare: n_r === 0 ? 0 : rounded(c_r / n_r),
      baselineShare: n_b === 0 ? 0 : rounded(c_b / n_b),
      momentum,
      g2,
      pValue,
      qValue: pValue,
      significant,
    });
  }

  // Benjamini–Hochberg over every measured term: q_i = min over j ≥ i of p_j·m/j, p ascending.
  if (hasBaseline) {
    const order = [...measured].sort((a, b) => a.pValue! - b.pValue!);
    let running = 1;
    for (let rank = order.length; rank >= 1; rank -= 1) {
      const term = order[rank - 1]!;
      running = Math.min(running, (term.pValue! * order.length) / rank);
      term.qValue = Number(running.toPrecision(3));
      term.pValue = Number(term.pValue!.toPrecision(3));
      term.significant = term.significant! && running <= settings.falseDiscoveryRate;
    }
  }

  const byVolume = (a: Measured, b: Measured) =>
    b.volume - a.volume || b.recentVolume - a.recentVolume || compareText(a.term, b.term);
  const byMomentum = (a: Measured, b: Measured) => (b.momentum ?? 0) - (a.momentum ?? 0) || byVolume(a, b);
  const ranked = [...measured].sort(trendMetric === 'momentum' && hasBaseline ? byMomentum : byVolume);
  const moving = measured.filter((term) => term.significant);
  const rising = moving.filter((term) => (term.momentum ?? 0) > 0).sort(byMomentum);
  const falling = moving
    .filter((term) => (term.momentum ?? 0) < 0)
    .sort((a, b) => (a.momentum ?? 0) - (b.momentum ?? 0) || byVolume(a, b));
  const listed = {
    terms: ranked.slice(0, listedTerms),
    rising: rising.slice(0, listedMovers),
    falling: falling.slice(0, listedMovers),
  };

  // Each listed term's documents per period, in one pass over the documents' terms.
  const slotOf = new Int32Array(names.length).fill(-1);
  const series: number[][] = [];
  for (const term of [...listed.terms, ...listed.rising, ...listed.falling]) {
    if (slotOf[term.id] !== -1) continue;
    slotOf[term.id] = series.length;
    series.push(new Array<number>(periodTotal).fill(0));
  }
  for (let document = 0; document < times.length; document += 1) {
    const value = periodOfDocument[document]!;
    for (let at = offsets[document]!; at < offsets[document + 1]!; at += 1) {
      const slot = slotOf[ids[at]!]!;
      if (slot !== -1) series[slot]![value]! += 1;
    }
  }
  const withSeries = ({ id, ...term }: Measured): TrendTerm => ({
    ...figuresOf(term.term),
    ...term,
    series: series[slotOf[id]!]!.map((volume, value): TrendPoint => ({ period: keys[value]!, volume })),
  });

  const windows = trendMessages.windows(recentPeriods, baselinePeriods, period);
  let noteCode: TrendNoteCode | undefined;
  let note: string | undefined;
  if (!hasBaseline) {
    noteCode = 'onePeriod';
    note = trendMessages.notes.onePeriod(period);
  } else if (!judged) {
    noteCode = 'tooFewDocuments';
    note = trendMessages.notes.tooFewDocuments(n_r, settings.minimumRecentDocuments);
  } else if (rising.length === 0 && falling.length === 0) {
    noteCode = 'nothingSignificant';
    note = trendMessages.notes.nothingSignificant(windows);
  }
  return {
    period,
    periods: keys.map((key, value) => ({ period: key, volume: volumes[value]! })),
    recentWindow,
    baselineWindow,
    windows,
    ...(noteCode !== undefined && { noteCode, note }),
    terms: listed.terms.map(withSeries),
    rising: listed.rising.map(withSeries),
    falling: listed.falling.map(withSeries),
  };
}

export function detectTrends(
  documents: readonly CorpusDocument[],
  trendMetric: TrendMetric,
  requestedPeriod: TrendPeriodChoice = automaticPeriod,
): TrendSummary {
  const dated = documents
    .filter((document) => document.publishedAt !== null)
    .sort((a, b) => a.publishedAt!.getTime() - b.publishedAt!.getTime());
  const undated = documents.length - dated.length;
  const periodChoice = requestedPeriod === automaticPeriod ? 'auto' : 'requested';
  if (dated.length === 0) {
    return {
      trendMetric,
      period: requestedPeriod === automaticPeriod ? 'day' : requestedPeriod,
      periodChoice,
      periods: [],
      recentWindow: null,
      baselineWindow: null,
      windows: '',
      undated,
      significance: significanceSettings,
      noteCode: 'undated',
      note: trendMessages.notes.undated,
      terms: [],
      rising: [],
      falling: [],
      views: [],
    };
  }

  const times = dated.map((document) => document.publishedAt!.getTime());
  const counts = periodCounts(times[0]!, times[times.length - 1]!);
  const period = requestedPeriod === automaticPeriod ? automaticPeriodOf(counts) : requestedPeriod;
  const index = indexTerms(dated, documents);
  const { minimumVolume } = momentumSettings;
  const offered = trendPeriods.filter(
    (candidate) =>
      candidate === period ||
      (counts[candidate] >= periodSettings.viewFewestPeriods &&
        counts[candidate] <= periodSettings.viewMostPeriods),
  );
  const statistics = corpusTermStatistics(documents);
  const figuresOf: FiguresOf = (term) => corpusFiguresOf(statistics, term);
  const views = offered.map((candidate) =>
    viewOf(index, times, candidate, trendMetric, minimumVolume, figuresOf),
  );
  const chosen = views.find((view) => view.period === period)!;
  return { trendMetric, ...chosen, periodChoice, undated, significance: significanceSettings, views };
}
