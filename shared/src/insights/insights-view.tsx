import type { ReactNode } from 'react';
import { leftOutReasons, type RunInsights } from '../contract/flows.js';
import type { AnalysisType } from '../domain/enumerations.js';
import { theme } from '../ui/theme.js';
import { workflowMessages } from '../validation/messages.js';
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

export interface PeriodChoice {
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

export interface RunInsightsViewProps {
  insights: RunInsights;
  /**
   * Called with what a figure counts when a reader asks for the documents behind it. The remote wires it to the
   * API; the store's pages leave it out, and then no figure offers its documents.
   */
  onShowDocuments?: (selector: DocumentSelector) => void;
  /** The period the trend is counted by, choosable on the result (the remote); shown as a fact without it. */
  periodChoice?: PeriodChoice;
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
  intro?: ReactNode;
  terms: readonly { term: string; documents: number }[];
  shown: number;
  column: string;
}) {
  const top = byDocuments(terms).slice(0, shown);
  const figure: FigureData = {
    columns: [{ label: column }, { label: 'Documents', numeric: true }],
    rows: top.map((term) => [term.term, term.documents]),
  };
  return (
    <ChartCard
      {...shared}
      title={title}
      intro={intro}
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
  const bands = [
    { label: 'Positive', value: sentiment.positive, color: chartColors.positive, band: 'positive' },
    { label: 'Neutral', value: sentiment.neutral, color: chartColors.neutral, band: 'neutral' },
    { label: 'Negative', value: sentiment.negative, color: chartColors.negative, band: 'negative' },
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
    />
  );
}

function NarrativesChart({
  narratives,
  ...shared
}: Shared & { narratives: NonNullable<RunInsights['narratives']> }) {
  const sorted = [...narratives].sort((a, b) => b.size - a.size);
  const title = 'Documents in each narrative';
  return (
    <ChartCard
      {...shared}
      title={title}
      intro="Documents grouped by what they talk about, each narrative named by its top terms."
      figure={{
        columns: [
          { label: 'Narrative' },
          { label: 'Documents', numeric: true },
          { label: 'Share', numeric: true, format: formatShare },
          { label: 'Sentiment', numeric: true, format: formatSigned },
          { label: 'Terms' },
          { label: 'Example' },
        ],
        rows: sorted.map((narrative) => [
          narrative.label,
          narrative.size,
          narrative.share,
          narrative.sentiment,
          narrative.terms.join(', '),
          narrative.examples[0] ? `“${narrative.examples[0]}”` : '',
        ]),
      }}
      selectorOf={(row) =>
        sorted[row] && sorted[row].id >= 1 ? { kind: 'narrative', narrative: sorted[row].id } : undefined
      }
      chart={
        <BarChart
          label={title}
          data={sorted.map((narrative) => ({ label: narrative.label, value: narrative.size }))}
        />
      }
    />
  );
}

const periodWord = (period: string) => period.charAt(0).toUpperCase() + period.slice(1);

function TrendCharts({
  trend,
  periodChoice,
  ...shared
}: Shared & { trend: NonNullable<RunInsights['trend']>; periodChoice?: PeriodChoice }) {
  const periods = trend.periods.map((point) => point.period);
  const volumeOf = (series: readonly { period: string; volume: number }[]) => {
    const volumes = new Map(series.map((point) => [point.period, point.volume]));
    return periods.map((period) => volumes.get(period) ?? 0);
  };
  const measured = (terms: typeof trend.rising) =>
    terms
      .filter((term) => term.momentum !== null)
      .sort((a, b) => Math.abs(b.momentum ?? 0) - Math.abs(a.momentum ?? 0))
      .slice(0, termsShown);
  const rising = measured(trend.rising);
  const falling = measured(trend.falling);
  const multiples = rising.slice(0, multiplesShown);
  const momentumFigure = (terms: typeof rising): FigureData => ({
    columns: [
      { label: 'Term' },
      { label: 'Momentum', numeric: true, format: formatSigned },
      { label: 'Change in share', numeric: true, format: (value) => `${value.toFixed(1)}×` },
      { label: 'Documents', numeric: true },
    ],
    rows: terms.map((term) => [term.term, term.momentum ?? 0, 2 ** (term.momentum ?? 0), term.volume]),
  });
  const termSelector = (terms: typeof rising) => (row: number) =>
    terms[row] ? ({ kind: 'term', term: terms[row].term } as const) : undefined;
  const volumeTitle = `Documents per ${trend.period}`;
  const risingTitle = 'Rising terms, by momentum';
  const multiplesTitle = `Documents mentioning each rising term, per ${trend.period}`;
  const fallingTitle = 'Falling terms, by momentum';
  const momentumIntro =
    'Momentum is log2 of the change in a term’s share of the documents, recent periods against the ones before: 1 is twice the share, 0 unchanged, -1 half.';
  return (
    <>
      {periodChoice ? (
        <label css={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center', fontWeight: 600 }}>
          Count by
          <select
            value={periodChoice.value}
            onChange={(event) => periodChoice.onChange(event.target.value)}
            css={{ font: 'inherit', padding: '0.35rem 0.5rem', minHeight: '2.25rem' }}
          >
            {periodChoice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {trend.note ? <p css={{ margin: 0, color: theme.colors.muted }}>{trend.note}</p> : null}
      {periods.length > 1 ? (
        <ChartCard
          {...shared}
          title={volumeTitle}
          intro={`All documents with a date, per ${trend.period}.`}
          figure={{
            columns: [{ label: periodWord(trend.period) }, { label: 'Documents', numeric: true }],
            rows: trend.periods.map((point) => [point.period, point.volume]),
          }}
          selectorOf={(row) =>
            trend.periods[row] ? { kind: 'period', period: trend.periods[row].period } : undefined
          }
          chart={
            <ColumnChart
              label={volumeTitle}
              data={trend.periods.map((point) => ({ label: point.period, value: point.volume }))}
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
        <p css={{ margin: 0 }}>No term rose measurably in the recent periods.</p>
      )}
      {multiples.length > 0 && periods.length > 1 ? (
        <ChartCard
          {...shared}
          title={multiplesTitle}
          intro="One line per term, on the same scale, so that each can be read alone."
          figure={{
            columns: [
              { label: periodWord(trend.period) },
              ...multiples.map((term) => ({ label: term.term, numeric: true })),
            ],
            rows: periods.map((period, index) => [
              period,
              ...multiples.map((term) => volumeOf(term.series)[index] ?? 0),
            ]),
          }}
          selectorOf={(row) => (periods[row] ? { kind: 'period', period: periods[row] } : undefined)}
          chart={
            <SmallMultiples
              label={multiplesTitle}
              periods={periods}
              series={multiples.map((term) => ({
                name: term.term,
                note: `${formatCount(term.volume)} documents`,
                values: volumeOf(term.series),
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
    </>
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

function EntitiesTable({ entities, ...shared }: Shared & { entities: NonNullable<RunInsights['entities']> }) {
  const top = byDocuments(entities).slice(0, entitiesShown);
  return (
    <ChartCard
      {...shared}
      title="Documents naming each thing found"
      intro="Hashtags, mentions, links, money, dates and the like, by the documents they are found in."
      figure={{
        columns: [{ label: 'Found' }, { label: 'Kind' }, { label: 'Documents', numeric: true }],
        rows: top.map((entity) => [entity.value, entity.type, entity.documents]),
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
export function RunInsightsView({
  insights,
  onShowDocuments,
  periodChoice,
  headingLevel = 'h3',
}: RunInsightsViewProps) {
  const shared: Shared = { onShowDocuments, headingLevel };
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
        <NarrativesChart {...shared} narratives={insights.narratives} />
      ) : null}
      {insights.trend ? <TrendCharts {...shared} trend={insights.trend} periodChoice={periodChoice} /> : null}
      {insights.sources && insights.sources.length > 0 ? (
        <SourcesChart {...shared} sources={insights.sources} />
      ) : null}
      {insights.days && insights.days.length > 0 ? <DaysChart {...shared} days={insights.days} /> : null}
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
      {insights.entities && insights.entities.length > 0 ? (
        <EntitiesTable {...shared} entities={insights.entities} />
      ) : null}
      {insights.languages && insights.languages.length > 1 ? (
        <LanguagesChart {...shared} languages={insights.languages} />
      ) : null}
      <LeftOutSection {...shared} documents={insights.documents} />
    </div>
  );
}
