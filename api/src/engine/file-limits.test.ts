// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPdfStreams, checkZipEntries, defaultUnpackLimits, UnpackLimitError } from './file-limits.js';
import { docxBomb, pdfBomb } from './test-corpus/hostile-files.js';
import { corpusFile } from './test-corpus/load-corpus.js';

describe('what a file may unpack to (docs/decisions/0090)', () => {
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
