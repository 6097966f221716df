// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import {
  DocumentFileError,
  type DocumentFileErrorCode,
  type DocumentFileOptions,
  parseDocumentFile,
} from './document-files.js';
import { corpusFile } from './test-corpus/load-corpus.js';

const options = { maxBytes: 1024 * 1024 };
const parse = (name: string, content: string | Uint8Array, more: Partial<DocumentFileOptions> = {}) =>
  parseDocumentFile(
    { name, content: typeof content === 'string' ? Buffer.from(content) : content },
    { ...options, ...more },
  );

async function refused(
  promise: Promise<unknown>,
  code: DocumentFileErrorCode,
  message: RegExp,
  line?: number,
): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof DocumentFileError, String(error));
    assert.equal(error.code, code);
    assert.match(error.message, message);
    assert.equal(error.line, line);
    return true;
  });
}

async function pdfOf(pages: string[]): Promise<Buffer> {
  const document = new PDFDocument();
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => document.on('end', resolve));
  pages.forEach((text, index) => {
    if (index > 0) document.addPage();
    document.text(text);
  });
  document.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('reading uploaded files into documents', () => {
  it('csv: the longest text column when none is named text, with dates and ids from their columns', async () => {
    const parsed = await parse('reviews.csv', corpusFile('reviews.csv'));
    assert.equal(parsed.format, 'csv');
    assert.equal(parsed.textField, 'review_body');
    assert.deepEqual(parsed.fields, ['id', 'rating', 'review_body', 'reviewer', 'date']);
    assert.equal(parsed.documents.length, 12);
    assert.deepEqual(parsed.documents[1], {
      id: 'r02',
      text: 'Absolutely wonderful screen, fast charging and a great camera. Worth every penny at $499.',
      publishedAt: '2024-03-01',
    });
  });

  it('csv: a column named text wins; semicolons, quotes, line breaks and empty rows are handled', async () => {
    const file =
      'Headline;Text;Notes\n"Short";"Line one;\nline two with ""quotes""";"a much longer note than the text column holds, by far"\n;;\nB;Second text;x\n';
    const parsed = await parse('export.csv', file);
    assert.equal(parsed.textField, 'Text');
    assert.deepEqual(
      parsed.documents.map((document) => [document.title, document.text]),
      [
        ['Short', 'Line one;\nline two with "quotes"'],
        ['B', 'Second text'],
      ],
    );
    assert.equal(parsed.skippedEmpty, 1);
  });

  it('tsv', async () => {
    const parsed = await parse(
      'posts.tsv',
      'id\tbody\tsource\n1\tFirst post, with a comma\tforum\n2\tSecond post\tblog\n',
    );
    assert.equal(parsed.textField, 'body');
    assert.deepEqual(parsed.documents, [
      { id: '1', text: 'First post, with a comma', source: 'forum' },
      { id: '2', text: 'Second post', source: 'blog' },
    ]);
  });

  it('json: a list wrapped in an object (as feeds are), with titles, sources, dates and links', async () => {
    const parsed = await parse('news-items.json', corpusFile('news-items.json'));
    assert.equal(parsed.textField, 'description');
    assert.equal(parsed.documents.length, 12);
    assert.deepEqual(parsed.documents[0], {
      id: '1',
      text: 'The harbour ferry service resumed on Monday after the storm damaged the pier. Passengers welcomed the return of the ferry.',
      title: 'Ferry service resumes after storm',
      source: 'Harbour Times',
      publishedAt: '2024-05-01T09:00:00Z',
      url: 'https://harbour-times.example/news/1',
    });
  });

  it('json: a list of strings', async () => {
    const parsed = await parse('answers.json', '["Great service", "  ", "Too slow"]');
    assert.deepEqual(parsed.documents, [
      { id: '1', text: 'Great service' },
      { id: '3', text: 'Too slow' },
    ]);
    assert.equal(parsed.skippedEmpty, 1);
  });

  it('ndjson and jsonl: one object per line, blank lines ignored', async () => {
    const parsed = await parse('energy-posts.ndjson', corpusFile('energy-posts.ndjson'));
    assert.equal(parsed.documents.length, 36);
    assert.deepEqual(parsed.documents[0], {
      id: 'p01',
      text: 'Our gas boiler broke again this morning, cold showers for everyone.',
      source: 'user0',
      publishedAt: '2024-03-01T08:15:00Z',
    });
    const lines = await parse('x.jsonl', '{"content": "one"}\n\n{"content": "two", "lang": "en"}\n');
    assert.deepEqual(lines.documents, [
      { id: '1', text: 'one' },
      { id: '2', text: 'two', language: 'en' },
    ]);
  });

  it('txt: paragraphs, or lines when there is no blank line', async () => {
    const paragraphs = await parse('two-topics.txt', corpusFile('two-topics.txt'));
    assert.equal(paragraphs.documents.length, 20);
    assert.match(paragraphs.documents[0]!.text, /^The beekeeper opened the hive/);
    const lines = await parse('tweets.txt', 'first tweet\r\nsecond tweet\n\n');
    assert.deepEqual(
      lines.documents.map((document) => document.text),
      ['first tweet', 'second tweet'],
    );
  });

  it('xlsx: the first filled sheet, its first row as header, dates as dates', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Empty');
    const sheet = workbook.addWorksheet('Answers');
    sheet.addRow(['ID', 'Comment', 'Score', 'Date']);
    sheet.addRow([1, 'The onboarding call was clear and friendly.', 9, new Date('2024-02-01T10:00:00Z')]);
    sheet.addRow([2, 'Invoices arrive late every month.', 3, new Date('2024-02-02T10:00:00Z')]);
    const content = new Uint8Array(await workbook.xlsx.writeBuffer());
    const parsed = await parse('survey.xlsx', content);
    assert.equal(parsed.format, 'xlsx');
    assert.equal(parsed.textField, 'Comment');
    assert.deepEqual(parsed.documents, [
      {
        id: '1',
        text: 'The onboarding call was clear and friendly.',
        publishedAt: '2024-02-01T10:00:00.000Z',
      },
      { id: '2', text: 'Invoices arrive late every month.', publishedAt: '2024-02-02T10:00:00.000Z' },
    ]);
  });

  it('pdf: a document per page with text', async () => {
    const content = await pdfOf([
      'Quarterly report: customers praised the new dashboard.',
      'Support tickets fell by a third after the release.',
    ]);
    const parsed = await parse('report.pdf', content);
    assert.deepEqual(parsed.documents, [
      { id: 'page-1', text: 'Quarterly report: customers praised the new dashboard.' },
      { id: 'page-2', text: 'Support tickets fell by a third after the release.' },
    ]);
  });

  it('docx: a document per paragraph', async () => {
    const parsed = await parse('survey-answers.docx', corpusFile('survey-answers.docx'));
    assert.equal(parsed.documents.length, 5);
    assert.deepEqual(parsed.documents[0], {
      id: 'paragraph-1',
      text: 'The coffee is excellent and the staff are always friendly. I come back every morning.',
    });
  });

  it('the text column can be chosen', async () => {
    const parsed = await parse('a.csv', 'note,text\nchosen words here,other\n', { textField: 'note' });
    assert.deepEqual(parsed.documents, [{ id: '1', text: 'chosen words here' }]);
  });

  it('drops NUL characters, which no PostgreSQL text column stores, and keeps the rest of the text', async () => {
    const csv = await parse(
      'nul.csv',
      'id,title,text\n1,Ket\u0000tle,The kettle\u0000 is quiet\n2,Empty,\u0000\n3,Fan,The fan hums\n',
    );
    assert.deepEqual(csv.documents, [
      { id: '1', title: 'Kettle', text: 'The kettle is quiet' },
      { id: '3', title: 'Fan', text: 'The fan hums' },
    ]);
    assert.equal(csv.skippedEmpty, 1, 'a text of NUL alone is an empty row');
    // JSON writes one as an escape, which no byte check of the file sees.
    const json = await parse('nul.json', JSON.stringify([{ text: 'Quiet\u0000 pump' }, { text: '\u0000' }]));
    assert.deepEqual(
      json.documents.map((document) => document.text),
      ['Quiet pump'],
    );
    const strings = await parse('nul-strings.json', JSON.stringify(['Loud\u0000 boiler', '\u0000']));
    assert.deepEqual(strings.documents, [{ id: '1', text: 'Loud boiler' }]);
    const text = await parse('nul.txt', 'The heat pump\u0000 is quiet.\n\nThe boiler is loud.');
    assert.deepEqual(
      text.documents.map((document) => document.text),
      ['The heat pump is quiet.', 'The boiler is loud.'],
    );
  });
});

describe('files that cannot be read, with a reason a person understands', () => {
  it('empty files', async () => {
    await refused(parse('empty.csv', ''), 'file-empty', /empty/);
    await refused(parse('blank.txt', '  \n\n '), 'file-empty', /empty/);
    await refused(parse('empty.ndjson', '\n\n'), 'file-empty', /empty/);
    await refused(parse('header.csv', 'id,text\n'), 'no-documents', /no rows/);
    await refused(parse('blank-texts.csv', 'id,text\n1,\n2, \n'), 'no-documents', /"text" is empty/);
    // NUL characters alone: nothing to analyse (a 500 on PostgreSQL before, issue 33's CI).
    await refused(parse('nul.txt', '\u0000'), 'no-documents', /no text/);
    await refused(parse('nul-texts.csv', 'id,text\n1,\u0000\n'), 'no-documents', /"text" is empty/);
  });

  it('formats it does not read', async () => {
    await refused(parse('slides.pptx', 'x'), 'unsupported-format', /csv, tsv, json/);
    await refused(parse('old.xls', 'x'), 'unsupported-format', /save the file as \.xlsx/);
  });

  it('files over the size cap, before reading them', async () => {
    await refused(
      parse('big.csv', `text\n${'word '.repeat(300)}`, { maxBytes: 1000 }),
      'file-too-large',
      /1\.5 KB; files up to 1000 bytes/,
    );
  });

  it('no text column', async () => {
    await refused(
      parse('numbers.csv', 'id,score,date\n1,9,2024-01-01\n2,7,2024-01-02\n'),
      'no-text-column',
      /columns are: id, score, date/,
    );
    await refused(
      parse('a.csv', 'note\nwords\n', { textField: 'comment' }),
      'no-text-column',
      /no column "comment"/,
    );
  });

  it('malformed JSON, saying which line', async () => {
    await refused(
      parse('posts.ndjson', '{"text": "fine"}\n{"text": "also fine"}\n{"text": broken}\n'),
      'malformed-json-line',
      /Line 3 is not valid JSON/,
      3,
    );
    await refused(
      parse('posts.jsonl', '{"text": "fine"}\n42\n'),
      'malformed-json-line',
      /Line 2 is not a document/,
      2,
    );
    await refused(
      parse('data.json', '[\n  {"text": "a"},\n  {"text": "b"\n  {"text": "c"}\n]'),
      'malformed-json',
      /not valid JSON \(line 4\)/,
      4,
    );
  });

  it('malformed CSV, saying which line', async () => {
    await refused(parse('bad.csv', 'id,text\n1,"fine"\n2,"never closed\n'), 'malformed-csv', /line 3/, 3);
  });

  it('damaged workbooks, PDFs and Word documents', async () => {
    await refused(parse('fake.xlsx', 'not a zip at all'), 'unreadable-file', /as an xlsx workbook/);
    await refused(parse('fake.pdf', 'not a pdf'), 'unreadable-file', /as a PDF/);
    await refused(parse('fake.docx', 'not a zip'), 'unreadable-file', /as a Word document/);
  });

  it('a PDF without text (a scan)', async () => {
    const document = new PDFDocument();
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => document.on('end', resolve));
    document.rect(10, 10, 100, 100).fill('#333');
    document.end();
    await ended;
    await refused(parse('scan.pdf', Buffer.concat(chunks)), 'no-documents', /OCR/);
  });

  it('more documents than allowed', async () => {
    await refused(
      parse('many.txt', 'one\ntwo\nthree\n', { maxDocuments: 2 }),
      'too-many-documents',
      /3 documents; at most 2/,
    );
  });
});
