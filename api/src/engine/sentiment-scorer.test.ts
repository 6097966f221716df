// engines: any
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type {
  ContentAnalysisResult,
  NarrativeAnalysisResult,
  TrendDetectionResult,
} from './analysis-results.js';
import { createDefaultExecutor } from './default-executor.js';
import { annotateText, sentimentLabel } from './text-annotator.js';

const labelOf = (text: string) => sentimentLabel(annotateText(text).sentiment);

describe('sentiment', () => {
  it('reads the sentences wink-nlp misread on the right side (issue 34)', () => {
    assert.equal(labelOf('Service was very prompt.'), 'positive');
    assert.equal(labelOf('Not tasty and the texture was just nasty.'), 'negative');
  });

  it('scopes negation to the words it governs and weighs the clause after a contrast', () => {
    assert.equal(labelOf('It is not good.'), 'negative');
    assert.equal(labelOf('Not bad at all.'), 'positive');
    assert.equal(labelOf("Don't waste your money."), 'negative');
    assert.equal(labelOf('The food was good but the service was terrible.'), 'negative');
    assert.equal(labelOf('The wait was long, but the food was wonderful.'), 'positive');
    assert.equal(labelOf('Although the staff were friendly, the food was awful.'), 'negative');
    assert.ok(
      annotateText('The film was very good.').sentiment >
        annotateText('The film was slightly good.').sentiment,
    );
  });

  it('reads emoji, emoticons and ratings, and leaves statements neutral', () => {
    assert.equal(labelOf('New phone 😍'), 'positive');
    assert.equal(labelOf('Delivery again 😡'), 'negative');
    assert.equal(labelOf('Late again :('), 'negative');
    assert.equal(labelOf('I rate this movie 9/10.'), 'positive');
    assert.equal(labelOf('My rating: just 3 out of 10.'), 'negative');
    assert.equal(labelOf('The meeting is on Tuesday at 10.'), 'neutral');
    assert.equal(annotateText('The meeting is on Tuesday at 10.').opinionWords, 0);
  });

  it('does not lean: on held-out labelled sentences the share positive is within 5 points of the truth', () => {
    // test-corpus/labelled-sentences.json: UCI Sentiment Labelled Sentences (CC BY 4.0), never tuned on.
    const sentences = JSON.parse(
      readFileSync(new URL('./test-corpus/labelled-sentences.json', import.meta.url), 'utf8'),
    ) as { text: string; label: 'positive' | 'negative' }[];
    const labels = sentences.map((sentence) => labelOf(sentence.text));
    const positive = labels.filter((label) => label === 'positive').length;
    const negative = labels.filter((label) => label === 'negative').length;
    const truth = sentences.filter((sentence) => sentence.label === 'positive').length / sentences.length;
    const share = positive / (positive + negative);
    assert.ok(
      Math.abs(share - truth) <= 0.05,
      `share positive ${share.toFixed(3)} against ${truth.toFixed(3)}`,
    );
    const right = sentences.filter((sentence, index) => labels[index] === sentence.label).length;
    assert.ok(right / sentences.length >= 0.75, `accuracy ${(right / sentences.length).toFixed(3)}`);
  });

  it("gives each narrative its documents' sentiment, not a diluted constant", async () => {
    const factual = 'It was delivered on Monday. It came in a box. It has a cable and a charger.';
    const documents = [
      ...Array.from({ length: 8 }, (_, i) => ({
        text: `${factual} The battery is terrible and died after a day (battery ${i}).`,
      })),
      ...Array.from({ length: 8 }, (_, i) => ({
        text: `${factual} The screen is wonderful and bright (screen ${i}).`,
      })),
    ];
    const { result } = await createDefaultExecutor().execute({
      analysisType: 'narrativeAnalysis',
      documents,
    });
    const { narratives } = result as NarrativeAnalysisResult;
    const averages = narratives.map((narrative) => narrative.sentiment.average);
    assert.ok(Math.min(...averages) <= -0.3, `averages ${averages.join(', ')}`);
    assert.ok(Math.max(...averages) >= 0.3, `averages ${averages.join(', ')}`);
  });

  it('says when the text is not opinion (release notes), and not for reviews', async () => {
    const changelog = [
      'Fix CVE-2023-1234: heap buffer overflow in parse_header() (closes: #1034567).',
      'New upstream release 2.4.1. Drop patches applied upstream.',
      'Update debian/control: bump Standards-Version to 4.6.2.',
      'Fix crash when the config file is missing (closes: #998877).',
    ].map((text) => ({ text }));
    const executor = createDefaultExecutor();
    const notes = (await executor.execute({ analysisType: 'contentAnalysis', documents: changelog }))
      .result as ContentAnalysisResult;
    assert.equal(notes.sentiment.caveat, 'notOpinion');
    assert.equal(notes.sentiment.technical, 4);
    const reviews = ['I love this phone.', 'The battery is awful.', 'Great screen, poor speaker.'].map(
      (text) => ({
        text,
      }),
    );
    const opinions = (await executor.execute({ analysisType: 'contentAnalysis', documents: reviews }))
      .result as ContentAnalysisResult;
    assert.equal(opinions.sentiment.caveat, undefined);
    assert.equal(opinions.sentiment.withoutOpinion, 0);
  });

  it('tells how favourably a trend and each of its terms are spoken of (Brand monitoring)', async () => {
    const documents = Array.from({ length: 12 }, (_, i) => ({
      text: i % 2 === 0 ? 'Acme support was wonderful and helpful.' : 'Acme billing is terrible and slow.',
      publishedAt: new Date(Date.UTC(2024, 2, 1 + i)).toISOString(),
    }));
    const { result } = await createDefaultExecutor().execute({ analysisType: 'trendDetection', documents });
    const trend = result as TrendDetectionResult;
    assert.equal(trend.sentiment?.positive, 6);
    assert.equal(trend.sentiment?.negative, 6);
    const of = (term: string) => trend.termSentiment?.find((entry) => entry.term === term);
    assert.ok((of('support')?.average ?? 0) > 0.3);
    assert.ok((of('billing')?.average ?? 0) < -0.3);
    assert.equal(of('acme')?.documents, 12);
  });
});
