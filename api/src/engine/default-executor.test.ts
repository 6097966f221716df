// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  AnalysisAbortedError,
  type AnalysisDocument,
  type AnalysisProgress,
  type AnalysisRequest,
  AnalysisRequestError,
  type ContentAnalysisResult,
  createDefaultExecutor,
  createWorkerExecutor,
  type NarrativeAnalysisResult,
  type NewsAnalysisResult,
  type TrendDetectionResult,
} from './index.js';
import { readingHelpers } from './reading-pool.js';
import { corpusDocuments } from './test-corpus/load-corpus.js';

const executor = createDefaultExecutor();

async function run<Result>(request: AnalysisRequest) {
  const outcome = await executor.execute(request);
  return { result: outcome.result as Result, files: outcome.files };
}

const csvRows = (content: string) => parseCsv(content, { columns: true }) as Record<string, string>[];

describe('the default executor: contentAnalysis', async () => {
  const documents = await corpusDocuments('reviews.csv');
  const { result, files } = await run<ContentAnalysisResult>({ analysisType: 'contentAnalysis', documents });

  it('finds the words the reviews are about, most mentioned first', () => {
    const keywords = result.keywords.map((keyword) => keyword.term);
    for (const word of ['battery', 'camera', 'screen', 'phone']) assert.ok(keywords.includes(word), word);
    const battery = result.keywords.find((keyword) => keyword.term === 'battery')!;
    // "battery" is in 9 of the 12 reviews (once twice): more than any other word.
    assert.equal(battery.documents, documents.filter((d) => /battery/i.test(d.text)).length);
    assert.equal(result.keywords[0]!.term, 'battery');
    assert.ok(!keywords.includes('the') && !keywords.includes('and'), 'stop words are left out');
    assert.ok(result.keyPhrases.some((phrase) => phrase.term === 'great camera'));
  });

  it('gives clearly positive reviews a positive score and clearly negative ones a negative score', () => {
    const byId = new Map(result.documentSummaries.map((summary) => [summary.id, summary]));
    for (const id of ['r01', 'r02', 'r06', 'r08', 'r11']) {
      assert.ok(byId.get(id)!.sentiment > 0, `${id} is positive`);
      assert.equal(byId.get(id)!.sentimentLabel, 'positive');
    }
    for (const id of ['r03', 'r05', 'r09']) {
      assert.ok(byId.get(id)!.sentiment < 0, `${id} is negative`);
      assert.equal(byId.get(id)!.sentimentLabel, 'negative');
    }
    const scores = result.documentSummaries.map((summary) => summary.sentiment);
    const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
    assert.ok(Math.abs(result.sentiment.average - mean) < 0.001);
    assert.equal(result.sentiment.positive + result.sentiment.negative + result.sentiment.neutral, 12);
  });

  it('finds hashtags, mentions, addresses, money and percentages', () => {
    const entity = (type: string, value: string) =>
      result.entities.find((found) => found.type === type && found.value === value);
    assert.equal(entity('hashtag', '#novaphone')?.documents, 2);
    assert.equal(entity('money', '$499')?.documents, 2);
    assert.ok(entity('url', 'https://novaphone.example/review'));
    assert.ok(entity('email', 'help@novaphone.example'));
    assert.ok(entity('mention', '@NovaSupport'));
    assert.ok(entity('percent', '20%'));
    const r01 = result.documentSummaries.find((summary) => summary.id === 'r01')!;
    assert.deepEqual(
      r01.entities.filter((found) => found.type === 'hashtag'),
      [{ type: 'hashtag', value: '#novaphone' }],
    );
  });

  it('tells the language and counts what it read', () => {
    assert.deepEqual(result.languages, [{ language: 'en', documents: 12 }]);
    assert.equal(result.documents.analysed, 12);
    assert.equal(
      result.tokens,
      result.documentSummaries.reduce((sum, summary) => sum + summary.tokens, 0),
    );
    assert.ok(result.tokens > 200);
  });

  it('writes the result as JSON and as CSV tables', () => {
    assert.deepEqual(
      files.map((file) => file.name),
      [
        'content-analysis.json',
        'content-keywords.csv',
        'content-key-phrases.csv',
        'content-entities.csv',
        'content-documents.csv',
        'left-out-documents.csv',
      ],
    );
    assert.deepEqual(JSON.parse(files[0]!.content), JSON.parse(JSON.stringify(result)));
    const keywordRows = csvRows(files[1]!.content);
    assert.deepEqual(keywordRows[0], { rank: '1', term: 'battery', documents: '9', occurrences: '10' });
    const documentRows = csvRows(files[4]!.content);
    assert.equal(documentRows.length, 12);
    assert.equal(documentRows.find((row) => row.id === 'r09')!.sentimentLabel, 'negative');
    // A mention opens with @: the CSV keeps a spreadsheet from reading it as a formula.
    const entityRows = csvRows(files[3]!.content);
    assert.ok(entityRows.some((row) => row.type === 'mention' && row.value === "'@NovaSupport"));
  });
});

describe('the default executor: trendDetection', async () => {
  const documents = await corpusDocuments('energy-posts.ndjson');
  const { result, files } = await run<TrendDetectionResult>({ analysisType: 'trendDetection', documents });
  const term = (name: string) =>
    [...result.terms, ...result.rising, ...result.falling].find((t) => t.term === name);

  it('counts every day from the first post to the last, and splits them into a recent window and a baseline', () => {
    assert.equal(result.periods.length, 14);
    assert.equal(result.periods[0]!.period, '2024-03-01');
    assert.equal(
      result.periods.reduce((sum, point) => sum + point.volume, 0),
      documents.length,
    );
    // Two weeks of posts are counted by day (chosen from the span); the recent window is a quarter of the days,
    // at least 10 documents (decision 0097), the baseline the days before it (at most four times as many).
    assert.equal(result.period, 'day');
    assert.equal(result.periodChoice, 'auto');
    assert.deepEqual(result.recentWindow, {
      from: '2024-03-12',
      to: '2024-03-14',
      periods: 3,
      documents: 12,
    });
    assert.deepEqual(result.baselineWindow, {
      from: '2024-03-01',
      to: '2024-03-11',
      periods: 11,
      documents: 24,
    });
    assert.equal(result.windows, 'the last 3 days against the 11 before');
  });

  it('finds the heat pump rising and the gas boiler falling', () => {
    const pump = result.rising.find((t) => t.term === 'pump');
    assert.ok(pump && pump.momentum! > 1, JSON.stringify(result.rising.slice(0, 5)));
    assert.ok(pump.recentShare > pump.baselineShare);
    const boiler = result.falling.find((t) => t.term === 'boiler');
    assert.ok(boiler && boiler.momentum! < -0.5, JSON.stringify(result.falling.slice(0, 5)));
    assert.ok(boiler.recentShare < boiler.baselineShare);
    assert.ok(result.rising.every((t) => t.momentum! > 0));
    assert.ok(result.falling.every((t) => t.momentum! < 0));
    // Ranked by momentum (the default metric): the strongest first.
    const momenta = result.terms.map((t) => t.momentum!);
    assert.deepEqual(
      momenta,
      [...momenta].sort((a, b) => b - a),
    );
  });

  it('gives each listed term its volume per day', () => {
    const pump = term('pump')!;
    assert.equal(
      pump.series.reduce((sum, point) => sum + point.volume, 0),
      pump.volume,
    );
    assert.equal(pump.series.find((point) => point.period === '2024-03-12')!.volume, 4);
    const rows = csvRows(files.find((file) => file.name === 'trend-series.csv')!.content);
    assert.ok(rows.some((row) => row.term === 'pump' && row.period === '2024-03-12' && row.volume === '4'));
    const termRows = csvRows(files.find((file) => file.name === 'trend-terms.csv')!.content);
    assert.equal(termRows[0]!.direction, 'rising');
  });

  it('ranks by volume when asked to', async () => {
    const { result: byVolume } = await run<TrendDetectionResult>({
      analysisType: 'trendDetection',
      trendMetric: 'volume',
      documents,
    });
    const volumes = byVolume.terms.map((t) => t.volume);
    assert.deepEqual(
      volumes,
      [...volumes].sort((a, b) => b - a),
    );
    assert.equal(byVolume.trendMetric, 'volume');
  });

  it('says so when the documents have no dates, or all fall on one day', async () => {
    const undated = documents.map(({ publishedAt: _, ...rest }) => rest);
    const { result: none } = await run<TrendDetectionResult>({
      analysisType: 'trendDetection',
      documents: undated,
    });
    assert.equal(none.undated, documents.length);
    assert.match(none.note ?? '', /publication date/);
    const oneDay = documents.map((document) => ({ ...document, publishedAt: '2024-03-05T10:00:00Z' }));
    const { result: single } = await run<TrendDetectionResult>({
      analysisType: 'trendDetection',
      documents: oneDay,
    });
    assert.equal(single.baselineWindow, null);
    assert.ok(single.terms.length > 0 && single.terms.every((t) => t.momentum === null));
    assert.match(single.note ?? '', /need at least two/);
    assert.equal(single.noteCode, 'onePeriod');
  });
});

describe('the default executor: newsAnalysis', async () => {
  const documents = await corpusDocuments('news-items.json');
  const { result, files } = await run<NewsAnalysisResult>({ analysisType: 'newsAnalysis', documents });

  it('groups the items by source, by day and by source and day', () => {
    assert.deepEqual(
      result.sources.map((source) => [source.source, source.documents]),
      [
        ['Harbour Times', 6],
        ['Valley Gazette', 6],
      ],
    );
    assert.deepEqual(
      result.days.map((day) => [day.day, day.documents]),
      [
        ['2024-05-01', 4],
        ['2024-05-02', 4],
        ['2024-05-03', 4],
      ],
    );
    assert.equal(result.sourceDays.length, 6);
    assert.ok(result.sourceDays.every((group) => group.documents === 2));
    const harbour = result.sources[0]!;
    assert.equal(harbour.firstPublished, '2024-05-01T09:00:00.000Z');
    assert.equal(harbour.lastPublished, '2024-05-03T09:05:00.000Z');
  });

  it("names each source's own subjects in its top terms", () => {
    const top = (source: string) =>
      result.sources
        .find((s) => s.source === source)!
        .topTerms.slice(0, 5)
        .map((t) => t.term);
    assert.ok(top('Harbour Times').includes('ferry'), top('Harbour Times').join());
    assert.ok(top('Valley Gazette').includes('vineyard'), top('Valley Gazette').join());
    assert.ok(!top('Harbour Times').includes('vineyard'));
    const firstDay = result.sourceDays.find((g) => g.source === 'Valley Gazette' && g.day === '2024-05-01')!;
    assert.ok(firstDay.topTerms.some((t) => t.term === 'harvest'));
  });

  it('scores each item and each group, and keeps titles, sources and links with the articles', () => {
    const festival = result.articles.find((article) => article.title === 'Vineyard harvest best in decades')!;
    assert.ok(festival.sentiment > 0);
    const angry = result.articles.find((article) => article.title === 'Road closure angers farmers')!;
    assert.ok(angry.sentiment < 0);
    assert.equal(angry.source, 'Valley Gazette');
    assert.match(angry.url ?? '', /^https:\/\/valley-gazette\.example\//);
    for (const source of result.sources) {
      assert.equal(source.sentiment.positive + source.sentiment.negative + source.sentiment.neutral, 6);
    }
    assert.equal(result.trend.periods.length, 3);
  });

  it('writes per source, per day and per source and day tables', () => {
    const names = files.map((file) => file.name);
    for (const name of [
      'news-analysis.json',
      'news-by-source.csv',
      'news-by-day.csv',
      'news-by-source-day.csv',
      'news-trend-terms.csv',
      'news-trend-series.csv',
      'news-articles.csv',
    ]) {
      assert.ok(names.includes(name), name);
    }
    const rows = csvRows(files.find((file) => file.name === 'news-by-source-day.csv')!.content);
    assert.equal(rows.length, 6);
    assert.deepEqual(rows.map((row) => `${row.source} ${row.day} ${row.documents}`).slice(0, 2), [
      'Harbour Times 2024-05-01 2',
      'Harbour Times 2024-05-02 2',
    ]);
  });

  it('takes the source from the address when the item does not name one', async () => {
    const unnamed = documents.map(({ source: _, ...rest }) => rest);
    const { result: fromLinks } = await run<NewsAnalysisResult>({
      analysisType: 'newsAnalysis',
      documents: unnamed,
    });
    assert.deepEqual(
      fromLinks.sources.map((source) => source.source),
      ['harbour-times.example', 'valley-gazette.example'],
    );
  });
});

describe('the default executor: narrativeAnalysis', async () => {
  const documents = await corpusDocuments('two-topics.txt');
  const { result, files } = await run<NarrativeAnalysisResult>({
    analysisType: 'narrativeAnalysis',
    documents,
  });
  const isAboutBees = (id: string) => /hive|honey|bee/i.test(documents.find((d) => d.id === id)!.text);

  it('splits two different subjects into two narratives, each with only its own documents', () => {
    assert.equal(result.narratives.length, 2, JSON.stringify(result.clustering));
    assert.equal(result.clustering.k, 2);
    assert.ok(result.clustering.silhouette! > 0.1);
    const [first, second] = result.narratives.map((narrative) => narrative.documents.map((d) => d.id));
    assert.equal(first!.length + second!.length, 20);
    const firstIsBees = isAboutBees(first![0]!);
    assert.ok(first!.every((id) => isAboutBees(id) === firstIsBees));
    assert.ok(second!.every((id) => isAboutBees(id) === !firstIsBees));
    assert.deepEqual(result.unassigned, []);
  });

  it('labels each narrative by its own words', () => {
    const bees = result.narratives.find((narrative) => isAboutBees(narrative.documents[0]!.id))!;
    const rail = result.narratives.find((narrative) => narrative !== bees)!;
    assert.match(bees.label, /honey|hive|bee/);
    assert.doesNotMatch(bees.label, /train|strike|station|commuter/);
    assert.match(rail.label, /train|strike|station|commuter/);
    assert.ok(
      bees.terms.length > 3 &&
        bees.terms.every((term, i, all) => i === 0 || all[i - 1]!.weight >= term.weight),
    );
    assert.equal(bees.share + rail.share, 1);
  });

  it('gives the same narratives every time, and writes them as tables', async () => {
    const again = await run<NarrativeAnalysisResult>({ analysisType: 'narrativeAnalysis', documents });
    assert.deepEqual(again.result, result);
    const rows = csvRows(files.find((file) => file.name === 'narrative-documents.csv')!.content);
    assert.equal(rows.length, 20);
    assert.equal(csvRows(files.find((file) => file.name === 'narratives.csv')!.content).length, 2);
  });

  it('leaves out documents that share no word with any other', async () => {
    const lonely: AnalysisDocument = { id: 'lonely', text: 'Quantum chromodynamics baffles undergraduates.' };
    const { result: withLonely } = await run<NarrativeAnalysisResult>({
      analysisType: 'narrativeAnalysis',
      documents: [...documents, lonely],
    });
    assert.deepEqual(withLonely.unassigned, ['lonely']);
  });
});

describe('the default executor: filters, progress, cancelling and bad requests', async () => {
  const reviews = await corpusDocuments('reviews.csv');
  const posts = await corpusDocuments('energy-posts.ndjson');

  it('keeps only the documents in the language asked for', async () => {
    const french: AnalysisDocument[] = [
      {
        id: 'fr1',
        text: "Le service client était excellent et la livraison très rapide, merci beaucoup à l'équipe.",
      },
      { id: 'fr2', text: 'La batterie ne tient pas la journée, je suis très déçu de cet achat.' },
    ];
    const { result } = await run<ContentAnalysisResult>({
      analysisType: 'contentAnalysis',
      language: 'fr',
      documents: [...reviews, ...french],
    });
    assert.deepEqual(
      result.documentSummaries.map((summary) => summary.id),
      ['fr1', 'fr2'],
    );
    assert.equal(result.documents.excludedByLanguage, reviews.length);
    const { result: english } = await run<ContentAnalysisResult>({
      analysisType: 'contentAnalysis',
      language: 'eng',
      documents: [...reviews, ...french],
    });
    assert.equal(english.documents.analysed, reviews.length);
  });

  it('keeps short and technical English with the filter "en", and says which language each left-out one is in (issue 34)', async () => {
    const documents: AnalysisDocument[] = [
      { id: 'c1', text: 'Drop patch applied upstream.' },
      { id: 'c2', text: 'New upstream release.' },
      { id: 'r1', text: 'Bluetooth drops constantly.' },
      { id: 'r2', text: 'Gorgeous colour, soft fabric.' },
      { id: 'e1', text: '👍👍👍' },
      { id: 'd1', text: 'Die Lieferung kam pünktlich und das Paket war sehr gut verpackt.' },
    ];
    const { result, files } = await run<ContentAnalysisResult>({
      analysisType: 'contentAnalysis',
      language: 'en',
      documents,
    });
    // Text in no language (emoji only) is `und` and passes the filter: it is in no other language.
    assert.deepEqual(
      result.documentSummaries.map((summary) => [summary.id, summary.language]),
      [
        ['c1', 'en'],
        ['c2', 'en'],
        ['r1', 'en'],
        ['r2', 'en'],
        ['e1', 'und'],
      ],
    );
    assert.deepEqual(result.leftOut, [{ id: 'd1', row: 6, reason: 'language', language: 'de' }]);
    const leftOutFile = files.find((file) => file.name === 'left-out-documents.csv')!;
    assert.deepEqual(csvRows(String(leftOutFile.content)), [
      { row: '6', id: 'd1', reason: 'language', language: 'de' },
    ]);
  });

  it('analyses the most recent documents up to the article limit', async () => {
    const { result } = await run<ContentAnalysisResult>({
      analysisType: 'contentAnalysis',
      articleLimit: 5,
      documents: posts,
    });
    assert.equal(result.documents.analysed, 5);
    assert.equal(result.documents.excludedByArticleLimit, posts.length - 5);
    const newest = posts
      .map((post) => String(post.publishedAt))
      .sort()
      .slice(-5);
    assert.deepEqual(
      result.documentSummaries.map((summary) => summary.publishedAt!.replace('.000Z', 'Z')).sort(),
      newest,
    );
  });

  it('counts documents with no text apart', async () => {
    const { result } = await run<ContentAnalysisResult>({
      analysisType: 'contentAnalysis',
      documents: [...reviews, { text: '   ' }, { text: '' }],
    });
    assert.equal(result.documents.empty, 2);
    assert.equal(result.documents.analysed, reviews.length);
  });

  it('reports progress forward only, ending at 1', async () => {
    const progress: AnalysisProgress[] = [];
    await executor.execute(
      { analysisType: 'narrativeAnalysis', documents: reviews },
      { onProgress: (step) => progress.push(step) },
    );
    const fractions = progress.map((step) => step.fraction);
    assert.deepEqual(
      fractions,
      [...fractions].sort((a, b) => a - b),
    );
    assert.equal(fractions[0], 0);
    assert.equal(fractions.at(-1), 1);
    assert.deepEqual([...new Set(progress.map((step) => step.stage))], ['reading', 'analysing', 'writing']);
  });

  it('stops between documents when its signal is aborted, and lets the process work meanwhile', async () => {
    const many = Array.from({ length: 4000 }, (_, index) => ({
      ...reviews[index % reviews.length]!,
      id: `${index}`,
    }));
    const controller = new AbortController();
    let lastFraction = 0;
    // A timer can only fire if the engine hands the event loop back while it reads.
    setTimeout(() => controller.abort(), 30);
    await assert.rejects(
      executor.execute(
        { analysisType: 'contentAnalysis', documents: many },
        { signal: controller.signal, onProgress: (step) => (lastFraction = step.fraction) },
      ),
      AnalysisAbortedError,
    );
    assert.ok(lastFraction < 0.85, `stopped while reading, at ${lastFraction}`);
    const aborted = AbortSignal.abort();
    await assert.rejects(
      executor.execute({ analysisType: 'trendDetection', documents: reviews }, { signal: aborted }),
      AnalysisAbortedError,
    );
  });

  it('refuses requests it cannot run, saying why', async () => {
    const bad = async (request: Partial<AnalysisRequest>, pattern: RegExp) =>
      assert.rejects(
        executor.execute({
          analysisType: 'contentAnalysis',
          documents: reviews,
          ...request,
        } as AnalysisRequest),
        (error: unknown) => error instanceof AnalysisRequestError && pattern.test(error.message),
      );
    await bad({ analysisType: 'sentimentAnalysis' as never }, /Unknown analysis type "sentimentAnalysis"/);
    await bad({ trendMetric: 'speed' as never }, /Unknown trend metric/);
    await bad({ articleLimit: 0 }, /article limit/);
    await bad({ language: 'English' }, /not a language code/);
    await bad({ documents: 'text' as never }, /must be a list/);
  });
});

describe('the default executor: a large set read on several threads (issue 34)', async () => {
  const reviews = await corpusDocuments('reviews.csv');
  // 2,400 documents: enough to be read on two threads (reading-pool.ts's minimum is 2,000).
  const documents = Array.from({ length: 200 }, (_, copy) =>
    reviews.map((document, index) => ({
      ...document,
      id: `${copy}-${index}`,
      text: `${document.text} (${copy})`,
    })),
  ).flat();
  const request: AnalysisRequest = { analysisType: 'contentAnalysis', documents, language: 'en' };

  it('reads on a second thread when it is given one, and finds exactly what one thread finds', async () => {
    const alone = await createDefaultExecutor().execute(request);
    const fractions: number[] = [];
    const together = await createDefaultExecutor({ parallelReaders: 1 }).execute(request, {
      onProgress: (progress) => fractions.push(progress.fraction),
    });
    assert.equal(alone.result.readingThreads, 1);
    assert.equal(together.result.readingThreads, 2);
    assert.deepEqual({ ...together.result, readingThreads: 1 }, alone.result);
    // The same files, but for the result file's count of threads.
    const sameThreads = (content: string) => content.replace(/("readingThreads":\s*)\d+/, '$11');
    assert.deepEqual(
      together.files.map((file) => sameThreads(file.content)),
      alone.files.map((file) => file.content),
    );
    assert.deepEqual(
      fractions,
      [...fractions].sort((a, b) => a - b),
      'progress only moves forward',
    );
    assert.equal(fractions.at(-1), 1);
  });

  it("reads on every core in the API's run worker (one helper per other core), with the same result", async () => {
    const inWorker = await createWorkerExecutor().execute(request);
    const alone = await createDefaultExecutor().execute(request);
    assert.equal(inWorker.result.readingThreads, readingHelpers() + 1);
    assert.deepEqual({ ...inWorker.result, readingThreads: 1 }, alone.result);
  });

  it('stops the threads when its signal is aborted', async () => {
    const controller = new AbortController();
    const running = createDefaultExecutor({ parallelReaders: 1 }).execute(request, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.fraction > 0.2) controller.abort();
      },
    });
    await assert.rejects(running, AnalysisAbortedError);
  });
});
