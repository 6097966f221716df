import { parse as parseCsv } from 'csv-parse/sync';
import type { AnalysisDocument } from './analysis-executor.js';
import {
  checkPdfStreams,
  checkZipEntries,
  defaultUnpackLimits,
  UnpackLimitError,
  type UnpackLimits,
} from './file-limits.js';

/** The file formats the engine reads documents from (the spec's formats, less xls, na and rss). */
export const documentFileFormats = [
  'csv',
  'tsv',
  'json',
  'ndjson',
  'jsonl',
  'txt',
  'xlsx',
  'pdf',
  'docx',
] as const;
export type DocumentFileFormat = (typeof documentFileFormats)[number];

export type DocumentFileErrorCode =
  | 'file-empty'
  | 'file-too-large'
  | 'unsupported-format'
  | 'malformed-json'
  | 'malformed-json-line'
  | 'malformed-csv'
  | 'unreadable-file'
  | 'no-text-column'
  | 'no-documents'
  | 'too-many-documents'
  /** A zip part or a PDF stream would unpack to far more than the file (a "bomb"), refused before it is read. */
  | 'expands-too-much'
  /** The file is too complex to read within the limits of time and memory (or of PDF pages and text). */
  | 'too-complex';

/** A file that cannot be turned into documents; `message` is written for the person who uploaded it. */
export class DocumentFileError extends Error {
  constructor(
    readonly code: DocumentFileErrorCode,
    message: string,
    /** The line (1-based) the problem is on, when there is one. */
    readonly line?: number,
  ) {
    super(message);
    this.name = 'DocumentFileError';
  }
}

export interface DocumentFile {
  /** The file's name; its extension gives the format unless `format` is given. */
  name: string;
  content: Uint8Array;
  format?: string;
}

export interface DocumentFileOptions {
  /** Files larger than this are refused before they are read. */
  maxBytes: number;
  /** Files with more documents than this are refused. */
  maxDocuments?: number;
  /** The column (or JSON field) holding the text, instead of the one the engine would pick. */
  textField?: string;
  /** What a docx, xlsx or PDF may unpack to (file-limits.ts); the defaults when not given. */
  unpackLimits?: UnpackLimits;
}

export interface ParsedDocumentFile {
  format: DocumentFileFormat;
  documents: AnalysisDocument[];
  /** The column or field the text was read from (tables and JSON records); null for txt, pdf and docx. */
  textField: string | null;
  /** The columns or fields found (tables and JSON records). */
  fields: string[];
  /** Rows or items left out because their text was empty. */
  skippedEmpty: number;
}

function formatOf(file: DocumentFile): DocumentFileFormat {
  const declared = file.format ?? file.name.split('.').pop() ?? '';
  const format = declared.trim().toLowerCase().replace(/^\./, '');
  if ((documentFileFormats as readonly string[]).includes(format)) return format as DocumentFileFormat;
  if (format === 'xls') {
    throw new DocumentFileError(
      'unsupported-format',
      'Excel 97–2003 workbooks (.xls) cannot be read: save the file as .xlsx or .csv and upload it again.',
    );
  }
  throw new DocumentFileError(
    'unsupported-format',
    `"${file.name}" is not a format that can be analysed. Upload one of: ${documentFileFormats.join(', ')}.`,
  );
}

function decodeText(content: Uint8Array): string {
  if (content[0] === 0xff && content[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(content.subarray(2));
  if (content[0] === 0xfe && content[1] === 0xff)
    return new TextDecoder('utf-16be').decode(content.subarray(2));
  return new TextDecoder('utf-8').decode(content).replace(/^\uFEFF/, '');
}

const lineOfPosition = (text: string, position: number) => text.slice(0, position).split('\n').length;

// Column names, compared without case, spaces, dashes or underscores.
const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const textNames = ['text', 'content', 'body', 'message', 'description'];
const roleNames = {
  id: ['id', 'guid', 'uuid'],
  title: ['title', 'headline', 'subject'],
  source: ['source', 'site', 'publisher', 'feed', 'channel', 'author', 'username', 'user'],
  publishedAt: [
    'publishedat',
    'published',
    'pubdate',
    'date',
    'createdat',
    'created',
    'datetime',
    'timestamp',
    'postedat',
    'time',
  ],
  url: ['url', 'link', 'permalink'],
  language: ['language', 'lang'],
} as const;

type Cell = string | number | boolean | Date | null | undefined;
type Row = Record<string, Cell>;

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return String(value).trim();
}

const looksLikeValue = (value: string) =>
  /^(https?:\/\/\S+|[-+]?\d[\d.,:\-/ TZ+]*|true|false)$/i.test(value) || !/\p{L}/u.test(value);

/** The text column: the one asked for, else one named like text, else the one with the longest texts in it. */
function chooseTextField(fields: readonly string[], rows: readonly Row[], asked: string | undefined): string {
  if (asked !== undefined) {
    const found =
      fields.find((field) => field === asked) ?? fields.find((field) => squash(field) === squash(asked));
    if (found) return found;
    throw new DocumentFileError(
      'no-text-column',
      `There is no column "${asked}" in the file. Its columns are: ${fields.join(', ') || 'none'}.`,
    );
  }
  for (const name of textNames) {
    const found = fields.find((field) => squash(field) === name);
    if (found) return found;
  }
  const sample = rows.slice(0, 500);
  let best: { field: string; length: number } | undefined;
  for (const field of fields) {
    let total = 0;
    let texts = 0;
    for (const row of sample) {
      const value = cellText(row[field]);
      if (!value) continue;
      if (looksLikeValue(value)) continue;
      total += value.length;
      texts += 1;
    }
    // A column is text when most of its filled cells hold words, not numbers, dates or addresses.
    const filled = sample.filter((row) => cellText(row[field]) !== '').length;
    if (texts === 0 || texts < filled / 2) continue;
    const length = total / texts;
    if (!best || length > best.length) best = { field, length };
  }
  if (!best) {
    throw new DocumentFileError(
      'no-text-column',
      `No column of the file holds text to analyse (its columns are: ${fields.join(', ') || 'none'}). Add a "text" column or choose the column to analyse.`,
    );
  }
  return best.field;
}

function recordsToDocuments(
  fields: string[],
  rows: readonly Row[],
  options: DocumentFileOptions,
): Pick<ParsedDocumentFile, 'documents' | 'textField' | 'fields' | 'skippedEmpty'> {
  if (rows.length === 0) throw new DocumentFileError('no-documents', 'The file has a header but no rows.');
  const textField = chooseTextField(fields, rows, options.textField);
  const roleField = (names: readonly string[]) => {
    for (const name of names) {
      const found = fields.find((field) => field !== textField && squash(field) === name);
      if (found) return found;
    }
    return undefined;
  };
  const roles = Object.fromEntries(
    Object.entries(roleNames).map(([role, names]) => [role, roleField(names)]),
  ) as Record<keyof typeof roleNames, string | undefined>;
  const documents: AnalysisDocument[] = [];
  let skippedEmpty = 0;
  rows.forEach((row, index) => {
    const text = cellText(row[textField]);
    if (!text) {
      skippedEmpty += 1;
      return;
    }
    const document: AnalysisDocument = { id: cellText(row[roles.id ?? '']) || String(index + 1), text };
    for (const role of ['title', 'source', 'publishedAt', 'url', 'language'] as const) {
      const field = roles[role];
      const value = field ? cellText(row[field]) : '';
      if (value) document[role] = value;
    }
    documents.push(document);
  });
  return { documents, textField, fields, skippedEmpty };
}

/** Splits on blank lines; text without any blank line is one document per line. */
function splitParagraphs(text: string): string[] {
  const normalised = text.replace(/\r\n?/g, '\n').trim();
  const paragraphs = normalised.split(/\n[ \t]*\n/);
  const pieces = paragraphs.length > 1 ? paragraphs : normalised.split('\n');
  return pieces.map((piece) => piece.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

function textDocuments(pieces: string[], prefix: string): AnalysisDocument[] {
  return pieces.map((text, index) => ({ id: `${prefix}${index + 1}`, text }));
}

function parseDelimited(text: string, format: 'csv' | 'tsv', options: DocumentFileOptions) {
  let delimiter = '\t';
  if (format === 'csv') {
    // Spreadsheets in many locales write semicolons: the header line says which.
    const header = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
    const outsideQuotes = header.replace(/"[^"]*"/g, '');
    delimiter = [',', ';', '\t'].reduce((best, candidate) =>
      outsideQuotes.split(candidate).length > outsideQuotes.split(best).length ? candidate : best,
    );
  }
  let fields: string[] = [];
  let rows: Row[];
  try {
    rows = parseCsv(text, {
      delimiter,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      columns: (header: string[]) => {
        const seen = new Map<string, number>();
        fields = header.map((name, index) => {
          const base = name.trim() || `column ${index + 1}`;
          const times = (seen.get(base) ?? 0) + 1;
          seen.set(base, times);
          return times === 1 ? base : `${base} (${times})`;
        });
        return fields;
      },
    }) as Row[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new DocumentFileError(
      'malformed-csv',
      `The ${format.toUpperCase()} file cannot be read${line ? ` at line ${line}` : ''}: ${(error as Error).message.replace(/^[A-Za-z ]+: /, '')}`,
      line,
    );
  }
  if (fields.length === 0) throw new DocumentFileError('file-empty', 'The file is empty.');
  return recordsToDocuments(fields, rows, options);
}

/** JSON records: objects become rows (their text-like fields as columns); strings become documents. */
function jsonValuesToDocuments(values: readonly unknown[], options: DocumentFileOptions, lines?: number[]) {
  if (values.length > 0 && values.every((value) => typeof value === 'string')) {
    const texts = (values as string[]).map((value) => value.trim());
    const documents = texts.flatMap((text, index) => (text ? [{ id: String(index + 1), text }] : []));
    return { documents, textField: null, fields: [], skippedEmpty: texts.length - documents.length };
  }
  const fields: string[] = [];
  const rows = values.map((value, index) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      const where = lines ? `Line ${lines[index]}` : `Item ${index + 1}`;
      throw new DocumentFileError(
        lines ? 'malformed-json-line' : 'malformed-json',
        `${where} is not a document: each must be an object with a text field, or a string.`,
        lines?.[index],
      );
    }
    const row: Row = {};
    for (const [key, field] of Object.entries(value)) {
      if (field === null || ['string', 'number', 'boolean'].includes(typeof field)) {
        row[key] = field as Cell;
        if (!fields.includes(key)) fields.push(key);
      }
    }
    return row;
  });
  return recordsToDocuments(fields, rows, options);
}

const listNames = [
  'items',
  'documents',
  'data',
  'records',
  'results',
  'entries',
  'posts',
  'articles',
  'rows',
];

function parseJson(text: string, options: DocumentFileOptions) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const line = position === undefined ? undefined : lineOfPosition(text, Number(position));
    throw new DocumentFileError(
      'malformed-json',
      `The file is not valid JSON${line ? ` (line ${line})` : ''}. If it has one JSON object per line, name it .ndjson or .jsonl.`,
      line,
    );
  }
  if (Array.isArray(value)) return jsonValuesToDocuments(value, options);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    // A feed or an export wraps its list: { "items": [...] }.
    const listKey =
      listNames.find((name) => Array.isArray(object[name])) ??
      Object.keys(object).find((key) => Array.isArray(object[key]));
    if (listKey) return jsonValuesToDocuments(object[listKey] as unknown[], options);
    return jsonValuesToDocuments([object], options);
  }
  throw new DocumentFileError(
    'no-documents',
    'The JSON file holds no documents: expected a list of objects.',
  );
}

function parseJsonLines(text: string, options: DocumentFileOptions) {
  const values: unknown[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return;
    try {
      values.push(JSON.parse(line));
      lines.push(index + 1);
    } catch {
      throw new DocumentFileError(
        'malformed-json-line',
        `Line ${index + 1} is not valid JSON: each line must hold one JSON object.`,
        index + 1,
      );
    }
  });
  if (values.length === 0) throw new DocumentFileError('file-empty', 'The file is empty.');
  return jsonValuesToDocuments(values, options, lines);
}

function unreadable(format: string, error: unknown): DocumentFileError {
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new DocumentFileError(
    'unreadable-file',
    `The file cannot be read as ${format}: it may be damaged, protected by a password or of another format${detail}.`,
  );
}

async function parseXlsx(content: Uint8Array, options: DocumentFileOptions) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(content.buffer, content.byteOffset, content.byteLength) as never);
  } catch (error) {
    throw unreadable('an xlsx workbook', error);
  }
  // The first sheet with anything in it; its first row is the header.
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) throw new DocumentFileError('file-empty', 'The workbook has no filled sheet.');
  const cellValue = (cell: { value: unknown; text: string }): Cell =>
    cell.value instanceof Date ? cell.value : typeof cell.value === 'number' ? cell.value : cell.text;
  const header = sheet.getRow(1);
  const fields: string[] = [];
  const columns: number[] = [];
  header.eachCell({ includeEmpty: false }, (cell, column) => {
    const name = cellText(cellValue(cell)) || `column ${column}`;
    fields.push(fields.includes(name) ? `${name} (${column})` : name);
    columns.push(column);
  });
  const rows: Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const record: Row = {};
    columns.forEach((column, index) => {
      record[fields[index]!] = cellValue(row.getCell(column));
    });
    rows.push(record);
  });
  return recordsToDocuments(fields, rows, options);
}

const tooComplex = (detail: string) =>
  new DocumentFileError('too-complex', `The file is too complex to be read here: ${detail}.`);

async function parsePdf(content: Uint8Array, limits: UnpackLimits) {
  const { getDocumentProxy } = await import('unpdf');
  const pages: string[] = [];
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes the bytes over (it gets a copy) and prints its warnings unless told not to.
    pdf = await getDocumentProxy(new Uint8Array(content), { verbosity: 0 });
  } catch (error) {
    throw unreadable('a PDF', error);
  }
  try {
    if (pdf.numPages > limits.maxPdfPages) {
      throw tooComplex(`it has ${pdf.numPages} pages and at most ${limits.maxPdfPages} are read`);
    }
    let characters = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      let text: string;
      try {
        const page = await pdf.getPage(number);
        const { items } = await page.getTextContent();
        // As unpdf's extractText: each item's string, a line break where the item ends a line.
        text = items
          .map((item) => ('str' in item && item.str != null ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('');
      } catch (error) {
        throw unreadable('a PDF', error);
      }
      characters += text.length;
      if (characters > limits.maxPdfTextChars) {
        throw tooComplex(`it holds more than ${limits.maxPdfTextChars} characters of text`);
      }
      pages.push(text);
    }
  } finally {
    await pdf.destroy().catch(() => {});
  }
  const documents = pages.flatMap((page, index) => {
    const text = page.replace(/\s+/g, ' ').trim();
    return text ? [{ id: `page-${index + 1}`, text }] : [];
  });
  if (documents.length === 0) {
    throw new DocumentFileError(
      'no-documents',
      'The PDF has no text to read: a scanned document needs text recognition (OCR), which is not done here.',
    );
  }
  return { documents, textField: null, fields: [], skippedEmpty: pages.length - documents.length };
}

async function parseDocx(content: Uint8Array) {
  const { default: mammoth } = await import('mammoth');
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: Buffer.from(content) })).value;
  } catch (error) {
    throw unreadable('a Word document (.docx)', error);
  }
  const documents = textDocuments(
    text
      .split(/\n\s*\n/)
      .map((piece) => piece.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
    'paragraph-',
  );
  return { documents, textField: null, fields: [], skippedEmpty: 0 };
}

/**
 * A document without U+0000 (NUL) in any of its texts. NUL is no character of any language: a file holds one by
 * damage or padding, a JSON file can write one as `\u0000`, a page as `&#0;`, and PostgreSQL stores it in no text
 * or JSON column (an upload holding one failed with a 500: the contract fuzzer, issue 33's CI). It is dropped; the
 * rest of the text is kept as it was. The same document when it holds none.
 */
function withoutNulCharacters<Document extends AnalysisDocument>(document: Document): Document {
  let changed: Document | undefined;
  for (const [key, value] of Object.entries(document)) {
    if (typeof value !== 'string' || !value.includes('\u0000')) continue;
    changed ??= { ...document };
    (changed as Record<string, unknown>)[key] = value.replaceAll('\u0000', '');
  }
  return changed ?? document;
}

/**
 * Reads an uploaded file into documents: csv and tsv (header row; the delimiter of a csv is read from it), json (a
 * list, or an object wrapping one), ndjson and jsonl (one object or string per line), txt (paragraphs, or lines
 * when there is no blank line), xlsx (the first filled sheet, header row), pdf (a document per page) and docx (a
 * document per paragraph). Tables and records take their text from the `text`, `content`, `body`, `message` or
 * `description` column, else from the column with the longest texts; title, source, date, link, id and language
 * columns are recognised by their names.
 */
export async function parseDocumentFile(
  file: DocumentFile,
  options: DocumentFileOptions,
): Promise<ParsedDocumentFile> {
  const format = formatOf(file);
  if (file.content.byteLength > options.maxBytes) {
    throw new DocumentFileError(
      'file-too-large',
      `The file is ${formatBytes(file.content.byteLength)}; files up to ${formatBytes(options.maxBytes)} can be analysed.`,
    );
  }
  if (file.content.byteLength === 0) throw new DocumentFileError('file-empty', 'The file is empty.');

  const limits = options.unpackLimits ?? defaultUnpackLimits;
  try {
    if (format === 'xlsx' || format === 'docx') checkZipEntries(file.content, limits);
    else if (format === 'pdf') checkPdfStreams(file.content, limits);
  } catch (error) {
    if (!(error instanceof UnpackLimitError)) throw error;
    throw new DocumentFileError(
      'expands-too-much',
      `The file unpacks to far more than its size (${error.detail}): it cannot be read.`,
    );
  }

  let parsed: Omit<ParsedDocumentFile, 'format'>;
  if (format === 'xlsx') parsed = await parseXlsx(file.content, options);
  else if (format === 'pdf') parsed = await parsePdf(file.content, limits);
  else if (format === 'docx') parsed = await parseDocx(file.content);
  else {
    const text = decodeText(file.content);
    if (!text.trim()) throw new DocumentFileError('file-empty', 'The file is empty.');
    if (format === 'csv' || format === 'tsv') parsed = parseDelimited(text, format, options);
    else if (format === 'json') parsed = parseJson(text, options);
    else if (format === 'ndjson' || format === 'jsonl') parsed = parseJsonLines(text, options);
    else
      parsed = {
        documents: textDocuments(splitParagraphs(text), ''),
        textField: null,
        fields: [],
        skippedEmpty: 0,
      };
  }

  // Without NUL characters; a document whose text held nothing else is empty, as its row would have been.
  const documents = parsed.documents
    .map(withoutNulCharacters)
    .filter((document) => document.text.trim() !== '');
  parsed = {
    ...parsed,
    documents,
    skippedEmpty: parsed.skippedEmpty + parsed.documents.length - documents.length,
  };
  if (parsed.documents.length === 0) {
    throw new DocumentFileError(
      'no-documents',
      parsed.textField
        ? `The column "${parsed.textField}" is empty in every row.`
        : 'The file has no text to analyse.',
    );
  }
  if (options.maxDocuments !== undefined && parsed.documents.length > options.maxDocuments) {
    throw new DocumentFileError(
      'too-many-documents',
      `The file holds ${parsed.documents.length} documents; at most ${options.maxDocuments} can be analysed at once.`,
    );
  }
  return { format, ...parsed };
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
