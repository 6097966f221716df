// engines: any
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { type AnalysisDocument, createDefaultExecutor, type NarrativeAnalysisResult } from './index.js';
import { bm25Vectors, fixedTo6, seededRandom } from './narrative-clustering.js';

/** Issue 34 point 5: a narrative's label reads as a phrase its documents write, and its examples say it. */
describe('narrative labels', async () => {
  const cherry = [
    'Cherry-pick upstream commit to fix the crash on start.',
    'Cherry-pick upstream commit for the memory leak in the parser.',
    'Cherry-pick upstream commits fixing the build on arm64.',
    'Add patch: cherry-pick upstream commit to silence a warning.',
    'Cherry-pick upstream commit that restores the old option.',
    'Refresh patches; cherry-pick upstream commit for the test suite.',
    'Cherry-pick upstream commit to support the new compiler.',
    'Cherry-pick upstream commit, closing a hang at exit.',
  ];
  const heat = [
    'Our heat pump keeps the whole house warm through the winter.',
    'The heat pump was cheap to install and runs quietly.',
    'A heat pump cut our energy bill by a third this winter.',
    'Installers say the heat pump needs a well insulated house.',
    'We replaced the gas boiler with a heat pump last year.',
    'The heat pump struggles on the coldest winter nights.',
    'Grants now pay for half of a heat pump in many regions.',
    'Noise from the neighbour’s heat pump keeps us awake.',
  ];
  const documents: AnalysisDocument[] = [...cherry, ...heat].map((text, index) => ({
    id: `d${index + 1}`,
    text,
  }));
  const { result } = await createDefaultExecutor().execute({ analysisType: 'narrativeAnalysis', documents });
  const { narratives } = result as NarrativeAnalysisResult;

  it('labels each narrative with a phrase its documents write, in their order', () => {
    for (const narrative of narratives) {
      const texts = narrative.documents.map((entry) =>
        documents.find((d) => d.id === entry.id)!.text.toLowerCase(),
      );
      const using = texts.filter((text) => text.includes(narrative.label));
      assert.ok(using.length >= 2, `"${narrative.label}" is written by ${using.length} of its documents`);
      assert.ok(narrative.label.split(' ').length >= 2, narrative.label);
      assert.ok(narrative.terms.length > 0 && narrative.share > 0);
    }
    const labels = narratives.map((narrative) => narrative.label);
    assert.ok(labels.includes('cherry-pick upstream commit'), labels.join(', '));
    assert.ok(
      labels.some((label) => label.includes('heat pump')),
      labels.join(', '),
    );
  });

  it('gives as examples its own documents that say a word of its label', () => {
    for (const narrative of narratives) {
      assert.ok(narrative.examples && narrative.examples.length > 0);
      const own = new Set(narrative.documents.map((entry) => entry.id));
      const words = narrative.label.split(/[^\p{L}]+/u).filter(Boolean);
      for (const example of narrative.examples) {
        assert.ok(own.has(example.id));
        assert.ok(
          words.some((word) => example.excerpt.toLowerCase().includes(word)),
          example.excerpt,
        );
      }
    }
  });

  it('gives different texts as examples, even when several documents say the same words', async () => {
    const same = 'Cherry-pick upstream commit to fix the crash on start.';
    const repeated: AnalysisDocument[] = [
      ...documents,
      ...Array.from({ length: 4 }, (_, index) => ({ id: `same${index}`, text: same })),
    ];
    const outcome = await createDefaultExecutor().execute({
      analysisType: 'narrativeAnalysis',
      documents: repeated,
    });
    for (const narrative of (outcome.result as NarrativeAnalysisResult).narratives) {
      const texts = (narrative.examples ?? []).map((example) =>
        repeated.find((d) => d.id === example.id)!.text.toLowerCase(),
      );
      assert.equal(new Set(texts).size, texts.length, texts.join(' | '));
    }
  });
});

/** Issue 34 point 8 (speed): the BM25 vectors computed on term ids are wink-nlp's vectorizer's, weight for weight. */
describe('BM25 vectors', () => {
  it("equal wink-nlp's bm25Vectorizer's bow of every document, in its order", () => {
    const bm25Vectorizer = createRequire(import.meta.url)('wink-nlp/utilities/bm25-vectorizer');
    const its = createRequire(import.meta.url)('wink-nlp/src/its.js');
    const random = seededRandom(7);
    const words = [
      'heat',
      'pump',
      '12',
      'winter',
      '0',
      'house pump',
      '#grant',
      '007',
      '3',
      'cherry-pick',
      'commit',
    ];
    const documents = Array.from({ length: 40 }, () =>
      Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => words[Math.floor(random() * words.length)]!,
      ),
    );
    const vectorizer = bm25Vectorizer({ k: 1, k1: 1.2, b: 0.75, norm: 'l2' });
    for (const terms of documents) vectorizer.learn(terms);
    const idOf = new Map(words.map((word, id) => [word, id]));
    const { vectors, dimensions } = bm25Vectors(
      documents.map((terms) => terms.map((term) => idOf.get(term)!)),
      words,
    );
    documents.forEach((_, position) => {
      const expected = Object.entries(vectorizer.doc(position).out(its.bow) as Record<string, number>);
      const vector = vectors[position]!;
      const actual = [...vector.indexes].map((dimension, i) => [
        words[dimensions[dimension]!]!,
        vector.weights[i]!,
      ]);
      assert.deepEqual(actual, expected);
    });
  });

  it('BM25 weights round as `+value.toFixed(6)` does, halves and large values included', () => {
    const random = seededRandom(11);
    const values = [0, 1, 999.9999995, 1000, 1e12, -0.5, Number.NaN, 0.0000005, 0.0000015, 0.1234565, 2.5e-7];
    for (let i = 0; i < 20_000; i += 1) {
      values.push(
        random(),
        random() * 20,
        Math.log(1 + random() * 1000),
        (Math.floor(random() * 1e6) + 0.5) / 1e6,
      );
      values.push((Math.floor(random() * 1e9) + 0.5) / 1e6, 1 / (1 + Math.floor(random() * 1e6)));
    }
    for (const value of values) assert.ok(Object.is(fixedTo6(value), +value.toFixed(6)), String(value));
  });
});
