// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { csvFile } from './result-files.js';
import { type CsvCell, defuseFormulas, spreadsheetCsv } from './spreadsheet-csv.js';

/** Whether a spreadsheet would run this cell as a formula (or hide one behind a tab or carriage return). */
const runsAsFormula = (cell: string) => /^[ \t]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/.test(cell);

/** The cells a spreadsheet reads from the CSV text, with `,` or with `;` as its separator (its locale's). */
const cellsAs = (text: string, delimiter: ',' | ';'): string[] =>
  (parse(text, { delimiter, relax_column_count: true, relax_quotes: true }) as string[][]).flat();

describe('the one CSV writer defuses formulas whatever the separator (docs/decisions/0094)', () => {
  const hostile = [
    'x;=1+1',
    'x; =HYPERLINK("https://evil.example")',
    'x,=1+1',
    'a;b;@SUM(A1)',
    'x;\t+cmd',
    'x;-2+3',
    'x;\uFF1D1+1',
    '=1+1',
    '@mention',
    '\t=1',
  ];

  it('no cell a `,` or a `;` spreadsheet reads runs as a formula; the text is kept behind apostrophes', () => {
    const text = spreadsheetCsv(
      hostile.map((cell) => [cell, 'plain']),
      ['value', 'other'],
    );
    for (const delimiter of [',', ';'] as const) {
      const cells = cellsAs(text, delimiter);
      const running = cells.filter(runsAsFormula);
      assert.deepEqual(running, [], `with ${delimiter}: ${text}`);
    }
    const rows = parse(text, { columns: true }) as { value: string }[];
    assert.deepEqual(
      rows.map((row) => row.value),
      [
        "x;'=1+1",
        `x; '=HYPERLINK("https://evil.example")`,
        "x,'=1+1",
        "a;b;'@SUM(A1)",
        "x;\t'+cmd",
        "x;'-2+3",
        "x;'\uFF1D1+1",
        "'=1+1",
        "'@mention",
        "'\t=1",
      ],
    );
  });

  it('leaves ordinary text and numbers alone', () => {
    assert.equal(defuseFormulas('Wind output; a record, again'), 'Wind output; a record, again');
    assert.equal(defuseFormulas('e-mail x-ray a+b a@b.c 3=3'), 'e-mail x-ray a+b a@b.c 3=3');
    const text = spreadsheetCsv([[-0.5, 'a;b', 12]], ['sentiment', 'terms', 'count']);
    assert.equal(text, 'sentiment,terms,count\n-0.5,"a;b",12\n');
  });

  it('workflow result files are written by it', () => {
    const file = csvFile('content-keywords.csv', ['rank', 'term'], [[1, 'x;=1+1']]);
    assert.equal(file.content, `rank,term\n1,"x;'=1+1"\n`);
  });
});

/** Issue 34 point 8 (speed): the writer gives the files csv-stringify gave with the same options, byte for byte. */
describe('the CSV writer writes what csv-stringify writes', () => {
  const options = { header: true, cast: { string: defuseFormulas }, quoted_match: ';' };
  const cells: CsvCell[] = [
    'plain',
    '',
    null,
    undefined,
    0,
    -0.5,
    12,
    1e-7,
    Number.NaN,
    'a,b',
    'say "hi"',
    '"',
    'two\nlines',
    'carriage\rreturn',
    'crlf\r\nend',
    'a;b',
    '=1+1',
    '+1',
    '-2',
    '@name',
    '\tx',
    '\rx',
    '\uFF1D1',
    'x; =SUM(A1)',
    'x,@y',
    ' leading space',
    'unicode é 😀',
  ];
  it('quotes, doubles quotes and defuses formulas as csv-stringify does', () => {
    const rows = cells.flatMap((cell, index) => [
      [cell, index, cells[(index + 5) % cells.length]],
      [cells[(index * 7) % cells.length], cell],
    ]);
    const columns = ['first', 'second', 'third'];
    assert.equal(spreadsheetCsv(rows, columns), stringify(rows, { ...options, columns }));
  });
  it('writes a row longer than the columns, an empty row and no rows as csv-stringify does', () => {
    const columns = ['a', 'b'];
    const rows = [['x', 'y', 'z'], [], ['only']];
    assert.equal(spreadsheetCsv(rows, columns), stringify(rows, { ...options, columns }));
    assert.equal(spreadsheetCsv([], columns), stringify([], { ...options, columns }));
  });
});
