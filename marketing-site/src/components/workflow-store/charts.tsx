import { theme } from '@dcipher/shared/ui';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import type { ReactNode } from 'react';
import { formatCount } from './workflow-labels';

/**
 * The store's charts: SVG drawn with visx at build time (server-rendered React, fixed drawing sizes scaled to the
 * column by the viewBox), the same markup after hydration. Each chart is an image with a name saying what it shows;
 * the figures it draws are in the table the page puts beside it (docs/decisions/0073).
 */

export const chartColors = {
  bar: theme.colors.brand,
  positive: '#1f7a4d',
  neutral: '#5c6178',
  negative: theme.colors.danger,
  /** Lines of several series, told apart by colour and by dash. */
  series: [theme.colors.brand, '#b42318', '#1f7a4d', '#8a5a00', '#6b2fa8'],
} as const;

const tickLabel = { fill: theme.colors.ink, fontSize: 14, fontFamily: theme.font.family } as const;
const axisColor = theme.colors.muted;

export interface Datum {
  label: string;
  value: number;
  /** A colour of its own (sentiment); the bar colour otherwise. */
  color?: string;
}

/** A label cut to what fits in `width` pixels at the tick size (the table beside the chart has it whole). */
export function fitLabel(label: string, width: number): string {
  const fits = Math.max(4, Math.floor(width / 8));
  return label.length > fits ? `${label.slice(0, fits - 1).trimEnd()}…` : label;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period's label short enough for an axis: "2026-11-02" → "2 Nov", "2026-W43" → "W43"; others as they are. */
export function shortPeriod(period: string): string {
  const day = /^\d{4}-(\d{2})-(\d{2})$/.exec(period);
  if (day) return `${Number(day[2])} ${months[Number(day[1]) - 1] ?? day[1]}`;
  const week = /^\d{4}-(W\d{1,2})$/.exec(period);
  return week?.[1] ?? period;
}

/** Every how many labels of an ordered axis one is written, so that they do not run into each other. */
const labelEvery = (count: number, innerWidth: number) =>
  Math.max(1, Math.ceil(count / Math.max(1, Math.floor(innerWidth / 70))));

const formatNumber = (value: number) => (Number.isInteger(value) ? formatCount(value) : value.toFixed(2));

function ChartFrame({
  label,
  width,
  height,
  children,
}: {
  label: string;
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      preserveAspectRatio="xMinYMin meet"
      css={{ display: 'block', maxWidth: width, height: 'auto', overflow: 'visible' }}
    >
      {children}
    </svg>
  );
}

/** Bars from a left axis of labels (terms, sources, narratives); negative values go left of zero. */
export function HorizontalBarChart({
  label,
  data,
  width = 440,
  labelWidth = 130,
  format = formatNumber,
}: {
  label: string;
  data: readonly Datum[];
  width?: number;
  labelWidth?: number;
  format?: (value: number) => string;
}) {
  const barHeight = 26;
  const margin = { top: 4, right: 56, bottom: 28, left: labelWidth };
  const innerHeight = data.length * barHeight;
  const height = innerHeight + margin.top + margin.bottom;
  const innerWidth = width - margin.left - margin.right;
  const values = data.map((datum) => datum.value);
  const x = scaleLinear<number>({
    domain: [Math.min(0, ...values), Math.max(0, ...values) || 1],
    range: [0, innerWidth],
    nice: true,
  });
  const y = scaleBand<string>({
    domain: data.map((datum) => datum.label),
    range: [0, innerHeight],
    padding: 0.25,
  });
  return (
    <ChartFrame label={label} width={width} height={height}>
      <Group left={margin.left} top={margin.top}>
        {data.map((datum) => {
          const start = x(Math.min(0, datum.value));
          const end = x(Math.max(0, datum.value));
          const top = y(datum.label) ?? 0;
          return (
            <Group key={datum.label}>
              <Bar
                x={start}
                y={top}
                width={Math.max(1, end - start)}
                height={y.bandwidth()}
                fill={datum.color ?? chartColors.bar}
                rx={3}
              />
              <text x={end + 6} y={top + y.bandwidth() / 2} dominantBaseline="central" {...tickLabel}>
                {format(datum.value)}
              </text>
            </Group>
          );
        })}
        <AxisLeft
          scale={y}
          stroke={axisColor}
          tickStroke={axisColor}
          hideTicks
          tickFormat={(value) => fitLabel(String(value), labelWidth - 10)}
          tickLabelProps={{ ...tickLabel, textAnchor: 'end', dx: -6, dy: '0.33em' }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          numTicks={4}
          stroke={axisColor}
          tickStroke={axisColor}
          tickFormat={(value) => format(Number(value))}
          tickLabelProps={{ ...tickLabel, textAnchor: 'middle' }}
        />
      </Group>
    </ChartFrame>
  );
}

/** Columns over an ordered axis (days, periods): a few of its labels are written, every column drawn. */
export function ColumnChart({
  label,
  data,
  width = 440,
  height = 240,
}: {
  label: string;
  data: readonly Datum[];
  width?: number;
  height?: number;
}) {
  const margin = { top: 12, right: 12, bottom: 32, left: 44 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand<string>({
    domain: data.map((datum) => datum.label),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...data.map((datum) => datum.value))],
    range: [innerHeight, 0],
    nice: true,
  });
  const every = labelEvery(data.length, innerWidth);
  return (
    <ChartFrame label={label} width={width} height={height}>
      <Group left={margin.left} top={margin.top}>
        {data.map((datum) => (
          <Bar
            key={datum.label}
            x={x(datum.label) ?? 0}
            y={y(datum.value)}
            width={x.bandwidth()}
            height={innerHeight - y(datum.value)}
            fill={datum.color ?? chartColors.bar}
            rx={2}
          />
        ))}
        <AxisLeft
          scale={y}
          numTicks={4}
          stroke={axisColor}
          tickStroke={axisColor}
          tickFormat={(value) => formatNumber(Number(value))}
          tickLabelProps={{ ...tickLabel, textAnchor: 'end', dx: -4, dy: '0.33em' }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          stroke={axisColor}
          tickStroke={axisColor}
          tickValues={data.filter((_, index) => index % every === 0).map((datum) => datum.label)}
          tickFormat={(value) => shortPeriod(String(value))}
          tickLabelProps={{ ...tickLabel, textAnchor: 'middle' }}
        />
      </Group>
    </ChartFrame>
  );
}

export interface Series {
  name: string;
  values: readonly number[];
}

/** Lines of a few series over the same periods, with a legend naming each line's colour and dash. */
export function LineChart({
  label,
  periods,
  series,
  width = 440,
  height = 260,
}: {
  label: string;
  periods: readonly string[];
  series: readonly Series[];
  width?: number;
  height?: number;
}) {
  const legendHeight = 22 * Math.ceil(series.length / 2);
  const margin = { top: 12 + legendHeight, right: 16, bottom: 32, left: 44 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scalePoint<string>({ domain: [...periods], range: [0, innerWidth], padding: 0.1 });
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...series.flatMap((line) => line.values))],
    range: [innerHeight, 0],
    nice: true,
  });
  const every = labelEvery(periods.length, innerWidth);
  const dashes = ['', '6 4', '2 3', '10 3 2 3', '1 4'];
  return (
    <ChartFrame label={label} width={width} height={height}>
      <Group left={margin.left} top={8}>
        {series.map((line, index) => (
          <Group key={line.name} left={(index % 2) * (innerWidth / 2)} top={Math.floor(index / 2) * 22}>
            <line
              x1={0}
              x2={24}
              y1={7}
              y2={7}
              stroke={chartColors.series[index % chartColors.series.length]}
              strokeWidth={3}
              strokeDasharray={dashes[index % dashes.length]}
            />
            <text x={30} y={7} dominantBaseline="central" {...tickLabel}>
              {line.name}
            </text>
          </Group>
        ))}
      </Group>
      <Group left={margin.left} top={margin.top}>
        {series.map((line, index) => (
          <LinePath
            key={line.name}
            data={periods.map((period, position) => ({ period, value: line.values[position] ?? 0 }))}
            x={(point) => x(point.period) ?? 0}
            y={(point) => y(point.value)}
            stroke={chartColors.series[index % chartColors.series.length]}
            strokeWidth={2.5}
            strokeDasharray={dashes[index % dashes.length]}
            fill="none"
          />
        ))}
        <AxisLeft
          scale={y}
          numTicks={4}
          stroke={axisColor}
          tickStroke={axisColor}
          tickFormat={(value) => formatNumber(Number(value))}
          tickLabelProps={{ ...tickLabel, textAnchor: 'end', dx: -4, dy: '0.33em' }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          stroke={axisColor}
          tickStroke={axisColor}
          tickValues={periods.filter((_, index) => index % every === 0)}
          tickFormat={(value) => shortPeriod(String(value))}
          tickLabelProps={{ ...tickLabel, textAnchor: 'middle' }}
        />
      </Group>
    </ChartFrame>
  );
}
