import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of the API (docs/decisions/0094): workflow result files and the organization's activity export.
 * Spreadsheets run a cell that opens with = + - @ (their full-width forms too) as a formula, and a tab or carriage
 * return first can hide one. A spreadsheet whose locale separates with `;` splits `x;=1+1` (no comma, so unquoted)
 * into `x` and a formula, so a formula start after a separator (`;` or `,`, spaces or tabs between) is defused too:
 * - such a start, at the beginning or after a separator, gets an apostrophe before it (`'=1+1`, `x;'=1+1`), which
 *   spreadsheets show as text; the rest of the text is kept;
 * - a cell holding `;` is quoted, so a `;` locale reads it as one cell, as a `,` locale reads a cell holding `,`.
 * Numbers (a negative sentiment) are written as numbers.
 */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const formulaAfterSeparator = /([;,][ \t]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** A text cell as written: every formula start, first or after a separator, behind an apostrophe. */
export function defuseFormulas(text: string): string {
  // Only a separator can put a formula start inside (the replacement finds nothing in a text without one).
  const inside = text.includes(';') || text.includes(',') ? text.replace(formulaAfterSeparator, "$1'") : text;
  return formulaStart.test(inside) ? `'${inside}` : inside;
}

export type CsvCell = string | number | null | undefined;

/** The options the CSV text is written with, by csv-stringify when a row holds a cell of another type. */
const stringifyOptions = { header: true, cast: { string: defuseFormulas }, quoted_match: ';' } as const;

/** A cell that must be quoted: it holds the quote, the separator, a line break or `;` (quoted for `;` locales). */
const quotedCell = /[",;\n\r]/;

/**
 * One cell as csv-stringify writes it with `stringifyOptions` (RFC 4180 quoting: a quote doubled inside quotes),
 * or `undefined` for a cell of a type it writes otherwise.
 */
function cellText(cell: unknown): string | undefined {
  let text: string;
  if (typeof cell === 'string') {
    if (cell === '') return '';
    text = defuseFormulas(cell);
  } else if (typeof cell === 'number') text = `${cell}`;
  else if (cell === null || cell === undefined) return '';
  else return undefined;
  if (!quotedCell.test(text)) return text;
  return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
}

/**
 * A CSV text with a header row of `columns`, its cells defused as above. Written here rather than through
 * csv-stringify (issue 34, speed: the library's per-cell option handling was about 5 % of an analysis run), byte for
 * byte as csv-stringify writes it with the same options (the test compares them); a row with a cell of another
 * type than text, number or nothing is left to csv-stringify.
 */
export function spreadsheetCsv(rows: readonly (readonly CsvCell[])[], columns: readonly string[]): string {
  const lines: string[] = [];
  for (const row of [columns, ...rows]) {
    // csv-stringify writes a row's first `columns.length` cells.
    const length = Math.min(row.length, columns.length);
    let line = '';
    for (let i = 0; i < length; i += 1) {
      const text = cellText(row[i]);
      if (text === undefined)
        return stringify(rows as CsvCell[][], { ...stringifyOptions, columns: [...columns] });
      line = i === 0 ? text : `${line},${text}`;
    }
    lines.push(line);
  }
  // The last line's line break from the join itself (issue 34, speed): appending it to the joined text would make
  // a second copy of the whole file when the text is read (on 20,000 documents, tens of megabytes).
  lines.push('');
  return lines.join('\n');
}
