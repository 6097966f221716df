import type { RunInsights } from '@dcipher/shared/contract/flows';
import { theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';
import { ColumnChart, chartColors, type Datum, HorizontalBarChart, LineChart } from './charts';
import { formatCount } from './workflow-labels';

/**
 * What a sample's run found, as a person reads it: a chart for each kind of finding the run's analysis type gives
 * (keywords, sentiment, rising terms with their momentum, narratives, sources and days), each with a table of
 * the same figures under it, for those who do not see the chart and those who want the numbers.
 */

const shown = 10;
/** Tables longer than this are folded behind a summary. */
const foldAfter = 16;

const formatSigned = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
const formatShare = (value: number) => `${Math.round(value * 100)}%`;
const sentimentWord = (value: number) => (value > 0.05 ? 'positive' : value < -0.05 ? 'negative' : 'neutral');

const cell = (numeric: boolean) =>
  ({
    textAlign: numeric ? 'right' : 'left',
    padding: '0.4rem 0.5rem',
    borderBottom: `1px solid ${theme.colors.border}`,
    verticalAlign: 'top',
  }) as const;

/** A table of a chart's figures: the first column names the row. */
export function FigureTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly { label: string; numeric?: boolean }[];
  rows: readonly (readonly ReactNode[])[];
}) {
  const table = (
    // A table wider than a phone scrolls sideways in its own box, which the keyboard can reach and scroll too.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      css={{
        overflowX: 'auto',
        marginTop: '0.75rem',
        '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
      }}
    >
      <table css={{ borderCollapse: 'collapse', width: '100%', maxWidth: '40rem', fontSize: '0.95rem' }}>
        <caption css={{ textAlign: 'left', color: theme.colors.muted, marginBottom: '0.35rem' }}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                css={{ ...cell(Boolean(column.numeric)), borderBottom: `2px solid ${theme.colors.border}` }}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((value, index) =>
                index === 0 ? (
                  <th
                    key={index}
                    scope="row"
                    css={{
                      ...cell(false),
                      fontWeight: 600,
                      // A day or a period ("2026-11-02", "2026-W43") stays on one line.
                      whiteSpace: typeof value === 'string' && /^[\d-W]+$/.test(value) ? 'nowrap' : undefined,
                    }}
                  >
                    {value}
                  </th>
                ) : (
                  <td key={index} css={cell(Boolean(columns[index]?.numeric))}>
                    {value}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
  // A long series (days of two months) is folded: the chart shows its shape, the rows are one click away.
  if (rows.length <= foldAfter) return table;
  return (
    <details css={{ marginTop: '0.75rem' }}>
      <summary css={{ cursor: 'pointer', fontWeight: 600, color: theme.colors.brand, padding: '0.25rem 0' }}>
        {caption}: the {rows.length} rows as a table
      </summary>
      {table}
    </details>
  );
}

function Finding({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section css={{ margin: '0 0 2.5rem' }}>
      <h3 css={{ fontSize: '1.25rem', margin: '0 0 0.5rem' }}>{title}</h3>
      {intro ? (
        <p css={{ margin: '0 0 1rem', color: theme.colors.muted, maxWidth: '65ch' }}>{intro}</p>
      ) : null}
      {children}
    </section>
  );
}

function SentimentFinding({ sentiment }: { sentiment: NonNullable<RunInsights['sentiment']> }) {
  const data: Datum[] = [
    { label: 'Positive', value: sentiment.positive, color: chartColors.positive },
    { label: 'Neutral', value: sentiment.neutral, color: chartColors.neutral },
    { label: 'Negative', value: sentiment.negative, color: chartColors.negative },
  ];
  return (
    <Finding
      title="Sentiment"
      intro={`Documents by their sentiment. On average the documents are ${sentimentWord(sentiment.average)} (${formatSigned(sentiment.average)} on a scale from -1 to 1).`}
    >
      <HorizontalBarChart
        label="Sentiment: documents that are positive, neutral and negative"
        data={data}
        labelWidth={90}
      />
      <FigureTable
        caption="Documents by sentiment"
        columns={[{ label: 'Sentiment' }, { label: 'Documents', numeric: true }]}
        rows={data.map((datum) => [datum.label, formatCount(datum.value)])}
      />
    </Finding>
  );
}

function KeywordsFinding({ insights }: { insights: RunInsights }) {
  const byDocuments = (terms: readonly { term: string; documents: number }[]) =>
    [...terms].sort((a, b) => b.documents - a.documents).slice(0, shown);
  const keywords = byDocuments(insights.keywords);
  const phrases = byDocuments(insights.keyPhrases ?? []);
  return (
    <Finding title="Keywords" intro="The terms found in the most documents.">
      {keywords.length > 0 ? (
        <>
          <HorizontalBarChart
            label={`Keywords: the ${keywords.length} terms found in the most documents`}
            data={keywords.map((keyword) => ({ label: keyword.term, value: keyword.documents }))}
          />
          <FigureTable
            caption="Keywords by the documents they are found in"
            columns={[{ label: 'Keyword' }, { label: 'Documents', numeric: true }]}
            rows={keywords.map((keyword) => [keyword.term, formatCount(keyword.documents)])}
          />
        </>
      ) : (
        <p>The run found no keyword in these documents.</p>
      )}
      {phrases.length > 0 ? (
        <FigureTable
          caption="Key phrases by the documents they are found in"
          columns={[{ label: 'Key phrase' }, { label: 'Documents', numeric: true }]}
          rows={phrases.map((phrase) => [phrase.term, formatCount(phrase.documents)])}
        />
      ) : null}
    </Finding>
  );
}

function TrendFinding({ trend }: { trend: NonNullable<RunInsights['trend']> }) {
  const rising = trend.rising.slice(0, 8);
  const withMomentum = rising.filter((term) => term.momentum !== null);
  const lines = rising.slice(0, 3);
  const periods = trend.periods.map((period) => period.period);
  const volumeOf = (series: { period: string; volume: number }[]) =>
    periods.map((period) => series.find((point) => point.period === period)?.volume ?? 0);
  const termRows = (terms: typeof trend.rising) =>
    terms.map((term) => [
      term.term,
      formatCount(term.volume),
      term.momentum === null ? 'not measured' : formatSigned(term.momentum),
    ]);
  const termColumns = [
    { label: 'Term' },
    { label: 'Documents', numeric: true },
    { label: 'Momentum', numeric: true },
  ];
  return (
    <>
      <Finding
        title="Rising terms"
        intro={
          <>
            Terms whose share of the documents grew in the latest {trend.period} against the periods before,
            ranked by {trend.trendMetric}. Momentum 1 is twice the share, 0 unchanged, -1 half.
            {trend.note ? ` ${trend.note}` : ''}
          </>
        }
      >
        {withMomentum.length > 0 ? (
          <HorizontalBarChart
            label={`Rising terms: the momentum of the ${withMomentum.length} fastest-rising terms`}
            data={withMomentum.map((term) => ({ label: term.term, value: term.momentum ?? 0 }))}
            format={formatSigned}
          />
        ) : null}
        {rising.length > 0 ? (
          <FigureTable
            caption="Rising terms with their documents and momentum"
            columns={termColumns}
            rows={termRows(rising)}
          />
        ) : (
          <p>No term rose in the latest {trend.period}.</p>
        )}
      </Finding>
      {periods.length > 1 ? (
        <Finding
          title={`Mentions per ${trend.period}`}
          intro="All documents, and the documents of the top rising terms, per period."
        >
          <LineChart
            label={`Mentions per ${trend.period}: all documents and the top rising terms, over ${periods.length} periods`}
            periods={periods}
            series={[
              { name: 'All documents', values: trend.periods.map((period) => period.volume) },
              ...lines.map((term) => ({ name: term.term, values: volumeOf(term.series) })),
            ]}
          />
          <FigureTable
            caption={`Documents per ${trend.period}, all and with the top rising terms`}
            columns={[
              { label: trend.period[0]?.toUpperCase() + trend.period.slice(1) },
              { label: 'All documents', numeric: true },
              ...lines.map((term) => ({ label: term.term, numeric: true })),
            ]}
            rows={trend.periods.map((period, index) => [
              period.period,
              formatCount(period.volume),
              ...lines.map((term) => formatCount(volumeOf(term.series)[index] ?? 0)),
            ])}
          />
        </Finding>
      ) : null}
      {trend.falling.length > 0 ? (
        <Finding
          title="Falling terms"
          intro="Terms whose share of the documents shrank in the latest period."
        >
          <FigureTable
            caption="Falling terms with their documents and momentum"
            columns={termColumns}
            rows={termRows(trend.falling.slice(0, 8))}
          />
        </Finding>
      ) : null}
    </>
  );
}

function NarrativesFinding({ narratives }: { narratives: NonNullable<RunInsights['narratives']> }) {
  return (
    <Finding
      title="Narratives"
      intro="Documents grouped by what they talk about, each named by its top terms."
    >
      <HorizontalBarChart
        label={`Narratives: the share of the documents in each of ${narratives.length} narratives`}
        data={narratives.map((narrative) => ({ label: narrative.label, value: narrative.share * 100 }))}
        format={(value) => `${Math.round(value)}%`}
        labelWidth={170}
      />
      <FigureTable
        caption="Narratives with their terms, size, share and sentiment"
        columns={[
          { label: 'Narrative' },
          { label: 'Terms' },
          { label: 'Documents', numeric: true },
          { label: 'Share', numeric: true },
          { label: 'Sentiment', numeric: true },
          { label: 'Example' },
        ]}
        rows={narratives.map((narrative) => [
          narrative.label,
          narrative.terms.join(', '),
          formatCount(narrative.size),
          formatShare(narrative.share),
          formatSigned(narrative.sentiment),
          narrative.examples[0] ? `“${narrative.examples[0]}”` : '',
        ])}
      />
    </Finding>
  );
}

function SourcesFinding({ sources }: { sources: NonNullable<RunInsights['sources']> }) {
  return (
    <Finding title="Sources" intro="Documents per source, with each source's average sentiment.">
      <HorizontalBarChart
        label={`Sources: documents from each of ${sources.length} sources`}
        data={sources.map((source) => ({ label: source.source, value: source.documents }))}
        labelWidth={170}
      />
      <FigureTable
        caption="Documents and sentiment per source"
        columns={[
          { label: 'Source' },
          { label: 'Documents', numeric: true },
          { label: 'Sentiment', numeric: true },
        ]}
        rows={sources.map((source) => [
          source.source,
          formatCount(source.documents),
          formatSigned(source.sentiment),
        ])}
      />
    </Finding>
  );
}

function DaysFinding({ days }: { days: NonNullable<RunInsights['days']> }) {
  return (
    <Finding title="Documents per day">
      <ColumnChart
        label={`Documents per day over ${days.length} days`}
        data={days.map((day) => ({ label: day.day, value: day.documents }))}
      />
      <FigureTable
        caption="Documents per day"
        columns={[{ label: 'Day' }, { label: 'Documents', numeric: true }]}
        rows={days.map((day) => [day.day, formatCount(day.documents)])}
      />
    </Finding>
  );
}

function EntitiesFinding({ entities }: { entities: NonNullable<RunInsights['entities']> }) {
  return (
    <Finding title="Things named in the text" intro="Hashtags, mentions, links, money, dates and the like.">
      <FigureTable
        caption="Things named, by the documents they are found in"
        columns={[{ label: 'Found' }, { label: 'Kind' }, { label: 'Documents', numeric: true }]}
        rows={[...entities]
          .sort((a, b) => b.documents - a.documents)
          .slice(0, shown)
          .map((entity) => [entity.value, entity.type, formatCount(entity.documents)])}
      />
    </Finding>
  );
}

/** Every finding the insights hold, in the order a reader asks about them. */
export function RunInsightsView({ insights }: { insights: RunInsights }) {
  return (
    <div>
      {insights.narratives && insights.narratives.length > 0 ? (
        <NarrativesFinding narratives={insights.narratives} />
      ) : null}
      {insights.trend ? <TrendFinding trend={insights.trend} /> : null}
      {insights.sources && insights.sources.length > 0 ? <SourcesFinding sources={insights.sources} /> : null}
      {insights.days && insights.days.length > 0 ? <DaysFinding days={insights.days} /> : null}
      <KeywordsFinding insights={insights} />
      {insights.sentiment ? <SentimentFinding sentiment={insights.sentiment} /> : null}
      {insights.entities && insights.entities.length > 0 ? (
        <EntitiesFinding entities={insights.entities} />
      ) : null}
    </div>
  );
}
