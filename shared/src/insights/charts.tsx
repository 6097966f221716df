import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { theme } from '../ui/theme.js';
import { formatCount } from './figures.js';

/**
 * The result view's charts, drawn with visx (docs/decisions/0105): plain SVG from React, nothing measured and no
 * effects, so the server's HTML (the store's pages, built by Gatsby) holds the finished chart and the browser's
 * first render is the same markup. Every chart fills the width of its column: horizontal positions are written
 * in percentages of the SVG's width and vertical ones in pixels, so text keeps its size from 320 px to a desktop
 * and nothing is scaled down to illegibility; a line is drawn in a nested, stretched SVG whose stroke keeps its
 * width (`vector-effect: non-scaling-stroke`).
 */

export const chartColors = {
  bar: theme.colors.brand,
  track: '#eceef8',
  positive: '#1f7a4d',
  neutral: '#5c6178',
  negative: theme.colors.danger,
  falling: '#8a5a00',
  grid: '#dcdeec',
} as const;

const font = { fontFamily: theme.font.family, fontSize: 14, fill: theme.colors.ink } as const;
const small = { fontFamily: theme.font.family, fontSize: 12, fill: theme.colors.muted } as const;
/** A white outline under text drawn over columns or lines, so it stays readable where they cross. */
const halo = { paintOrder: 'stroke', stroke: '#ffffff', strokeWidth: 3, strokeLinejoin: 'round' } as const;

export interface Datum {
  label: string;
  value: number;
  /** A colour of its own (sentiment); the bar colour otherwise. */
  color?: string;
}

/** A label cut to `characters` (the chart's table and the label's tooltip have it whole). */
export function fitLabel(label: string, characters: number): string {
  return label.length > characters ? `${label.slice(0, characters - 1).trimEnd()}…` : label;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period's label short enough for an axis: "2026-11-02" → "2 Nov 2026", "2026-W43" → "W43 2026", "2026-11" → "Nov 2026". */
export function shortPeriod(period: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (day) return `${Number(day[3])} ${months[Number(day[2]) - 1] ?? day[2]} ${day[1]}`;
  const week = /^(\d{4})-(W\d{1,2})$/.exec(period);
  if (week) return `${week[2]} ${week[1]}`;
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) return `${months[Number(month[2]) - 1] ?? month[2]} ${month[1]}`;
  return period;
}

/** At most `most` indexes spread evenly from the first to the last: the labels an axis has room for at 320 px. */
export function labelledIndexes(count: number, most = 4): number[] {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const step = (count - 1) / (most - 1);
  return Array.from({ length: most }, (_, index) => Math.round(index * step));
}

const percent = (value: number) => `${Math.round(value * 1000) / 1000}%`;

/** The root of every chart: as wide as its column, as high as its rows; the figures are in the table beside it. */
function ChartSvg({ label, height, children }: { label: string; height: number; children: React.ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      data-chart=""
      width="100%"
      height={height}
      css={{
        display: 'block',
        overflow: 'visible',
        fontVariantNumeric: 'tabular-nums',
        // On a phone the axis says its first and last periods only: four dates did not fit 320-390 px and ran
        // into each other.
        '@media (max-width: 600px)': { '.insights-axis-label[data-inner]': { display: 'none' } },
      }}
    >
      {children}
    </svg>
  );
}

/**
 * Horizontal bars, largest first (or in the given order with `keepOrder`: positive, neutral, negative). Each
 * bar's label has the line above it to itself and its value ends the bar's line, right-aligned at the chart's
 * right edge, so long labels (narratives) never run into each other or into the numbers at any width; a label
 * longer than a phone's line is cut, whole in its tooltip and in the table.
 */
export function BarChart({
  label,
  data,
  format = formatCount,
  keepOrder = false,
  labelCharacters = 34,
}: {
  label: string;
  data: readonly Datum[];
  format?: (value: number) => string;
  keepOrder?: boolean;
  labelCharacters?: number;
}) {
  const rows = keepOrder ? [...data] : [...data].sort((a, b) => Math.abs(b.value) - Math.abs(a.value));
  const rowHeight = 46;
  // Bars end at most at 80% of the width: the rest holds the value, right-aligned at the right edge.
  const x = scaleLinear<number>({
    domain: [0, Math.max(...rows.map((datum) => Math.abs(datum.value)), 0) || 1],
    range: [0, 80],
  });
  return (
    <ChartSvg label={label} height={rows.length * rowHeight}>
      {rows.map((datum, index) => {
        const top = index * rowHeight;
        const shown = fitLabel(datum.label, labelCharacters);
        return (
          <Group key={`${datum.label}-${index}`} top={top} className="insights-bar">
            <text x={0} y={16} {...font}>
              {shown !== datum.label ? <title>{datum.label}</title> : null}
              <tspan className="insights-bar-label">{shown}</tspan>
            </text>
            <rect x={0} y={23} width="80%" height={14} rx={3} fill={chartColors.track} />
            <Bar
              x={0}
              y={23}
              width={percent(Math.max(0.5, x(Math.abs(datum.value)))) as unknown as number}
              height={14}
              rx={3}
              fill={datum.color ?? chartColors.bar}
            />
            <text x="100%" y={35} textAnchor="end" className="insights-bar-value" {...font} fontWeight={600}>
              {format(datum.value)}
            </text>
          </Group>
        );
      })}
    </ChartSvg>
  );
}

/** Columns over an ordered axis (periods, days): every column drawn, four of the labels written, gridlines labelled. */
export function ColumnChart({
  label,
  data,
  height = 220,
  format = formatCount,
}: {
  label: string;
  data: readonly Datum[];
  height?: number;
  format?: (value: number) => string;
}) {
  const plotTop = 18;
  const plotBottom = height - 26;
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...data.map((datum) => datum.value))],
    range: [plotBottom, plotTop],
    nice: true,
  });
  const width = 100 / Math.max(1, data.length);
  const labelled = labelledIndexes(data.length);
  return (
    <ChartSvg label={label} height={height}>
      {y.ticks(4).map((tick) => (
        <Group key={tick} top={y(tick)}>
          <line x1={0} x2="100%" y1={0} y2={0} stroke={chartColors.grid} />
        </Group>
      ))}
      {data.map((datum, index) => (
        <Bar
          key={`${datum.label}-${index}`}
          className="insights-column"
          x={percent((index + 0.1) * width) as unknown as number}
          y={y(datum.value)}
          width={percent(Math.max(0.2, width * 0.8)) as unknown as number}
          height={Math.max(0, plotBottom - y(datum.value))}
          fill={datum.color ?? chartColors.bar}
        />
      ))}
      {y.ticks(4).map((tick) => (
        <text key={tick} x={0} y={y(tick) - 4} {...small} {...halo}>
          {format(tick)}
        </text>
      ))}
      <line x1={0} x2="100%" y1={plotBottom} y2={plotBottom} stroke={theme.colors.muted} />
      {labelled.map((index, position) => (
        <text
          key={index}
          className="insights-axis-label"
          x={percent((index + 0.5) * width)}
          y={height - 6}
          textAnchor={position === 0 ? 'start' : position === labelled.length - 1 ? 'end' : 'middle'}
          data-inner={position === 0 || position === labelled.length - 1 ? undefined : ''}
          {...small}
        >
          {shortPeriod(data[index]?.label ?? '')}
        </text>
      ))}
    </ChartSvg>
  );
}

export interface Series {
  name: string;
  /** What is said at the right of the series' name: its total, its momentum… */
  note: string;
  values: readonly number[];
}

/**
 * Small multiples: one line per series in its own band, named directly above it, on one shared scale, so lines
 * never cross one another and each reads alone (issue 34: four of five rising terms' lines overlapped).
 */
export function SmallMultiples({
  label,
  periods,
  series,
}: {
  label: string;
  periods: readonly string[];
  series: readonly Series[];
}) {
  const band = 78;
  const line = 44;
  const axis = 22;
  const top = Math.max(1, ...series.flatMap((entry) => entry.values));
  const last = Math.max(1, periods.length - 1);
  const x = scaleLinear<number>({ domain: [0, last], range: [0, last] });
  const y = scaleLinear<number>({ domain: [0, top], range: [line, 2] });
  const labelled = labelledIndexes(periods.length, 3);
  return (
    <ChartSvg label={label} height={series.length * band + axis}>
      {series.map((entry, index) => (
        <Group key={entry.name} top={index * band} className="insights-multiple">
          <text x={0} y={16} {...font} fontWeight={600}>
            {fitLabel(entry.name, 28)}
          </text>
          <text x="100%" y={16} textAnchor="end" {...small}>
            {entry.note}
          </text>
          <svg
            aria-hidden="true"
            y={24}
            width="100%"
            height={line}
            viewBox={`0 0 ${last} ${line}`}
            preserveAspectRatio="none"
            overflow="visible"
          >
            <line
              x1={0}
              x2={last}
              y1={line}
              y2={line}
              stroke={chartColors.grid}
              vectorEffect="non-scaling-stroke"
            />
            <LinePath
              data={periods.map((_, position) => position)}
              x={(position) => x(position)}
              y={(position) => y(entry.values[position] ?? 0)}
              stroke={chartColors.bar}
              strokeWidth={2.5}
              fill="none"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </Group>
      ))}
      {labelled.map((index, position) => (
        <text
          key={index}
          className="insights-axis-label"
          x={percent(periods.length > 1 ? (index / last) * 100 : 0)}
          y={series.length * band + axis - 6}
          textAnchor={position === 0 ? 'start' : position === labelled.length - 1 ? 'end' : 'middle'}
          data-inner={position === 0 || position === labelled.length - 1 ? undefined : ''}
          {...small}
        >
          {shortPeriod(periods[index] ?? '')}
        </text>
      ))}
    </ChartSvg>
  );
}
