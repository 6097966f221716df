/**
 * The figures behind a chart: one model feeds the chart, its table and its CSV, so the three never disagree
 * (issue 34 point 7, docs/decisions/0105).
 */

/** A column of a figure's table; `numeric` columns are right-aligned under a right-aligned heading. */
export interface FigureColumn {
  label: string;
  numeric?: boolean;
  /** How a numeric cell is written in the table (the CSV keeps the plain number). */
  format?: (value: number) => string;
}

export type FigureCell = string | number;

export interface FigureData {
  columns: readonly FigureColumn[];
  rows: readonly (readonly FigureCell[])[];
}

/** "1234567" → "1,234,567": the same on the server (Gatsby's build) and in every browser, without Intl. */
export function formatCount(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "+1.42", "-0.90", "0.00": signed, two decimals (scores and momentum). */
export const formatSigned = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
/** 0.444 → "44%". */
export const formatShare = (value: number) => `${Math.round(value * 100)}%`;

export function cellText(column: FigureColumn | undefined, cell: FigureCell): string {
  if (typeof cell === 'string') return cell;
  return (column?.format ?? formatCount)(cell);
}

/**
 * A figure as CSV (RFC 4180: comma, CRLF, quotes doubled): numbers as plain numbers, a text cell opening with
 * = + - @ (or a tab or carriage return) prefixed with an apostrophe so that a spreadsheet never runs it as a
 * formula, as the run's own CSV files do (decision 0070).
 */
export function csvOf(figure: FigureData): string {
  const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const cell = (value: FigureCell) =>
    typeof value === 'number' ? String(value) : quote(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
  const lines = [
    figure.columns.map((column) => quote(column.label)).join(','),
    ...figure.rows.map((row) => row.map(cell).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name from a chart's title: "Documents mentioning each keyword" → "documents-mentioning-each-keyword". */
export function fileNameOf(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'chart'
  );
}
