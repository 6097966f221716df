// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import fc from 'fast-check';
import { type AnalysisDocument, type AnalysisResult, analysisTypes, createDefaultExecutor } from './index.js';
import { isTechnicalText } from './sentiment-scorer.js';
import { annotateText, longestRun } from './text-annotator.js';

/**
 * Issue 32: one word failed whole runs. "…but in fact they cannot." threw "Cannot read properties of undefined
 * (reading 'toLowerCase')" in every analysis type: wink-nlp has no lemma for the contractions its lexicon only
 * expands ("cannot", "dont", "isnt"…) when punctuation follows them. Whatever text a document holds, the engine
 * reads it; a document it still fails to read is left out with its row and reason, and the run goes on.
 *
 * The property's depth is `FUZZ_RUNS` (default 40); a failure prints fast-check's seed and path to replay it.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 40);
const executor = createDefaultExecutor();

/** Texts that broke or could break a tokenizer, a lemmatizer, a language guesser or a pattern. */
const hostile = [
  'cannot.',
  '…but in fact they cannot.',
  'Cannot!',
  "won't",
  "can't.",
  'dont, isnt? theyre. youre! couldnt; ive.',
  "y'all ain't gonna, lemme 'tis",
  '😀🎉🔥',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '',
  '   \n\t ',
  '0123456789',
  '3.14 2024-03-05 12:00 50% $499 #1',
  '<p>Great &amp; <b>cheap</b></p><script>alert(1)</script><!-- x -->',
  '<<<<<<<<<<',
  '</a></a><a href="',
  '分析这些评论的情绪和关键词。',
  'هذا نص عربي للتحليل.',
  'Это русский текст для анализа.',
  'ﾊﾝｶｸ カタカナ ひらがな 漢字',
  '\u0000\u0001\u001f\u007f',
  '\ud800 \udfff',
  '\u202e\u2066 mirrored',
  'a\u0301\u0301\u0301',
  'someone@example.com https://example.com/a?b=c @handle #tag',
  "'s 's 'S",
  '.....!!!???',
];

/** Documents of 100,000 characters, each of a shape that once cost a pattern its length squared. */
const longTexts = [
  'x'.repeat(100_000),
  'z1'.repeat(50_000),
  'cannot. '.repeat(12_500),
  '😀'.repeat(50_000),
  '<'.repeat(100_000),
  'a@'.repeat(50_000),
  Array.from({ length: 100_000 }, (_, index) => String.fromCodePoint(0x21 + ((index * 7919) % 0x2f000))).join(
    '',
  ),
];

const piece = fc.oneof(
  { arbitrary: fc.constantFrom(...hostile), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.nat().map(String), weight: 1 },
);
const text = fc
  .tuple(fc.array(piece, { maxLength: 8 }), fc.constantFrom(' ', '', '\n', '. '))
  .map(([pieces, separator]) => pieces.join(separator));
const day = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2024-03-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const document: fc.Arbitrary<AnalysisDocument> = fc.record(
  {
    id: fc.string({ maxLength: 8 }),
    text,
    title: text,
    source: fc.constantFrom('Feed A', 'Feed B', ''),
    publishedAt: fc.oneof(day, fc.constantFrom('not a date', '')),
    url: fc.constantFrom('https://news.example/a', 'not a url'),
    language: fc.constantFrom('en', 'de', 'xx'),
  },
  { requiredKeys: ['text'] },
);

function assertConsistent(result: AnalysisResult, received: number) {
  const counts = result.documents;
  assert.equal(counts.received, received);
  assert.equal(
    counts.analysed +
      counts.empty +
      counts.excludedByLanguage +
      counts.excludedByArticleLimit +
      counts.unreadable,
    received,
  );
  assert.equal(result.leftOut.length, received - counts.analysed);
  assert.ok(Number.isFinite(result.tokens));
}

describe('the engine reads any text (issue 32)', () => {
  it('reads "cannot." and the other contractions wink-nlp has no lemma for', () => {
    for (const sample of ['cannot.', 'Cannot!', 'CANNOT,', 'dont.', 'isnt?', 'theyre.', 'wont.', 'ive.']) {
      assert.doesNotThrow(() => annotateText(sample), sample);
    }
    assert.deepEqual(annotateText('They cannot.').words, []);
  });

  for (const analysisType of analysisTypes) {
    it(`${analysisType}: a document ending "…but in fact they cannot." is analysed`, async () => {
      const { result } = await executor.execute({
        analysisType,
        documents: [
          {
            id: 'a',
            text: 'The battery was said to last two days…but in fact they cannot.',
            publishedAt: '2024-02-01',
          },
          { id: 'b', text: 'The screen is bright and the battery lasts.', publishedAt: '2024-02-02' },
        ],
      });
      assert.deepEqual([result.documents.analysed, result.documents.unreadable, result.leftOut], [2, 0, []]);
    });
  }

  it('every analysis type over documents of 100,000 characters, empty, emoji, digits, markup and other scripts', async () => {
    const documents: AnalysisDocument[] = [...longTexts, ...hostile].map((text, index) => ({
      id: `d${index + 1}`,
      text,
      publishedAt: `2024-02-${String((index % 28) + 1).padStart(2, '0')}`,
    }));
    for (const analysisType of analysisTypes) {
      const { result, files } = await executor.execute({ analysisType, documents });
      assertConsistent(result, documents.length);
      assert.equal(result.documents.unreadable, 0, analysisType);
      // The empty ones, by row.
      assert.deepEqual(
        result.leftOut,
        documents
          .map((document, index) => ({ id: document.id!, row: index + 1, reason: 'empty' }))
          .filter((entry) => !documents[entry.row - 1]!.text.trim()),
      );
      for (const file of files) {
        if (file.mediaType === 'application/json') assert.doesNotThrow(() => JSON.parse(file.content));
        else assert.doesNotThrow(() => parseCsv(file.content, { columns: true }), file.name);
      }
    }
  });

  it(`property: any Unicode documents, any analysis type and options, never throw (${runs} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...analysisTypes),
        fc.array(document, { maxLength: 6 }),
        fc.option(fc.constantFrom('en', 'de'), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        async (analysisType, documents, language, articleLimit) => {
          const { result, files } = await executor.execute({
            analysisType,
            documents,
            ...(language && { language }),
            ...(articleLimit && { articleLimit }),
          });
          assertConsistent(result, documents.length);
          assert.equal(result.documents.unreadable, 0);
          assert.ok(files.some((file) => file.name === 'left-out-documents.csv'));
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('long runs and technical marks, found without scanning every character (issue 34 point 8)', () => {
  it('cuts a run of non-spaces exactly when it is longer than the longest run, wherever it starts', () => {
    for (const length of [longestRun - 1, longestRun, longestRun + 1, 2 * longestRun + 3]) {
      for (const offset of [0, 1, longestRun - 5, longestRun, longestRun + 7, 3 * longestRun - 2]) {
        // Words of four letters up to the offset, then the run, then one word.
        const before = 'word '
          .repeat(Math.ceil(offset / 5))
          .slice(0, offset)
          .replace(/\S+$/, '');
        const text = `${before}${'x'.repeat(length)} end`;
        const words = before.split(/\s+/).filter(Boolean).length;
        const pieces = Math.ceil(length / longestRun);
        assert.equal(
          annotateText(text).tokens,
          words + pieces + 1,
          `a run of ${length} after ${offset} characters`,
        );
      }
    }
  });

  it("reads a word's facts once, yet gives each use the lemma of its own part of speech", () => {
    // wink-nlp is asked once per word for what depends on the word alone; a lemma depends on the part of speech too
    // ("leaves" is "leave" as a verb and "leaf" as a noun), in whichever order the two uses are met.
    for (const [first, second] of [
      ['She leaves the office early.', 'The leaves turned red.'],
      ['The building was sold.', 'The ideas were building slowly.'],
      ['I saw the meeting notes.', 'The saw was sharp.'],
    ] as const) {
      const again = [annotateText(first).words, annotateText(second).words, annotateText(first).words];
      assert.deepEqual(again[2], again[0], first);
    }
    assert.deepEqual(annotateText('She leaves the office early.').words, ['leave', 'office', 'early']);
    assert.deepEqual(annotateText('The leaves turned red.').words, ['leaf', 'turn', 'red']);
    assert.deepEqual(annotateText('The ideas were building slowly.').words, ['idea', 'build']);
    assert.deepEqual(annotateText('The building was sold.').words, ['building', 'sell']);
    assert.deepEqual(annotateText('I saw the meeting notes.').words, ['see', 'meeting', 'note']);
    assert.deepEqual(annotateText('The saw was sharp.').words, ['saw', 'sharp']);
    // The parts of a contraction take their normal form from its expansion: "n't" is "not", a negation.
    assert.ok(annotateText("The battery isn't good.").sentiment < 0);
    assert.ok(annotateText('The battery is good.').sentiment > 0);
  });

  it('tells technical text by the same marks as one pattern holding them all', () => {
    const exts = 'c|h|cc|cpp|py|js|ts|rs|go|java|rb|sh|so|conf|json|ya?ml|toml|xml|md';
    const oneAlternation = new RegExp(
      `\\bCVE-\\d{4}-\\d{4,}\\b|\\burgency=|\\bcloses:\\s*#\\d+|\\bv?\\d+\\.\\d+\\.\\d+\\b|\\b[\\w./-]+\\.(?:${exts})\\b|\\b[a-z]\\w*_\\w+\\(|\\b[0-9a-f]{12,40}\\b`,
      'i',
    );
    const pieces = [
      'Fix CVE-2024-12345.',
      'urgency=medium',
      'Closes: #981',
      'v2.4.1',
      'see parse_args(x)',
      'a/b.json',
      '.json',
      'deadbeefcafe1',
      'deadbeefcafe',
      'cafe',
      'word',
      ' ',
      '_',
      '(',
      '.',
      '-',
      'fix',
      'Great phone',
    ];
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string()), { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        assert.equal(isTechnicalText(text), oneAlternation.test(text), JSON.stringify(text));
      }),
      { numRuns: runs * 25 },
    );
  });
});

describe('a document the engine fails to read is left out, not the run (issue 32)', () => {
  const failing = createDefaultExecutor({
    annotate: (text) => {
      if (text.includes('poison')) throw new TypeError('Cannot read properties of undefined (reading "x")');
      return annotateText(text);
    },
  });
  const documents: AnalysisDocument[] = [
    { id: 'r1', text: 'The battery lasts two days and the camera is great.', publishedAt: '2024-02-01' },
    { id: 'r2', text: 'This poison review breaks the reader.', publishedAt: '2024-02-02' },
    { text: '' },
    { id: 'r4', text: 'The screen is bright; the battery is weak.', publishedAt: '2024-02-03' },
  ];

  for (const analysisType of analysisTypes) {
    it(`${analysisType}: the other documents are analysed; the failed one is listed with its row and reason`, async () => {
      const told: { id: string; row: number; message: string }[] = [];
      const { result, files } = await failing.execute(
        { analysisType, documents },
        {
          onDocumentError: (document, error) => told.push({ ...document, message: (error as Error).message }),
        },
      );
      assert.deepEqual(
        [
          result.documents.received,
          result.documents.analysed,
          result.documents.unreadable,
          result.documents.empty,
        ],
        [4, 2, 1, 1],
      );
      assert.deepEqual(result.leftOut, [
        { id: 'r2', row: 2, reason: 'unreadable' },
        { id: '3', row: 3, reason: 'empty' },
      ]);
      assert.deepEqual(told, [
        { id: 'r2', row: 2, message: 'Cannot read properties of undefined (reading "x")' },
      ]);
      const leftOutFile = files.find((file) => file.name === 'left-out-documents.csv')!;
      assert.deepEqual(parseCsv(leftOutFile.content, { columns: true }), [
        { row: '2', id: 'r2', reason: 'unreadable', language: '' },
        { row: '3', id: '3', reason: 'empty', language: '' },
      ]);
      // The error's text is in no file: it is for the server's log only.
      assert.ok(files.every((file) => !file.content.includes('Cannot read properties')));
    });
  }

  it('with a language filter, the unreadable and the other-language documents are listed in row order', async () => {
    const { result } = await failing.execute({
      analysisType: 'contentAnalysis',
      language: 'en',
      documents: [
        { id: 'a', text: 'The battery lasts two days and the camera is great.' },
        { id: 'b', text: 'The screen is bright and this poison review is English.' },
        { id: 'c', text: 'Der Akku hält zwei Tage und die Kamera ist großartig.' },
      ],
    });
    assert.deepEqual(result.leftOut, [
      { id: 'b', row: 2, reason: 'unreadable' },
      { id: 'c', row: 3, reason: 'language', language: 'de' },
    ]);
  });
});
