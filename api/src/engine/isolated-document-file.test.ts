import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentFileError } from './document-files.js';
import { checkPdfStreams, checkZipEntries, defaultUnpackLimits, UnpackLimitError } from './file-limits.js';
import { parseDocumentFileIsolated } from './isolated-document-file.js';
import { docxBomb, pdfBomb } from './test-corpus/hostile-files.js';
import { corpusFile } from './test-corpus/load-corpus.js';

describe('reading files in a worker with limits (docs/decisions/0090)', () => {
  const csv = (rows: number) =>
    Buffer.from(
      `id,text\n${Array.from({ length: rows }, (_, index) => `${index},Row ${index} of the table`).join('\n')}`,
    );

  it('reads a file in a worker: its format, count, preview and documents as JSON', async () => {
    const parsed = await parseDocumentFileIsolated(
      { name: 'rows.csv', content: csv(3) },
      { maxBytes: 1_000_000 },
    );
    assert.deepEqual(
      [parsed.format, parsed.documentCount, parsed.preview],
      ['csv', 3, ['Row 0 of the table', 'Row 1 of the table', 'Row 2 of the table']],
    );
    assert.deepEqual(JSON.parse(Buffer.from(parsed.documentsJson).toString('utf8'))[2], {
      id: '2',
      text: 'Row 2 of the table',
    });
    await assert.rejects(
      parseDocumentFileIsolated(
        { name: 'book.xlsx', content: Buffer.from('not a zip') },
        { maxBytes: 1_000_000 },
      ),
      (error: unknown) => error instanceof DocumentFileError && error.code === 'unreadable-file',
    );
  });

  it('stops the worker past its time or its heap: too complex', async () => {
    await assert.rejects(
      parseDocumentFileIsolated(
        { name: 'rows.csv', content: csv(200_000) },
        { maxBytes: 50_000_000 },
        { limits: { timeoutMs: 50, maxHeapMb: 1024 } },
      ),
      (error: unknown) =>
        error instanceof DocumentFileError && error.code === 'too-complex' && /too long/.test(error.message),
    );
    await assert.rejects(
      parseDocumentFileIsolated(
        { name: 'rows.csv', content: csv(400_000) },
        { maxBytes: 50_000_000 },
        { limits: { timeoutMs: 120_000, maxHeapMb: 32 } },
      ),
      (error: unknown) =>
        error instanceof DocumentFileError && error.code === 'too-complex' && /memory/.test(error.message),
    );
  });

  it('checks declared zip sizes and inflated PDF streams before any parser reads them', async () => {
    assert.throws(() => checkZipEntries(docxBomb(400)), UnpackLimitError);
    assert.throws(() => checkPdfStreams(pdfBomb(50)), UnpackLimitError);
    // Ordinary files pass, and so do small bombs under the limits.
    checkZipEntries(corpusFile('survey-answers.docx'));
    checkPdfStreams(pdfBomb(1));
    assert.throws(
      () => checkPdfStreams(pdfBomb(3), { ...defaultUnpackLimits, maxPdfStreamBytes: 2 * 1024 * 1024 }),
      UnpackLimitError,
    );
  });
});
