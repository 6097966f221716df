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
  const inside = text.replace(formulaAfterSeparator, "$1'");
  return formulaStart.test(inside) ? `'${inside}` : inside;
}

export type CsvCell = string | number | null | undefined;

/** A CSV text with a header row of `columns`, its cells defused as above. */
export function spreadsheetCsv(rows: readonly (readonly CsvCell[])[], columns: readonly string[]): string {
  return stringify(rows as CsvCell[][], {
    header: true,
    columns: [...columns],
    cast: { string: defuseFormulas },
    quoted_match: ';',
  });
}
