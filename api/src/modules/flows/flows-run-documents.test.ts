// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunDocument, RunDocuments, RunInsights } from '@dcipher/shared/contract';
import { workflowMessages } from '@dcipher/shared/validation';
import type { Insertable, Selectable } from 'kysely';
import { db } from '../../db/kysely.js';
import type { FlowRunResultDocuments } from '../../db/schema.generated.js';
import { callAs } from '../../test-support/call-as.js';
import { errorBodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { uploadFile } from '../../test-support/upload-file.js';

/**
 * Issue 34 point 6, "the documents behind every figure" (docs/decisions/0104): from a term, a narrative, a sentiment
 * band, a language, a period or a left-out reason to its documents, paged, each with its text and its input, read
 * like the run's results.
 */
describe('GET /flows/{flowId}/runs/{runId}/documents', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      rateLimitScale: 100,
      flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: true },
    });
  });
  after(() => server.close());

  const call = callAs(() => server.app);

  // 14 rows over three months: 5 mention the boiler, the heat pump ones are glowing, the boiler ones bitter, two
  // are French (left out by the flow's language filter).
  const rows: [string, string, string, string][] = [
    [
      'a1',
      'The gas boiler broke again, awful cold showers and a terrible engineer visit.',
      '2024-01-05',
      'en',
    ],
    [
      'a2',
      'Our boiler is leaking, the worst winter, horrible bills and an angry plumber.',
      '2024-01-12',
      'en',
    ],
    ['a3', 'I love the new heat pump, wonderful warm house and great savings.', '2024-01-20', 'en'],
    ['a4', 'La pompe à chaleur est formidable et la maison est chaude.', '2024-01-22', 'fr'],
    [
      'a5',
      'Heat pump installed, brilliant quiet machine, excellent installer, very happy.',
      '2024-02-02',
      'en',
    ],
    ['a6', 'Another boiler failure, dreadful service and a broken thermostat again.', '2024-02-09', 'en'],
    ['a7', 'The heat pump keeps the house lovely and warm, fantastic value.', '2024-02-16', 'en'],
    ['a8', 'Solar panels on the roof now, the heat pump runs on sunshine, superb.', '2024-02-23', 'en'],
    ['a9', 'Le chauffe-eau est tombé en panne encore une fois, quelle horreur.', '2024-03-01', 'fr'],
    ['a10', 'The boiler engineer never came, terrible, cold house, bad company.', '2024-03-08', 'en'],
    ['a11', 'Heat pump grants are generous this year, a great time to switch.', '2024-03-15', 'en'],
    ['a12', 'Solar panels and a heat pump together cut our bills, excellent result.', '2024-03-22', 'en'],
    ['a13', 'Boiler service booked for next week, the last one was awful and late.', '2024-03-29', 'en'],
    ['a14', 'Heat pump noise is low and the warm floors are a delight.', '2024-03-30', 'en'],
  ];
  const csv = `id,text,date,language\n${rows.map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\n')}`;

  let org: Awaited<ReturnType<typeof organizationWithPeople>>;
  let other: Awaited<ReturnType<typeof organizationWithPeople>>;
  let uploadId: string;
  const runs: Record<string, { flowId: string; runId: string; insights: RunInsights }> = {};

  async function finishedRun(name: string, analysisType: string, extra: object = {}) {
    const created = await call('POST', '/flows', org.admin, {
      name,
      flowType: 'customFlow',
      analysisType,
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId }],
      filters: [{ kind: 'language', value: 'en' }],
      ...extra,
    });
    assert.equal(created.statusCode, 201, created.body);
    const flowId = created.json().id as string;
    const started = await call('POST', `/flows/${flowId}/run`, org.admin);
    assert.equal(started.statusCode, 202, started.body);
    await server.app.jobs.work();
    const status = await call('GET', `/flows/${flowId}/status`, org.admin);
    assert.equal(status.json().run.state, 'JobDone', status.body);
    return { flowId, runId: started.json().id as string, insights: status.json().insights as RunInsights };
  }

  before(async () => {
    org = await organizationWithPeople(server, { label: 'run-documents' });
    other = await organizationWithPeople(server, { label: 'run-documents-other' });
    const uploaded = await uploadFile(server.app, org.admin, 'heating.csv', csv);
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    uploadId = uploaded.json().id;
    runs.content = await finishedRun('Heating content', 'contentAnalysis');
    runs.trend = await finishedRun('Heating trends', 'trendDetection');
    runs.narratives = await finishedRun('Heating narratives', 'narrativeAnalysis');
  });

  /** `token` null: anonymously. */
  const list = (run: { flowId: string; runId: string }, query = '', token: string | null = org.admin) =>
    call('GET', `/flows/${run.flowId}/runs/${run.runId}/documents${query}`, token ?? undefined);
  const page = async (run: { flowId: string; runId: string }, query = '') => {
    const response = await list(run, query);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as RunDocuments;
  };
  const ids = (documents: readonly RunDocument[]) => documents.map((document) => document.id);

  it('lists the analysed documents in row order, each with its text and input', async () => {
    const all = await page(runs.content!, '?limit=100');
    assert.equal(all.kept, true);
    assert.equal(all.total, 12);
    assert.equal(all.total, runs.content!.insights.documents.analysed);
    assert.deepEqual(
      ids(all.documents),
      rows.filter((row) => row[3] === 'en').map((row) => row[0]),
    );
    const first = all.documents[0]!;
    assert.equal(first.row, 1);
    assert.equal(first.text, rows[0]![1]);
    assert.equal(first.textTruncated, false);
    assert.deepEqual(first.input, {
      id: 'a1',
      publishedAt: first.input.publishedAt,
      language: 'en',
    });
    assert.equal(new Date(first.input.publishedAt!).toISOString().slice(0, 10), '2024-01-05');
    assert.equal(first.leftOut, null);
    assert.equal(first.language, 'en');
    assert.equal(first.sentimentLabel, 'negative');
    assert.equal(all.nextCursor, null);
  });

  it('by term: the documents containing it, as many as every analysis counts for it', async () => {
    const boiler = await page(runs.content!, '?term=boiler');
    assert.deepEqual(ids(boiler.documents), ['a1', 'a2', 'a6', 'a10', 'a13']);
    for (const document of boiler.documents) assert.match(document.text, /boiler/i);
    // The figure the screens show for the term is the number of documents the list gives.
    for (const run of [runs.content!, runs.trend!, runs.narratives!]) {
      const keyword = run.insights.keywords.find((entry) => entry.term === 'boiler');
      assert.equal(keyword?.documents, boiler.total, run.insights.analysisType);
      assert.equal((await page(run, '?term=boiler')).total, boiler.total);
    }
    // Compared lower-case; key phrases too.
    assert.equal((await page(runs.content!, '?term=Boiler')).total, 5);
    const [phrase] = runs.content!.insights.keyPhrases!;
    assert.ok(phrase, 'the reviews have a key phrase');
    const withPhrase = await page(runs.content!, `?term=${encodeURIComponent(phrase.term)}`);
    assert.equal(withPhrase.total, phrase.documents);
    assert.equal((await page(runs.content!, '?term=zeppelin')).total, 0);
  });

  it('by sentiment band and language: as many as the result counts', async () => {
    const { sentiment, languages } = runs.content!.insights;
    for (const band of ['positive', 'negative', 'neutral'] as const) {
      const listed = await page(runs.content!, `?sentiment=${band}&limit=100`);
      assert.equal(listed.total, sentiment![band], band);
      for (const document of listed.documents) assert.equal(document.sentimentLabel, band);
    }
    const english = await page(runs.content!, '?language=en');
    assert.equal(english.total, languages!.find((entry) => entry.language === 'en')!.documents);
    assert.equal((await page(runs.content!, '?language=fr')).total, 0);
  });

  it('by period: a month, a quarter, a day, a week (by its Monday)', async () => {
    const february = await page(runs.trend!, '?period=2024-02');
    assert.deepEqual(ids(february.documents), ['a5', 'a6', 'a7', 'a8']);
    assert.equal((await page(runs.trend!, '?period=2024-Q1')).total, 12);
    assert.deepEqual(ids((await page(runs.trend!, '?period=2024-01-12&periodUnit=day')).documents), ['a2']);
    // The week of Monday 8 January 2024 holds the 12th.
    assert.deepEqual(ids((await page(runs.trend!, '?period=2024-01-08&periodUnit=week')).documents), ['a2']);
    // A run's own trend period reads a day-shaped period (this one counts by day).
    const trend = runs.trend!.insights.trend!;
    const busiest = trend.periods.find((point) => point.volume > 0)!;
    assert.equal((await page(runs.trend!, `?period=${busiest.period}`)).total, busiest.volume);
  });

  it('the documents left out, with their reason', async () => {
    const leftOut = await page(runs.content!, '?leftOut=any');
    assert.deepEqual(ids(leftOut.documents), ['a4', 'a9']);
    for (const document of leftOut.documents) {
      assert.equal(document.leftOut, 'language');
      assert.equal(document.sentiment, null);
      assert.ok(document.text.length > 0);
    }
    assert.equal((await page(runs.content!, '?leftOut=language')).total, 2);
    assert.equal((await page(runs.content!, '?leftOut=empty')).total, 0);
  });

  it('by narrative, and the documents no narrative took', async () => {
    const narratives = runs.narratives!.insights.narratives!;
    assert.ok(narratives.length >= 2);
    let listed = 0;
    for (const narrative of narratives) {
      const documents = await page(runs.narratives!, `?narrative=${narrative.id}&limit=100`);
      assert.equal(documents.total, narrative.size);
      for (const document of documents.documents) assert.equal(document.narrative, narrative.id);
      listed += documents.total;
    }
    const unassigned = await page(runs.narratives!, '?narrative=unassigned');
    assert.equal(listed + unassigned.total, runs.narratives!.insights.documents.analysed);
    // Filters combine.
    const both = await page(runs.narratives!, `?narrative=${narratives[0]!.id}&term=boiler`);
    for (const document of both.documents) {
      assert.equal(document.narrative, narratives[0]!.id);
      assert.match(document.text, /boiler/i);
    }
  });

  it('pages by cursor: every document once, in row order, with the same total', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const current: RunDocuments = await page(runs.content!, `?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(current.total, 12);
      assert.ok(current.documents.length <= 5);
      seen.push(...ids(current.documents));
      cursor = current.nextCursor;
      pages += 1;
    }
    assert.equal(pages, 3);
    assert.deepEqual(seen, ids((await page(runs.content!, '?limit=100')).documents));
    // The default page is 25.
    assert.equal((await page(runs.content!)).documents.length, 12);
  });

  it('refuses bad parameters with the catalogue’s words (400)', async () => {
    const messages = workflowMessages.runDocuments;
    const cases: [string, string, string][] = [
      ['sentiment=happy', 'sentiment', messages.sentimentInvalid],
      ['limit=0', 'limit', messages.limitInvalid],
      ['limit=101', 'limit', messages.limitInvalid],
      ['cursor=abc', 'cursor', messages.cursorInvalid],
      ['period=2024-13', 'period', messages.periodInvalid],
      ['period=2024-02-30', 'period', messages.periodInvalid],
      ['periodUnit=year', 'periodUnit', messages.periodUnitInvalid],
      ['narrative=0', 'narrative', messages.narrativeInvalid],
      ['leftOut=gone', 'leftOut', messages.leftOutInvalid],
      ['language=English', 'language', messages.languageInvalid],
      [`term=${'x'.repeat(201)}`, 'term', messages.termInvalid],
    ];
    for (const [query, field, message] of cases) {
      const response = await list(runs.content!, `?${query}`);
      assert.equal(response.statusCode, 400, query);
      const body = errorBodyOf(response);
      assert.equal(body.code, 'VALIDATION_FAILED', query);
      assert.equal(body.message, message, query);
      assert.deepEqual(body.issues, { [field]: message }, query);
      assert.ok(
        !response.body.includes('English') && !response.body.includes('xxxx'),
        'the input is not echoed',
      );
    }
  });

  it('is read like the run’s results: other organizations, other flows and unknown runs are not found', async () => {
    const notFound = async (response: Awaited<ReturnType<typeof list>>, reason: string) => {
      assert.equal(response.statusCode, 404, response.body);
      assert.deepEqual(errorBodyOf(response).params, { reason });
    };
    await notFound(await list(runs.content!, '', other.admin), 'flow');
    await notFound(await list(runs.content!, '', null), 'flow'); // anonymous, private flow
    await notFound(await list({ flowId: runs.trend!.flowId, runId: runs.content!.runId }), 'run');
    await notFound(await list({ flowId: runs.content!.flowId, runId: crypto.randomUUID() }), 'run');
    // Whoever may read the run's results may read its documents, and no one else: as its files answer.
    for (const token of [org.admin, org.teammate, other.admin, null]) {
      const files = await call('GET', `/flows/${runs.content!.flowId}/files`, token ?? undefined);
      const documents = await list(runs.content!, '', token);
      assert.equal(documents.statusCode, files.statusCode === 401 ? 404 : files.statusCode);
    }
  });

  it('anonymously: the last finished run of a public flow only', async () => {
    const flow = runs.trend!;
    assert.equal(
      (await call('PUT', `/flows/${flow.flowId}`, org.admin, { visibility: 'public' })).statusCode,
      200,
    );
    const anonymous = await list(flow, '?term=boiler', null);
    assert.equal(anonymous.statusCode, 200, anonymous.body);
    assert.equal((anonymous.json() as RunDocuments).total, 5);
    // A newer run makes the earlier one the owner's to read, not the public's.
    const again = await call('POST', `/flows/${flow.flowId}/run`, org.admin);
    await server.app.jobs.work();
    assert.equal((await list(flow, '', null)).statusCode, 404);
    assert.equal((await list(flow, '', org.admin)).statusCode, 200);
    assert.equal((await list({ flowId: flow.flowId, runId: again.json().id }, '', null)).statusCode, 200);
  });

  it('a run not finished is a conflict; a run made before documents were kept says so', async () => {
    const flow = runs.content!;
    const pending = await call('POST', `/flows/${flow.flowId}/run`, org.admin);
    assert.equal(pending.statusCode, 202, pending.body);
    const early = await list({ flowId: flow.flowId, runId: pending.json().id });
    assert.equal(early.statusCode, 409, early.body);
    assert.deepEqual(errorBodyOf(early).params, { reason: 'runNotFinished' });
    await server.app.jobs.work();

    await db(server.database).deleteFrom('flowRunResultDocuments').where('runId', '=', flow.runId).execute();
    const old = await page(flow);
    assert.deepEqual([old.kept, old.total, old.documents], [false, 0, []]);
  });
});

/**
 * Compile-time cases (issue 35 point 1, docs/decisions/0120): a kept document's jsonb columns are typed through
 * kysely-codegen's overrides, so the repository reads its input without a cast. `tsc` fails on this function when
 * they are `Json` again: the input is then no document input, and the line marked `@ts-expect-error` compiles.
 */
export function keptDocumentColumnsAreTyped(row: Selectable<FlowRunResultDocuments>): RunDocument['input'] {
  const terms: readonly string[] = row.terms;
  // @ts-expect-error a document's input fields are text
  const notText: Insertable<FlowRunResultDocuments>['input'] = { id: 1 };
  void [terms, notText];
  return row.input;
}
