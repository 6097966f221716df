import type { RunInsights } from '@dcipher/shared/contract/flows';
import { theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { analysisTypeLabels, count } from './workflow-words';

/**
 * A run's result as a person reads it (`RunInsightsSchema`): charts drawn with recharts (docs/decisions/0072), each
 * with the same figures as a table beside it, the text alternative screen readers and keyboards use (the chart
 * itself is hidden from them).
 */
export default function RunInsightsView({ insights }: { insights: RunInsights }) {
  const { trend, narratives, sources, days, sentiment } = insights;
  return (
    <div data-testid="run-insights" css={{ display: 'grid', gap: '1.25rem', minWidth: 0 }}>
      <p css={{ margin: 0 }}>
        {analysisTypeLabels[insights.analysisType]} of {count(insights.documents.analysed)} of{' '}
        {count(insights.documents.received)} documents ({count(insights.tokens)} words).
      </p>
      {sentiment ? <SentimentFigure sentiment={sentiment} /> : null}
      {insights.keywords.length > 0 ? (
        <TermsFigure title="Keywords" terms={insights.keywords.slice(0, 15)} />
      ) : null}
      {trend ? <TrendFigure trend={trend} /> : null}
      {narratives && narratives.length > 0 ? <NarrativesFigure narratives={narratives} /> : null}
      {sources && sources.length > 0 ? <SourcesFigure sources={sources} /> : null}
      {days && days.length > 0 ? <DaysFigure days={days} /> : null}
      {insights.keyPhrases && insights.keyPhrases.length > 0 ? (
        <TermsFigure title="Key phrases" terms={insights.keyPhrases.slice(0, 10)} />
      ) : null}
      {insights.entities && insights.entities.length > 0 ? (
        <FigureCard title="Things named in the text">
          <FigureTable
            caption="Things named in the text, by the documents naming them"
            headings={['Kind', 'Value', 'Documents']}
            rows={insights.entities
              .slice(0, 20)
              .map((entity) => [entity.type, entity.value, count(entity.documents)])}
          />
        </FigureCard>
      ) : null}
      {insights.languages && insights.languages.length > 0 ? (
        <p css={{ margin: 0, color: theme.colors.muted }}>
          Languages:{' '}
          {insights.languages
            .map((language) => `${language.language} (${count(language.documents)})`)
            .join(', ')}
          .
        </p>
      ) : null}
    </div>
  );
}

const palette = ['#3b3fd8', '#c2410c', '#12805c', '#9c36b5', '#0b7285', '#a61e4d'];
const positive = '#12805c';
const negative = theme.colors.danger;
const neutral = '#8a8fa8';

/** A chart's card: a titled figure whose chart is drawn for the eye and whose table carries the same figures. */
function FigureCard({ title, chart, children }: { title: string; chart?: ReactNode; children: ReactNode }) {
  return (
    <figure
      css={{
        margin: 0,
        padding: '1rem',
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        background: theme.colors.surface,
        minWidth: 0,
      }}
    >
      <figcaption css={{ fontWeight: 700, fontSize: '1.05rem', marginBottom: '0.75rem' }}>{title}</figcaption>
      {chart ? (
        // Drawn for sight; the table below gives assistive technology the same figures.
        <div aria-hidden="true" css={{ width: '100%', minWidth: 0 }}>
          {chart}
        </div>
      ) : null}
      {children}
    </figure>
  );
}

function FigureTable({
  caption,
  headings,
  rows,
}: {
  caption: string;
  headings: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <details css={{ marginTop: '0.5rem' }}>
      <summary
        css={{ cursor: 'pointer', color: theme.colors.brandDark, fontWeight: 600, padding: '0.35rem 0' }}
      >
        The figures as a table
      </summary>
      <div css={{ overflowX: 'auto' }}>
        <table
          css={{
            borderCollapse: 'collapse',
            width: '100%',
            // The columns share the card's width and long words wrap: the table is never wider than a phone.
            tableLayout: 'fixed',
            fontSize: '0.95rem',
            '& th, & td': {
              textAlign: 'left',
              padding: '0.35rem 0.4rem',
              overflowWrap: 'anywhere',
              borderBottom: `1px solid ${theme.colors.border}`,
              verticalAlign: 'top',
            },
            '& td:not(:first-of-type), & th:not(:first-of-type)': { textAlign: 'right' },
          }}
        >
          <caption css={{ textAlign: 'left', color: theme.colors.muted, padding: '0.25rem 0' }}>
            {caption}
          </caption>
          <thead>
            <tr>
              {headings.map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row" css={{ fontWeight: 500 }}>
                      {cell}
                    </th>
                  ) : (
                    <td key={column}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const axisTick = { fill: theme.colors.muted, fontSize: 12 };

function TermsFigure({
  title,
  terms,
}: {
  title: string;
  terms: readonly { term: string; documents: number }[];
}) {
  const height = Math.max(160, terms.length * 28 + 40);
  return (
    <FigureCard
      title={title}
      chart={
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
          <BarChart
            data={[...terms]}
            layout="vertical"
            margin={{ left: 8, right: 16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} stroke={theme.colors.border} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} />
            <YAxis type="category" dataKey="term" width={110} tick={axisTick} interval={0} />
            <Tooltip />
            <Bar dataKey="documents" name="Documents" fill={palette[0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
    >
      <FigureTable
        caption={`${title}, by the documents using them`}
        headings={['Term', 'Documents']}
        rows={terms.map((term) => [term.term, count(term.documents)])}
      />
    </FigureCard>
  );
}

function SentimentFigure({ sentiment }: { sentiment: NonNullable<RunInsights['sentiment']> }) {
  const data = [
    { name: 'Positive', documents: sentiment.positive, colour: positive },
    { name: 'Neutral', documents: sentiment.neutral, colour: neutral },
    { name: 'Negative', documents: sentiment.negative, colour: negative },
  ];
  const mood = sentiment.average > 0.05 ? 'positive' : sentiment.average < -0.05 ? 'negative' : 'neutral';
  return (
    <FigureCard
      title="Sentiment"
      chart={
        <ResponsiveContainer width="100%" height={180} initialDimension={{ width: 600, height: 180 }}>
          <BarChart data={data} margin={{ left: 0, right: 16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={theme.colors.border} />
            <XAxis dataKey="name" tick={axisTick} />
            <YAxis allowDecimals={false} tick={axisTick} width={40} />
            <Tooltip />
            <Bar dataKey="documents" name="Documents" isAnimationActive={false}>
              {data.map((entry) => (
                <Cell key={entry.name} fill={entry.colour} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
    >
      <p css={{ margin: '0.5rem 0 0' }}>
        Overall {mood} (average {sentiment.average.toFixed(2)} on a scale from −1 to 1).
      </p>
      <FigureTable
        caption="Documents by sentiment"
        headings={['Sentiment', 'Documents']}
        rows={data.map((entry) => [entry.name, count(entry.documents)])}
      />
    </FigureCard>
  );
}

/** Momentum is log2 of the change in a term's share of documents (decision 0070): 1 is twice the share. */
const momentumText = (momentum: number | null) =>
  momentum === null
    ? 'not enough history'
    : `${momentum > 0 ? '+' : ''}${momentum.toFixed(2)} (${(2 ** momentum).toFixed(1)}× the share)`;

function TrendFigure({ trend }: { trend: NonNullable<RunInsights['trend']> }) {
  const shown = trend.rising.slice(0, 5);
  const data = trend.periods.map((period) => ({
    period: period.period,
    ...Object.fromEntries(
      shown.map((term) => [
        term.term,
        term.series.find((point) => point.period === period.period)?.volume ?? 0,
      ]),
    ),
  }));
  const rows = [
    ...trend.rising.slice(0, 10).map((term) => ({ direction: 'Rising', term })),
    ...trend.falling.slice(0, 5).map((term) => ({ direction: 'Falling', term })),
  ];
  return (
    <FigureCard
      title={`Rising terms by ${trend.trendMetric} (per ${trend.period})`}
      chart={
        shown.length > 0 ? (
          <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 600, height: 260 }}>
            <LineChart data={data} margin={{ left: 0, right: 16 }} accessibilityLayer={false}>
              <CartesianGrid stroke={theme.colors.border} />
              <XAxis dataKey="period" tick={axisTick} />
              <YAxis allowDecimals={false} tick={axisTick} width={40} />
              <Tooltip />
              <Legend />
              {shown.map((term, index) => (
                <Line
                  key={term.term}
                  type="monotone"
                  dataKey={term.term}
                  stroke={palette[index % palette.length]}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        ) : undefined
      }
    >
      {trend.note ? <p css={{ margin: '0.5rem 0 0', color: theme.colors.muted }}>{trend.note}</p> : null}
      {rows.length === 0 ? (
        <p css={{ margin: '0.5rem 0 0' }}>No term rose or fell in this period.</p>
      ) : (
        <>
          <ol aria-label="Rising terms" css={{ margin: '0.75rem 0 0', paddingLeft: '1.5rem' }}>
            {trend.rising.slice(0, 5).map((term) => (
              <li key={term.term}>
                <strong>{term.term}</strong>: momentum {momentumText(term.momentum)}, {count(term.volume)}{' '}
                mentions
              </li>
            ))}
          </ol>
          <FigureTable
            caption="Rising and falling terms"
            headings={['Term', 'Direction', 'Momentum', 'Mentions']}
            rows={rows.map(({ direction, term }) => [
              term.term,
              direction,
              momentumText(term.momentum),
              count(term.volume),
            ])}
          />
        </>
      )}
    </FigureCard>
  );
}

function NarrativesFigure({ narratives }: { narratives: NonNullable<RunInsights['narratives']> }) {
  const data = narratives.map((narrative) => ({ label: narrative.label, documents: narrative.size }));
  const height = Math.max(160, narratives.length * 34 + 40);
  return (
    <FigureCard
      title="Narratives"
      chart={
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke={theme.colors.border} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} />
            <YAxis type="category" dataKey="label" width={140} tick={axisTick} interval={0} />
            <Tooltip />
            <Bar dataKey="documents" name="Documents" isAnimationActive={false}>
              {data.map((entry, index) => (
                <Cell key={entry.label} fill={palette[index % palette.length]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
    >
      <ul css={{ listStyle: 'none', margin: '0.75rem 0 0', padding: 0, display: 'grid', gap: '0.6rem' }}>
        {narratives.map((narrative) => (
          <li key={narrative.id} css={{ overflowWrap: 'anywhere' }}>
            <strong>{narrative.label}</strong> — {count(narrative.size)} documents ({percent(narrative.share)}
            ), sentiment {narrative.sentiment.toFixed(2)}. Terms: {narrative.terms.join(', ')}.
            {narrative.examples[0] ? (
              <q css={{ display: 'block', color: theme.colors.muted, marginTop: '0.2rem' }}>
                {narrative.examples[0].length > 200
                  ? `${narrative.examples[0].slice(0, 200)}…`
                  : narrative.examples[0]}
              </q>
            ) : null}
          </li>
        ))}
      </ul>
    </FigureCard>
  );
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function SourcesFigure({ sources }: { sources: NonNullable<RunInsights['sources']> }) {
  const height = Math.max(140, sources.length * 30 + 40);
  return (
    <FigureCard
      title="News by source"
      chart={
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
          <BarChart
            data={[...sources]}
            layout="vertical"
            margin={{ left: 8, right: 16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} stroke={theme.colors.border} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} />
            <YAxis type="category" dataKey="source" width={130} tick={axisTick} interval={0} />
            <Tooltip />
            <Bar dataKey="documents" name="Items" fill={palette[4]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
    >
      <FigureTable
        caption="Items and sentiment by source"
        headings={['Source', 'Items', 'Sentiment']}
        rows={sources.map((source) => [source.source, count(source.documents), source.sentiment.toFixed(2)])}
      />
    </FigureCard>
  );
}

function DaysFigure({ days }: { days: NonNullable<RunInsights['days']> }) {
  return (
    <FigureCard
      title="Documents per day"
      chart={
        <ResponsiveContainer width="100%" height={200} initialDimension={{ width: 600, height: 200 }}>
          <BarChart data={[...days]} margin={{ left: 0, right: 16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke={theme.colors.border} />
            <XAxis dataKey="day" tick={axisTick} />
            <YAxis allowDecimals={false} tick={axisTick} width={40} />
            <Tooltip />
            <Bar dataKey="documents" name="Documents" fill={palette[0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
    >
      <FigureTable
        caption="Documents per day"
        headings={['Day', 'Documents']}
        rows={days.map((day) => [day.day, count(day.documents)])}
      />
    </FigureCard>
  );
}
