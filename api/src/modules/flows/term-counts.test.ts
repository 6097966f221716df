// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  type AnalysisDocument,
  type AnalysisOutcome,
  type AnalysisType,
  type ContentAnalysisResult,
  createDefaultExecutor,
  type NarrativeAnalysisResult,
  type NewsAnalysisResult,
  type TrendDetectionResult,
} from '../../engine/index.js';
import { corpusDocuments } from '../../engine/test-corpus/load-corpus.js';
import { insightsOf } from './flow-insights.js';

/**
 * Issue 34 point 2, "one definition per figure" (docs/decisions/0103): a term's count is the number of analysed
 * documents containing it, the same in the four analyses of one file, in their CSV files and in the insights the
 * screens draw.
 */

const executor = createDefaultExecutor();
const csvRows = (content: string) => parseCsv(content, { columns: true }) as Record<string, string>[];

describe('one count per term across the four analyses of one file', async () => {
  // The energy posts, a few of them undated: trends leave those out, and the term's count must not.
  const posts = await corpusDocuments('energy-posts.ndjson');
  const documents: AnalysisDocument[] = posts.map((post, index) => {
    if (index % 6 !== 0) return post;
    const { publishedAt: _date, ...undated } = post;
    return undated;
  });
  const outcomes = new Map<AnalysisType, AnalysisOutcome>();
  for (const analysisType of [
    'contentAnalysis',
    'trendDetection',
    'newsAnalysis',
    'narrativeAnalysis',
  ] as const) {
    outcomes.set(analysisType, await executor.execute({ analysisType, documents }));
  }
  const content = outcomes.get('contentAnalysis')!.result as ContentAnalysisResult;
  const trend = outcomes.get('trendDetection')!.result as TrendDetectionResult;
  const news = outcomes.get('newsAnalysis')!.result as NewsAnalysisResult;
  const narrative = outcomes.get('narrativeAnalysis')!.result as NarrativeAnalysisResult;
  const file = (analysisType: AnalysisType, name: string) =>
    csvRows(outcomes.get(analysisType)!.files.find((candidate) => candidate.name === name)!.content);

  // The documents whose text says "boiler" (the word's lemma is "boiler"): its count, by hand.
  const term = 'boiler';
  const expected = documents.filter((document) => /\bboilers?\b/i.test(document.text)).length;

  it('is the number of documents containing the term, in every analysis', () => {
    assert.ok(expected >= 5, 'the word is common enough to be listed everywhere');
    assert.ok(
      documents.some((document) => !document.publishedAt && /boiler/i.test(document.text)),
      'some of its documents are undated',
    );
    const countIn = (list: readonly { term: string; documents: number }[], where: string) => {
      const entry = list.find((candidate) => candidate.term === term);
      assert.ok(entry, `${term} is listed in ${where}`);
      return entry.documents;
    };
    assert.equal(countIn(content.keywords, 'content keywords'), expected);
    assert.equal(countIn(trend.keywords, 'trend keywords'), expected);
    assert.equal(countIn(news.keywords, 'news keywords'), expected);
    assert.equal(countIn(narrative.keywords, 'narrative keywords'), expected);
    // A trend term carries the same count; its volume counts only the dated documents its series sums to.
    const trendTerm = [...trend.terms, ...trend.rising, ...trend.falling].find(
      (entry) => entry.term === term,
    )!;
    assert.equal(trendTerm.documents, expected);
    assert.ok(trendTerm.volume < expected, 'the undated documents are out of the trend volume');
    assert.equal(
      trendTerm.series.reduce((sum, point) => sum + point.volume, 0),
      trendTerm.volume,
    );
    const newsTrendTerm = news.trend.terms.find((entry) => entry.term === term)!;
    assert.equal(newsTrendTerm.documents, expected);
    // A news source's top terms: the corpus count, and the source's own under another name.
    for (const source of news.sources) {
      for (const entry of source.topTerms.filter((candidate) => candidate.term === term)) {
        assert.equal(entry.documents, expected);
        assert.ok(entry.groupDocuments <= source.documents);
      }
    }
    // A narrative's term: the corpus count, and the narrative's own documents containing it, never more.
    const narrativeTerms = narrative.narratives.flatMap((entry) =>
      entry.terms.map((item) => ({ ...item, size: entry.size })),
    );
    const inNarratives = narrativeTerms.filter((entry) => entry.term === term);
    assert.ok(inNarratives.length > 0, `${term} is a narrative's term`);
    for (const entry of inNarratives) {
      assert.equal(entry.documents, expected);
      assert.ok(entry.narrativeDocuments <= Math.min(entry.size, expected));
      assert.ok(entry.narrativeDocuments > 0);
    }
  });

  it('is the same number in the CSV files', () => {
    const inFile = (analysisType: AnalysisType, name: string) =>
      Number(file(analysisType, name).find((row) => row.term === term)?.documents);
    assert.equal(inFile('contentAnalysis', 'content-keywords.csv'), expected);
    assert.equal(inFile('trendDetection', 'trend-keywords.csv'), expected);
    assert.equal(inFile('trendDetection', 'trend-terms.csv'), expected);
    assert.equal(inFile('newsAnalysis', 'news-keywords.csv'), expected);
    assert.equal(inFile('newsAnalysis', 'news-trend-terms.csv'), expected);
    assert.equal(inFile('narrativeAnalysis', 'narrative-keywords.csv'), expected);
    assert.equal(inFile('narrativeAnalysis', 'narrative-terms.csv'), expected);
  });

  it('is the same number in the insights every screen draws, listed by it', () => {
    for (const result of [content, trend, news, narrative]) {
      const insights = insightsOf(result);
      const entry = insights.keywords.find((candidate) => candidate.term === term);
      assert.equal(entry?.documents, expected, result.analysisType);
      const counts = insights.keywords.map((candidate) => candidate.documents);
      assert.deepEqual(
        counts,
        [...counts].sort((a, b) => b - a),
        `${result.analysisType}: keywords by their count`,
      );
      for (const moving of [...(insights.trend?.rising ?? []), ...(insights.trend?.falling ?? [])]) {
        if (moving.term === term) assert.equal(moving.documents, expected);
      }
    }
    const narrativeInsights = insightsOf(narrative);
    // The same terms with the same counts (content analysis adds each keyword's sentiment, decision 0099).
    const counted = (keywords: { term: string; documents: number }[]) =>
      keywords.map(({ term, documents }) => ({ term, documents }));
    assert.deepEqual(counted(narrativeInsights.keywords), counted(insightsOf(content).keywords));
    const termCounts = narrativeInsights.narratives!.flatMap((entry) => entry.termCounts ?? []);
    for (const entry of termCounts.filter((candidate) => candidate.term === term))
      assert.equal(entry.documents, expected);
  });

  it('puts each document with its row and text in the per-document files', () => {
    const rows = file('contentAnalysis', 'content-documents.csv');
    assert.equal(rows.length, documents.length);
    rows.forEach((row, index) => {
      assert.equal(Number(row.row), index + 1);
      assert.equal(row.text, documents[index]!.text);
    });
    const articles = file('newsAnalysis', 'news-articles.csv');
    assert.equal(articles[0]!.text, documents[0]!.text);
    const narrativeRows = file('narrativeAnalysis', 'narrative-documents.csv').filter((row) => row.row);
    assert.ok(narrativeRows.length > 0);
    for (const row of narrativeRows) assert.equal(row.text, documents[Number(row.row) - 1]!.text);
  });
});
