import { useState } from 'react';
import { leftOutReasons, type RunInsights } from '../contract/flows.js';
import type { AnalysisType } from '../domain/enumerations.js';
import { focusRingStyles } from '../ui/focus-ring.js';
import { theme } from '../ui/theme.js';
import {
  type TrendPeriodWord,
  trendMessages,
  trendPeriodWords,
  workflowMessages,
} from '../validation/messages.js';
import { ChartCard, type HeadingLevel } from './chart-card.js';
import { BarChart, ColumnChart, chartColors, SmallMultiples } from './charts.js';
import { type DocumentPeriodUnit, type DocumentSelector, leftOutReasonWords } from './documents.js';
import { FigureTable } from './figure-table.js';
import { type FigureData, formatCount, formatShare, formatSigned } from './figures.js';
import { headlineFinding } from './headline.js';

/**
 * A run's result as a person reads it, the one view of it (issue 34 point 7, docs/decisions/0105): the remote's
 * workflow screen renders it in the browser, the store's pages on the server (Gatsby). It takes the insights the
 * API stores for the run (`RunInsightsSchema`, the digest of the engine's result; the whole result is in the run's
 * files) and draws a chart for each kind of finding there is, each with its title saying what it counts, its
 * downloads and its figures as a table.
 *
 * Where the parts other work adds go (issue 34 points 1–6): the trend's windows in words, the volume over time
 * and the period choice in `TrendCharts` (`periodChoice` is the choice's slot); sentiment per narrative and per
 * term and the caveat where the text is not opinion in `SentimentChart`, `NarrativesChart` and the terms' tables;
 * names apart from other kinds in `EntitiesTable`; the documents left out, with their reasons, in `LeftOut`; the
 * documents behind a figure through `onShowDocuments` (every table row offers them when it is given).
 */

export interface RunInsightsViewProps {
  insights: RunInsights;
  /**
   * Called with what a figure counts when a reader asks for the documents behind it. The remote wires it to the
   * API; the store's pages leave it out, and then no figure offers its documents.
   */
  onShowDocuments?: (selector: DocumentSelector) => void;
  /** The level of the charts' headings: under the page's h2 by default. */
  headingLevel?: HeadingLevel;
}

export const analysisTypeWords: Readonly<Record<AnalysisType, string>> = {
  contentAnalysis: 'Content analysis',
  trendDetection: 'Trend detection',
  newsAnalysis: 'News analysis',
  narrativeAnalysis: 'Narrative analysis',
};

const keywordsShown = 15;
const phrasesShown = 10;
const termsShown = 10;
const multiplesShown = 5;
const entitiesShown = 20;

type Shared = Pick<RunInsightsViewProps, 'onShowDocuments' | 'headingLevel'>;

const byDocuments = <T extends { documents: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => b.documents - a.documents);

function TermsChart({
  title,
  intro,
  terms,
  shown,
  column,
  ...shared
}: Shared & {
  title: string;
  intro?: string;
  terms: readonly { term: string; documents: number; sentiment?: number }[];
  shown: number;
  column: string;
}) {
  const top = byDocuments(terms).slice(0, shown);
  const withSentiment = top.some((term) => term.sentiment !== undefined);
  const figure: FigureData = {
    columns: [
      { label: column },
      { label: 'Documents', numeric: true },
      ...(withSentiment ? [{ label: 'Sentiment', numeric: true, format: formatSigned }] : []),
    ],
    rows: top.map((term) => [term.term, term.documents, ...(withSentiment ? [term.sentiment ?? ''] : [])]),
  };
  // The bars draw the documents; the sentiment is a column of the table only, and the card says so.
  const sentimentWords = withSentiment
    ? `The table also gives the mean sentiment of the documents mentioning each ${column.toLowerCase()}, from -1 to 1.`
    : undefined;
  return (
    <ChartCard
      {...shared}
      title={title}
      intro={[intro, sentimentWords].filter(Boolean).join(' ') || undefined}
      figure={figure}
      selectorOf={(row) => (top[row] ? { kind: 'term', term: top[row].term } : undefined)}
      chart={
        <BarChart label={title} data={top.map((term) => ({ label: term.term, value: term.documents }))} />
      }
    />
  );
}

function SentimentChart({
  sentiment,
  ...shared
}: Shared & { sentiment: NonNullable<RunInsights['sentiment']> }) {
  // Where the text states facts rather than opinions the scores say little: drawn muted, beside the caveat.
  const muted = sentiment.caveat !== undefined;
  const bands = [
    {
      label: 'Positive',
      value: sentiment.positive,
      color: muted ? chartColors.neutral : chartColors.positive,
      band: 'positive',
    },
    { label: 'Neutral', value: sentiment.neutral, color: chartColors.neutral, band: 'neutral' },
    {
      label: 'Negative',
      value: sentiment.negative,
      color: muted ? chartColors.neutral : chartColors.negative,
      band: 'negative',
    },
  ] as const;
  const mood = sentiment.average > 0.05 ? 'positive' : sentiment.average < -0.05 ? 'negative' : 'neutral';
  const title = 'Documents by sentiment';
  return (
    <ChartCard
      {...shared}
      title={title}
      intro={`On average the documents are ${mood} (${formatSigned(sentiment.average)} on a scale from -1 to 1).`}
      figure={{
        columns: [{ label: 'Sentiment' }, { label: 'Documents', numeric: true }],
        rows: bands.map((band) => [band.label, band.value]),
      }}
      selectorOf={(row) => {
        const band = bands[row];
        return band ? { kind: 'sentiment', sentiment: band.band } : undefined;
      }}
      chart={<BarChart label={title} data={bands} keepOrder />}
    >
      {sentiment.caveat ? (
        <p
          role="note"
          className="insights-sentiment-caveat"
          css={{
            margin: '0.5rem 0',
            padding: '0.6rem 0.75rem',
            borderLeft: `4px solid ${theme.colors.brand}`,
            background: theme.colors.canvas,
          }}
        >
          {workflowMessages.sentimentCaveat[sentiment.caveat]}
        </p>
      ) : null}
      {sentiment.withoutOpinion !== undefined ? (
        <p css={{ margin: '0.25rem 0', color: theme.colors.muted }}>
          {workflowMessages.sentimentWords.withoutOpinion(sentiment.withoutOpinion)}.
        </p>
      ) : null}
    </ChartCard>
  );
}

function NarrativesChart({
  narratives,
  sentimentCaveat,
  ...shared
}: Shared & { narratives: NonNullable<RunInsights['narratives']>; sentimentCaveat?: string }) {
  const sorted = [...narratives].sort((a, b) => b.size - a.size);
  const title = 'Documents in each narrative';
  return (
    <ChartCard
      {...shared}
      title={title}
      intro={`Documents grouped by what they talk about, each narrative named by a phrase its documents write. Sentiment: the mean of its documents, from -1 to 1.${sentimentCaveat ? ` ${sentimentCaveat}` : ''}`}
      figure={{
        columns: [
          { label: 'Narrative' },
          { label: 'Documents', numeric: true },
          { label: 'Share', numeric: true, format: formatShare },
          { label: 'Sentiment', numeric: true, format: formatSigned },
          { label: 'Top terms' },
        ],
        rows: sorted.map((narrative) => [
          narrative.label,
          narrative.size,
          narrative.share,
          narrative.sentiment,
          narrative.terms.join(', '),
        ]),
      }}
      selectorOf={(row) =>
        sorted[row] && sorted[row].id >= 1
          ? { kind: 'narrative', narrative: sorted[row].id, label: sorted[row].label }
          : undefined
      }
      chart={
        <BarChart
          label={title}
          data={sorted.map((narrative) => ({ label: narrative.label, value: narrative.size }))}
        />
      }
    >
      <ol
        aria-label="The narratives, with their examples"
        css={{ listStyle: 'none', margin: '0.75rem 0 0', padding: 0, display: 'grid', gap: '1rem' }}
      >
        {sorted.map((narrative) => (
          <li
            key={narrative.id}
            className="insights-narrative"
            css={{ minWidth: 0, overflowWrap: 'anywhere' }}
          >
            <p css={{ margin: '0 0 0.25rem' }}>
              <strong>{narrative.label}</strong>{' '}
              <span css={{ color: theme.colors.muted }}>
                {formatCount(narrative.size)} documents, {formatShare(narrative.share)}, sentiment{' '}
                {formatSigned(narrative.sentiment)}
              </span>
            </p>
            {narrative.examples.length > 0 ? (
              <ul
                aria-label={`Examples of “${narrative.label}”`}
                css={{ margin: '0.25rem 0', paddingLeft: '1.25rem' }}
              >
                {narrative.examples.map((example, index) => (
                  <li key={index}>
                    <q>{example}</q>
                  </li>
                ))}
              </ul>
            ) : null}
            {narrative.termCounts && narrative.termCounts.length > 0 ? (
              <FigureTable
                caption={`Terms of “${narrative.label}”`}
                columns={[
                  { label: 'Term' },
                  { label: 'In this narrative', numeric: true },
                  { label: 'In all documents', numeric: true },
                ]}
                rows={narrative.termCounts.map((term) => [
                  term.term,
                  term.narrativeDocuments,
                  term.documents,
                ])}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}

const periodWord = (period: string) => period.charAt(0).toUpperCase() + period.slice(1);

type Trend = NonNullable<RunInsights['trend']>;
type TrendWindow = Trend['recentWindow'];

/** A moving term as the view draws it: its figures and its documents per period, one for each of the view's periods. */
interface TrendTermShown {
  term: string;
  documents: number;
  momentum: number | null;
  recentVolume?: number;
  baselineVolume?: number;
  g2?: number | null;
  qValue?: number | null;
  sentiment?: number;
  values: number[];
}

/** One way of counting the trend (by day, week, month or quarter): the run's own, or one of its `views`. */
interface TrendShown {
  period: string;
  periods: Trend['periods'];
  note?: string;
  windows?: string;
  recentWindow?: TrendWindow;
  baselineWindow?: TrendWindow;
  rising: TrendTermShown[];
  falling: TrendTermShown[];
}

/** The run's own trend as a view (a run made before issue 34 has only this one). */
function ownTrend(trend: Trend): TrendShown {
  const keys = trend.periods.map((point) => point.period);
  const term = (entry: Trend['rising'][number]): TrendTermShown => {
    const volumes = new Map(entry.series.map((point) => [point.period, point.volume]));
    return {
      term: entry.term,
      documents: entry.documents ?? entry.volume,
      momentum: entry.momentum,
      recentVolume: entry.recentVolume,
      baselineVolume: entry.baselineVolume,
      g2: entry.g2,
      qValue: entry.qValue,
      sentiment: entry.sentiment,
      values: keys.map((key) => volumes.get(key) ?? 0),
    };
  };
  return {
    period: trend.period,
    periods: trend.periods,
    note: trend.note,
    windows: trend.windows,
    recentWindow: trend.recentWindow,
    baselineWindow: trend.baselineWindow,
    rising: trend.rising.map(term),
    falling: trend.falling.map(term),
  };
}

/** Another period's view of the same trend (`trend.views`); its terms' sentiment is the run's own terms'. */
function otherTrend(trend: Trend, view: NonNullable<Trend['views']>[number]): TrendShown {
  const sentimentOf = new Map(
    [...trend.rising, ...trend.falling].map((entry) => [entry.term, entry.sentiment] as const),
  );
  const term = (entry: NonNullable<Trend['views']>[number]['rising'][number]): TrendTermShown => ({
    term: entry.term,
    documents: entry.documents ?? entry.volume,
    momentum: entry.momentum,
    recentVolume: entry.recentVolume,
    baselineVolume: entry.baselineVolume,
    g2: entry.g2,
    qValue: entry.qValue,
    sentiment: sentimentOf.get(entry.term),
    values: view.periods.map((_, index) => entry.counts[index] ?? 0),
  });
  return {
    period: view.period,
    periods: view.periods,
    note: view.note,
    windows: view.windows,
    recentWindow: view.recentWindow,
    baselineWindow: view.baselineWindow,
    rising: view.rising.map(term),
    falling: view.falling.map(term),
  };
}

const isPeriodWord = (period: string): period is TrendPeriodWord => period in trendPeriodWords;
const periodUnitOf = (period: string): DocumentPeriodUnit | undefined =>
  isPeriodWord(period) ? period : undefined;

const windowWords = (name: string, window: TrendWindow) =>
  window
    ? `${name}: ${window.from === window.to ? window.from : `${window.from} to ${window.to}`}, ${formatCount(window.documents)} document${window.documents === 1 ? '' : 's'}`
    : null;

/** A column of a term table, shown only when some term has the figure (runs made before issue 34 have fewer). */
const optionalColumn = (
  terms: readonly TrendTermShown[],
  label: string,
  value: (term: TrendTermShown) => number | null | undefined,
  format?: (value: number) => string,
) =>
  terms.some((term) => value(term) !== undefined && value(term) !== null)
    ? { column: { label, numeric: true, format }, value: (term: TrendTermShown) => value(term) ?? '' }
    : null;

const formatQ = (value: number) => (value < 0.001 ? '< 0.001' : value.toFixed(3));

function TrendCharts({
  trend,
  sentimentCaveat,
  ...shared
}: Shared & { trend: Trend; sentimentCaveat: boolean }) {
  const views = trend.views ?? [];
  const [chosen, setChosen] = useState(trend.period);
  const view = chosen === trend.period ? undefined : views.find((entry) => entry.period === chosen);
  const shown = view ? otherTrend(trend, view) : ownTrend(trend);
  const periods = shown.periods.map((point) => point.period);
  const periodUnit = periodUnitOf(shown.period);
  const periodSelector = (period: string | undefined): DocumentSelector | undefined =>
    period === undefined ? undefined : { kind: 'period', period, ...(periodUnit && { periodUnit }) };
  const measured = (terms: readonly TrendTermShown[]) =>
    terms
      .filter((term) => term.momentum !== null)
      .sort((a, b) => Math.abs(b.momentum ?? 0) - Math.abs(a.momentum ?? 0))
      .slice(0, termsShown);
  const rising = measured(shown.rising);
  const falling = measured(shown.falling);
  const multiples = rising.slice(0, multiplesShown);
  const momentumFigure = (terms: readonly TrendTermShown[]): FigureData => {
    const extra = [
      optionalColumn(terms, 'Recent documents', (term) => term.recentVolume),
      optionalColumn(terms, 'Baseline documents', (term) => term.baselineVolume),
      optionalColumn(
        terms,
        'G²',
        (term) => term.g2,
        (value) => value.toFixed(1),
      ),
      optionalColumn(terms, 'q', (term) => term.qValue, formatQ),
    ].filter((entry) => entry !== null);
    const sentiment = optionalColumn(terms, 'Sentiment', (term) => term.sentiment, formatSigned);
    return {
      columns: [
        { label: 'Term' },
        { label: 'Momentum', numeric: true, format: formatSigned },
        { label: 'Times as often', numeric: true, format: (value) => `${value.toFixed(1)}×` },
        ...extra.map((entry) => entry.column),
        { label: 'Documents', numeric: true },
        ...(sentiment ? [sentiment.column] : []),
      ],
      rows: terms.map((term) => [
        term.term,
        term.momentum ?? 0,
        2 ** (term.momentum ?? 0),
        ...extra.map((entry) => entry.value(term)),
        term.documents,
        ...(sentiment ? [sentiment.value(term)] : []),
      ]),
    };
  };
  const termSelector = (terms: readonly TrendTermShown[]) => (row: number) =>
    terms[row] ? ({ kind: 'term', term: terms[row].term } as const) : undefined;
  const volumeTitle = `Documents per ${shown.period}`;
  const risingTitle = 'Rising terms, by momentum';
  const multiplesTitle = `Documents mentioning each rising term, per ${shown.period}`;
  const fallingTitle = 'Falling terms, by momentum';
  const hasSentiment = [...rising, ...falling].some((term) => term.sentiment !== undefined);
  const momentumIntro = `Momentum is log2 of how many times more often the recent window’s documents mention the term than the baseline’s (smoothed by 5 mentions): 1 is twice as often, 0 as often, -1 half as often.${
    hasSentiment
      ? ` Sentiment: ${workflowMessages.sentimentWords.termSentiment.toLowerCase()}, from -1 to 1${sentimentCaveat ? ' (these documents state facts more than opinions)' : ''}.`
      : ''
  }`;
  const { significance } = trend;
  const windows = [windowWords('Recent', shown.recentWindow), windowWords('baseline', shown.baselineWindow)]
    .filter((words) => words !== null)
    .join('; ');
  const choice = views.length > 1;
  return (
    <section
      aria-label="Trends"
      className="insights-trend"
      css={{ display: 'grid', gap: '1.25rem', minWidth: 0 }}
    >
      <div css={{ display: 'grid', gap: '0.35rem' }}>
        {choice ? (
          <label css={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center', fontWeight: 600 }}>
            Count by
            <select
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              css={{ font: 'inherit', padding: '0.35rem 0.5rem', minHeight: '2.25rem', ...focusRingStyles }}
            >
              {(views.some((entry) => entry.period === trend.period)
                ? views.map((entry) => entry.period)
                : [trend.period, ...views.map((entry) => entry.period)]
              ).map((period) => (
                <option key={period} value={period}>
                  {periodWord(period)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {isPeriodWord(shown.period) && trend.periodChoice && !view ? (
          <p css={{ margin: 0, color: theme.colors.muted }}>
            {trendMessages.periodChosen(shown.period, trend.periodChoice === 'auto')}
          </p>
        ) : null}
        {view && isPeriodWord(shown.period) ? (
          <p css={{ margin: 0, color: theme.colors.muted }}>
            {trendMessages.periodShown(shown.period, trend.period)}
          </p>
        ) : null}
        {shown.windows ? (
          <p className="insights-trend-windows" css={{ margin: 0 }}>
            Comparing {shown.windows}
            {windows ? ` (${windows})` : ''}.
          </p>
        ) : null}
      </div>
      {periods.length > 1 ? (
        <ChartCard
          {...shared}
          title={volumeTitle}
          intro={`All documents with a date, per ${shown.period}.`}
          figure={{
            columns: [{ label: periodWord(shown.period) }, { label: 'Documents', numeric: true }],
            rows: shown.periods.map((point) => [point.period, point.volume]),
          }}
          selectorOf={(row) => periodSelector(shown.periods[row]?.period)}
          chart={
            <ColumnChart
              label={volumeTitle}
              data={shown.periods.map((point) => ({ label: point.period, value: point.volume }))}
            />
          }
        />
      ) : null}
      {rising.length > 0 ? (
        <ChartCard
          {...shared}
          title={risingTitle}
          intro={momentumIntro}
          figure={momentumFigure(rising)}
          selectorOf={termSelector(rising)}
          chart={
            <BarChart
              label={risingTitle}
              data={rising.map((term) => ({ label: term.term, value: term.momentum ?? 0 }))}
              format={formatSigned}
            />
          }
        />
      ) : (
        <p className="insights-trend-note" css={{ margin: 0, fontWeight: 600 }}>
          {shown.note ?? 'No term rose measurably in the recent periods.'}
        </p>
      )}
      {multiples.length > 0 && periods.length > 1 ? (
        <ChartCard
          {...shared}
          title={multiplesTitle}
          intro="One line per term, on the same scale, so that each can be read alone."
          figure={{
            columns: [
              { label: periodWord(shown.period) },
              ...multiples.map((term) => ({ label: term.term, numeric: true })),
            ],
            rows: periods.map((period, index) => [
              period,
              ...multiples.map((term) => term.values[index] ?? 0),
            ]),
          }}
          selectorOf={(row) => periodSelector(periods[row])}
          chart={
            <SmallMultiples
              label={multiplesTitle}
              periods={periods}
              series={multiples.map((term) => ({
                name: term.term,
                note: `${formatCount(term.documents)} documents`,
                values: term.values,
              }))}
            />
          }
        />
      ) : null}
      {falling.length > 0 ? (
        <ChartCard
          {...shared}
          title={fallingTitle}
          intro={momentumIntro}
          figure={momentumFigure(falling)}
          selectorOf={termSelector(falling)}
          chart={
            <BarChart
              label={fallingTitle}
              data={falling.map((term) => ({
                label: term.term,
                value: term.momentum ?? 0,
                color: chartColors.falling,
              }))}
              format={formatSigned}
            />
          }
        />
      ) : null}
      {significance ? (
        <p
          className="insights-trend-significance"
          css={{ margin: 0, color: theme.colors.muted, fontSize: '0.9rem' }}
        >
          {trendMessages.significance(
            significance.falseDiscoveryRate,
            significance.minimumMentions,
            significance.minimumMomentum,
          )}
        </p>
      ) : null}
    </section>
  );
}

function SourcesChart({ sources, ...shared }: Shared & { sources: NonNullable<RunInsights['sources']> }) {
  const sorted = byDocuments(sources);
  const title = 'Documents from each source';
  return (
    <ChartCard
      {...shared}
      title={title}
      figure={{
        columns: [
          { label: 'Source' },
          { label: 'Documents', numeric: true },
          { label: 'Sentiment', numeric: true, format: formatSigned },
        ],
        rows: sorted.map((source) => [source.source, source.documents, source.sentiment]),
      }}
      chart={
        <BarChart
          label={title}
          data={sorted.map((source) => ({ label: source.source, value: source.documents }))}
        />
      }
    />
  );
}

function DaysChart({ days, ...shared }: Shared & { days: NonNullable<RunInsights['days']> }) {
  const title = 'Documents per day';
  return (
    <ChartCard
      {...shared}
      title={title}
      figure={{
        columns: [{ label: 'Day' }, { label: 'Documents', numeric: true }],
        rows: days.map((day) => [day.day, day.documents]),
      }}
      selectorOf={(row) =>
        days[row] ? { kind: 'period', period: days[row].day, periodUnit: 'day' } : undefined
      }
      chart={
        <ColumnChart label={title} data={days.map((day) => ({ label: day.day, value: day.documents }))} />
      }
    />
  );
}

function LanguagesChart({
  languages,
  ...shared
}: Shared & { languages: NonNullable<RunInsights['languages']> }) {
  const sorted = byDocuments(languages);
  const title = 'Documents in each language';
  return (
    <ChartCard
      {...shared}
      title={title}
      intro="Languages as ISO 639 codes; “und” is a text too short or unclear to tell."
      figure={{
        columns: [{ label: 'Language' }, { label: 'Documents', numeric: true }],
        rows: sorted.map((language) => [language.language, language.documents]),
      }}
      selectorOf={(row) => (sorted[row] ? { kind: 'language', language: sorted[row].language } : undefined)}
      chart={
        <BarChart
          label={title}
          data={sorted.map((language) => ({ label: language.language, value: language.documents }))}
        />
      }
    />
  );
}

/** Names in the text (proper nouns), by the documents naming them (issue 34 point 5). */
function NamesTable({
  names,
  ...shared
}: Shared & { names: readonly { value: string; documents: number }[] }) {
  const top = byDocuments(names).slice(0, entitiesShown);
  return (
    <ChartCard
      {...shared}
      title="Names in the text, by the documents naming them"
      intro="People, companies, places and products the documents name."
      figure={{
        columns: [{ label: 'Name' }, { label: 'Documents', numeric: true }],
        rows: top.map((name) => [name.value, name.documents]),
      }}
    />
  );
}

/** What the text mentions other than names (numbers, dates, money, links…), grouped by kind, most documents first. */
function EntitiesTable({ entities, ...shared }: Shared & { entities: NonNullable<RunInsights['entities']> }) {
  const kinds = [...new Set(byDocuments(entities).map((entity) => entity.type))];
  const rows = kinds.flatMap((kind) =>
    byDocuments(entities.filter((entity) => entity.type === kind)).slice(0, entitiesShown),
  );
  return (
    <ChartCard
      {...shared}
      title="Numbers, dates, money, links… by kind"
      intro="What the documents mention other than names, each kind by the documents it is found in."
      figure={{
        columns: [{ label: 'Found' }, { label: 'Kind' }, { label: 'Documents', numeric: true }],
        rows: rows.map((entity) => [entity.value, entity.type, entity.documents]),
      }}
    />
  );
}

type LeftOutReason = (typeof leftOutReasons)[number];
const leftOutShown = 100;

/**
 * The documents the run left out, with why (issue 34 point 3): how many for each reason (each offering its
 * documents), the first ones by row and id, and the run's file that lists every one.
 */
function LeftOutSection({ documents, ...shared }: Shared & { documents: RunInsights['documents'] }) {
  const list = documents.leftOut ?? [];
  // Runs made before issue 34 have only the list (and `unreadable`): their counts are the list's.
  const byReason: Record<LeftOutReason, number> = documents.leftOutByReason ?? {
    empty: list.filter((entry) => entry.reason === 'empty').length,
    language: list.filter((entry) => entry.reason === 'language').length,
    articleLimit: list.filter((entry) => entry.reason === 'articleLimit').length,
    unreadable: Math.max(
      documents.unreadable ?? 0,
      list.filter((entry) => entry.reason === 'unreadable').length,
    ),
  };
  const reasons = leftOutReasons
    .filter((reason) => byReason[reason] > 0)
    .sort((a, b) => byReason[b] - byReason[a]);
  const total = reasons.reduce((sum, reason) => sum + byReason[reason], 0);
  if (total === 0) return null;
  const title = 'Documents left out, by reason';
  const shown = list.slice(0, leftOutShown);
  const why = (entry: (typeof list)[number]) =>
    entry.reason === 'language'
      ? workflowMessages.leftOutReason.language(entry.language)
      : workflowMessages.leftOutReason[entry.reason];
  const listCaption =
    shown.length < total
      ? `The first ${shown.length === 1 ? 'document' : `${shown.length} documents`} left out, by row`
      : 'The documents left out, by row';
  return (
    <ChartCard
      {...shared}
      title={title}
      intro={workflowMessages.documentsLeftOut(total, documents.received)}
      figure={{
        columns: [{ label: 'Reason' }, { label: 'Documents', numeric: true }],
        rows: reasons.map((reason) => [leftOutReasonWords[reason], byReason[reason]]),
      }}
      selectorOf={(row) => (reasons[row] ? { kind: 'leftOut', reason: reasons[row] } : undefined)}
    >
      {shown.length > 0 ? (
        <FigureTable
          caption={listCaption}
          columns={[{ label: 'Document' }, { label: 'Row', numeric: true }, { label: 'Why' }]}
          rows={shown.map((entry) => [entry.id, entry.row, why(entry)])}
        />
      ) : null}
    </ChartCard>
  );
}

/** Every chart the insights hold, in the order a reader asks about them, the headline first. */
export function RunInsightsView({ insights, onShowDocuments, headingLevel = 'h3' }: RunInsightsViewProps) {
  const shared: Shared = { onShowDocuments, headingLevel };
  // Runs made before issue 34 list names among the entities (type `name`): shown as names, apart from the rest.
  const entities = insights.entities ?? [];
  const names =
    insights.names ??
    entities
      .filter((entity) => entity.type === 'name')
      .map((entity) => ({ value: entity.value, documents: entity.documents }));
  const otherKinds = entities.filter((entity) => entity.type !== 'name');
  const headline = headlineFinding(insights);
  return (
    <div className="run-insights" css={{ display: 'grid', gap: '1.25rem', minWidth: 0, width: '100%' }}>
      <div>
        {headline ? (
          <p css={{ margin: '0 0 0.35rem', fontSize: '1.15rem', fontWeight: 600 }}>{headline}</p>
        ) : null}
        <p css={{ margin: 0, color: theme.colors.muted }}>
          {analysisTypeWords[insights.analysisType]} of {formatCount(insights.documents.analysed)} of{' '}
          {formatCount(insights.documents.received)} documents ({formatCount(insights.tokens)} words).
        </p>
      </div>
      {insights.narratives && insights.narratives.length > 0 ? (
        <NarrativesChart
          {...shared}
          narratives={insights.narratives}
          sentimentCaveat={
            insights.sentiment?.caveat
              ? workflowMessages.sentimentCaveat[insights.sentiment.caveat]
              : undefined
          }
        />
      ) : null}
      {insights.trend ? (
        <TrendCharts
          {...shared}
          trend={insights.trend}
          sentimentCaveat={insights.sentiment?.caveat !== undefined}
        />
      ) : null}
      {insights.sources && insights.sources.length > 0 ? (
        <SourcesChart {...shared} sources={insights.sources} />
      ) : null}
      {/* A news run's days are its trend's volume when that is counted by day: one chart, not the same one twice. */}
      {insights.days && insights.days.length > 0 && !(insights.trend && insights.trend.periods.length > 0) ? (
        <DaysChart {...shared} days={insights.days} />
      ) : null}
      {insights.keywords.length > 0 ? (
        <TermsChart
          {...shared}
          title="Documents mentioning each keyword"
          intro="A keyword counts once per document that contains it."
          terms={insights.keywords}
          shown={keywordsShown}
          column="Keyword"
        />
      ) : (
        <p css={{ margin: 0 }}>The run found no keyword in these documents.</p>
      )}
      {insights.keyPhrases && insights.keyPhrases.length > 0 ? (
        <TermsChart
          {...shared}
          title="Documents mentioning each key phrase"
          terms={insights.keyPhrases}
          shown={phrasesShown}
          column="Key phrase"
        />
      ) : null}
      {insights.sentiment ? <SentimentChart {...shared} sentiment={insights.sentiment} /> : null}
      {names.length > 0 ? <NamesTable {...shared} names={names} /> : null}
      {otherKinds.length > 0 ? <EntitiesTable {...shared} entities={otherKinds} /> : null}
      {insights.languages && insights.languages.length > 1 ? (
        <LanguagesChart {...shared} languages={insights.languages} />
      ) : null}
      <LeftOutSection {...shared} documents={insights.documents} />
    </div>
  );
}
