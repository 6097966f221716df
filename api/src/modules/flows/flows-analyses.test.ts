// engines: any
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { errorBodyOf } from '../../test-support/error-body.js';
import { flowsCorpus, flowsHarness } from '../../test-support/flows-harness.js';
import { uploadForm } from '../../test-support/upload-file.js';

/**
 * The workflow cases the database engine cannot matter to: who may call what, what the analyses find in the shipped
 * samples and in a feed, how uploads of each format are read or refused. Run once (decision 0096); the cases that
 * go through the jobs queue's leases, credits and schedules stay in flows.test.ts, on both engines (0148).
 */
describe('workflows: analyses, uploads, access (docs/decisions/0071)', () => {
  const harness = flowsHarness();
  const { call, work, newOrganization, emailOf, predefined, create, runToEnd } = harness;

  it('decides every call by the permission policy; another organization gets 404', async () => {
    const org = await newOrganization();
    const other = await newOrganization();
    const flow = await create(org.admin, predefined('review-analysis'));
    const teammateEmail = emailOf(org.adminEmail, 'teammate');
    const guestEmail = emailOf(org.adminEmail, 'guest');
    // Not shared: teammate and guest do not see it.
    assert.equal((await call('GET', `/flows/${flow.id}`, { token: org.teammate })).statusCode, 404);
    assert.equal((await call('GET', `/flows/${flow.id}`, { token: org.guest })).statusCode, 404);
    assert.deepEqual((await call('GET', '/flows', { token: org.teammate })).json().flows, []);
    // Viewer: reads, cannot run or edit.
    const grant = (email: string, role: string) =>
      call(
        'POST',
        '/roles/resource',
        { token: org.admin },
        { resource: 'workflow', resourceId: flow.id, email, role },
      );
    const granted = await grant(guestEmail, 'viewer');
    assert.equal(granted.statusCode, 201, granted.body);
    assert.equal((await call('GET', `/flows/${flow.id}`, { token: org.guest })).statusCode, 200);
    const guestRun = await call('POST', `/flows/${flow.id}/run`, { token: org.guest });
    assert.deepEqual([guestRun.statusCode, errorBodyOf(guestRun).code], [403, 'FORBIDDEN']);
    assert.equal(
      (await call('PUT', `/flows/${flow.id}`, { token: org.guest }, { description: 'x' })).statusCode,
      403,
    );
    assert.equal(
      (await call('GET', '/flows?permissionAction=update', { token: org.guest })).json().flows.length,
      0,
    );
    assert.equal(
      (await call('GET', '/flows?permissionAction=read', { token: org.guest })).json().flows.length,
      1,
    );
    // Editor: runs and edits, does not delete.
    assert.equal((await grant(teammateEmail, 'editor')).statusCode, 201);
    assert.equal(
      (await call('PUT', `/flows/${flow.id}`, { token: org.teammate }, { description: 'Ours' })).statusCode,
      200,
    );
    assert.equal((await call('DELETE', `/flows/${flow.id}`, { token: org.teammate })).statusCode, 403);
    const run = await call('POST', `/flows/${flow.id}/run`, { token: org.teammate });
    assert.equal(run.statusCode, 202, run.body);
    const again = await call('POST', `/flows/${flow.id}/run`, { token: org.teammate });
    assert.deepEqual([again.statusCode, errorBodyOf(again).params], [409, { reason: 'runInProgress' }]);
    await work();
    // The owner hands it over; the previous owner keeps editing.
    const transferred = await call(
      'PUT',
      '/roles/ownership',
      { token: org.admin },
      {
        resource: 'workflow',
        resourceId: flow.id,
        email: teammateEmail,
      },
    );
    assert.equal(transferred.statusCode, 200, transferred.body);
    const mine = (await call('GET', `/flows/${flow.id}`, { token: org.teammate })).json();
    assert.deepEqual([mine.myRole, mine.owner.email], ['owner', teammateEmail]);
    assert.equal(
      (await call('DELETE', `/flows/${flow.id}/notification`, { token: org.teammate })).statusCode,
      200,
    );

    // Another organization: 404 on every flow call.
    const runId = run.json().id;
    for (const [method, url] of [
      ['GET', `/flows/${flow.id}`],
      ['PUT', `/flows/${flow.id}`],
      ['DELETE', `/flows/${flow.id}`],
      ['POST', `/flows/${flow.id}/run`],
      ['PUT', `/flows/${flow.id}/runs/${runId}`],
      ['GET', `/flows/${flow.id}/runs`],
      ['GET', `/flows/${flow.id}/last-run`],
      ['GET', `/flows/${flow.id}/status`],
      ['GET', `/flows/${flow.id}/files`],
      ['GET', `/flows/${flow.id}/files/result.json`],
      ['PUT', `/flows/pause/${flow.id}`],
      ['PUT', `/flows/resume/${flow.id}`],
      ['DELETE', `/flows/${flow.id}/notification`],
    ] as const) {
      const response = await call(
        method,
        url,
        { token: other.admin },
        method === 'PUT' && url === `/flows/${flow.id}` ? {} : undefined,
      );
      assert.deepEqual(
        [response.statusCode, errorBodyOf(response).params],
        [404, { reason: 'flow' }],
        `${method} ${url}`,
      );
    }
    const cost = await call('POST', '/flows/calculate-cost', { token: other.admin }, { flowId: flow.id });
    assert.equal(cost.statusCode, 404);
  });

  it('the four analysis types over the shipped samples find what the samples hold', async () => {
    const org = await newOrganization();
    const survey = await create(org.admin, predefined('survey-coding'));
    const narratives = (await runToEnd(org.admin, survey.id)).insights.narratives;
    assert.ok(narratives.length >= 2, JSON.stringify(narratives));

    const brand = await create(org.admin, predefined('brand-monitoring'));
    const trend = (await runToEnd(org.admin, brand.id)).insights.trend;
    const heat = trend.rising.find((entry: { term: string }) => /heat|pump/.test(entry.term));
    assert.ok(heat && heat.momentum > 0, JSON.stringify(trend.rising.slice(0, 5)));
    // Eight weeks of posts: counted per day, chosen from the span, the windows said in words (issue 34).
    assert.deepEqual([trend.period, trend.periodChoice], ['day', 'auto']);
    assert.match(trend.windows, /^the last \d+ days against the \d+ before$/);
    assert.ok(heat.qValue <= 0.05 && heat.g2 > 0, JSON.stringify(heat));
    assert.deepEqual(
      trend.views.map((view: { period: string }) => view.period),
      ['day', 'week'],
    );
    // Competitor tracking counts week by week, as its store page says; another period can be asked for.
    const competitors = await create(org.admin, predefined('competitor-tracking'));
    const weekly = (await runToEnd(org.admin, competitors.id)).insights.trend;
    assert.deepEqual([weekly.period, weekly.periodChoice], ['week', 'requested']);
    assert.match(weekly.windows, /^the last \d+ weeks against the \d+ before$/);
    const monthly = await create(
      org.admin,
      predefined('competitor-tracking', {
        inputs: [{ key: 'period', label: 'Count trends per', kind: 'select', value: 'month' }],
      }),
    );
    assert.equal((await runToEnd(org.admin, monthly.id)).insights.trend.period, 'month');

    const news = await create(org.admin, predefined('news-briefing'));
    const briefing = (await runToEnd(org.admin, news.id)).insights;
    assert.equal(briefing.sources.length, 3);
    assert.equal(briefing.documents.analysed, 60);
  });

  it('newsAnalysis over an RSS feed served on loopback', async () => {
    const org = await newOrganization();
    const flow = await create(org.admin, {
      ...predefined('news-briefing'),
      dataSources: [{ kind: 'news', group: 'news', format: 'rss', url: harness.feedUrl }],
    });
    const status = await runToEnd(org.admin, flow.id);
    assert.equal(status.run.state, 'JobDone', status.run.error);
    assert.equal(status.insights.documents.analysed, 12);
    assert.deepEqual(
      status.insights.sources.map((source: { source: string }) => source.source),
      ['Loopback Energy'],
    );
    const cost = (
      await call('POST', '/flows/calculate-cost', { token: org.admin }, { flowId: flow.id })
    ).json();
    assert.deepEqual(
      cost.lines.map((line: { usageCategory: string; quantity: number }) => [
        line.usageCategory,
        line.quantity,
      ]),
      [['News', 12]],
    );
    const unreachable = await create(org.admin, {
      ...predefined('news-briefing'),
      dataSources: [
        { kind: 'news', group: 'news', format: 'rss', url: harness.feedUrl.replace('feed.xml', 'none.xml') },
      ],
    });
    const priced = await call(
      'POST',
      '/flows/calculate-cost',
      { token: org.admin },
      { flowId: unreachable.id },
    );
    assert.deepEqual([priced.statusCode, errorBodyOf(priced).code], [422, 'SOURCE_UNREACHABLE']);
    const described = await call(
      'POST',
      '/flows/calculate-cost',
      { token: org.admin },
      {
        dataSources: [{ kind: 'starter', group: 'file', sampleId: 'energy-news-items' }],
        filters: [{ kind: 'articleLimit', value: 25 }],
      },
    );
    assert.deepEqual(
      [described.json().documents, described.json().lines[0].usageCategory, described.json().allowed],
      [25, 'SocialMedia', true],
    );
    const blocked = await call(
      'POST',
      '/flows/calculate-cost',
      { token: org.admin },
      {
        dataSources: [{ kind: 'public-url', group: 'url', url: 'http://169.254.169.254/latest/meta-data' }],
      },
    );
    assert.deepEqual([blocked.statusCode, errorBodyOf(blocked).params], [422, { reason: 'blocked' }]);
    const refused = await call('POST', `/flows/${unreachable.id}/run`, { token: org.admin });
    assert.deepEqual([refused.statusCode, errorBodyOf(refused).code], [422, 'SOURCE_UNREACHABLE']);
  });

  it('uploads csv, xlsx, pdf and docx files, and refuses by reason', async () => {
    const org = await newOrganization();
    const upload = (fileName: string, content: Buffer | string) =>
      call('POST', '/flows/uploads', { token: org.teammate }, uploadForm(fileName, content));
    const csv = await upload('reviews.csv', await readFile(new URL('reviews.csv', flowsCorpus)));
    assert.equal(csv.statusCode, 201, csv.body);
    assert.equal(csv.json().format, 'csv');
    assert.ok(csv.json().documents > 10);
    const docx = await upload('answers.docx', await readFile(new URL('survey-answers.docx', flowsCorpus)));
    assert.equal(docx.statusCode, 201, docx.body);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Answers');
    sheet.addRow(['ID', 'Comment', 'Date']);
    sheet.addRow([1, 'The onboarding call was clear and friendly.', new Date('2024-02-01T10:00:00Z')]);
    sheet.addRow([2, 'Invoices arrive late every month.', new Date('2024-02-02T10:00:00Z')]);
    const goodXlsx = await upload('answers.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    assert.deepEqual(
      [goodXlsx.statusCode, goodXlsx.json().format, goodXlsx.json().documents],
      [201, 'xlsx', 2],
    );
    const pdfDocument = new PDFDocument();
    const chunks: Buffer[] = [];
    pdfDocument.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => pdfDocument.on('end', resolve));
    pdfDocument.text('The quarterly report shows growing demand for heat pumps.');
    pdfDocument.addPage();
    pdfDocument.text('Solar installations reached a record in the last month.');
    pdfDocument.end();
    await ended;
    const goodPdf = await upload('report.pdf', Buffer.concat(chunks));
    assert.deepEqual([goodPdf.statusCode, goodPdf.json().format, goodPdf.json().documents], [201, 'pdf', 2]);
    const xlsx = await upload('book.xlsx', 'not a workbook');
    assert.deepEqual([xlsx.statusCode, errorBodyOf(xlsx).params], [400, { reason: 'unreadable' }]);
    const pdf = await upload('report.pdf', '%PDF-1.4 broken');
    assert.equal(errorBodyOf(pdf).code, 'UPLOAD_REJECTED');
    assert.deepEqual(errorBodyOf(await upload('run.exe', 'MZ')).params, { reason: 'format' });
    // The base64-in-JSON form is gone (docs/decisions/0114).
    const json = await call(
      'POST',
      '/flows/uploads',
      { token: org.teammate },
      { fileName: 'data.csv', contentBase64: 'YQ==' },
    );
    assert.deepEqual([json.statusCode, errorBodyOf(json).params], [400, { reason: 'notMultipart' }]);
    assert.deepEqual(errorBodyOf(await upload('data.csv', '   \n ')).params, {
      reason: 'empty',
    });
    const large = await upload('big.csv', Buffer.alloc(310_000, 'a'));
    assert.deepEqual([large.statusCode, errorBodyOf(large).params], [400, { reason: 'tooLarge' }]);
    assert.ok(!JSON.stringify(errorBodyOf(large)).includes('aaaa'), 'the input is never echoed');
    const guest = await call('POST', '/flows/uploads', { token: org.guest }, uploadForm('a.csv', 'a'));
    assert.equal(guest.statusCode, 403);

    // A flow over the upload.
    const flow = await create(org.teammate, {
      name: 'Uploaded reviews',
      flowType: 'customFlow',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId: csv.json().id }],
    });
    assert.equal(flow.dataSources[0].fileName, 'reviews.csv');
    const status = await runToEnd(org.teammate, flow.id);
    assert.equal(status.run.documentsAnalysed, csv.json().documents);
  });

  it('public calls: an API key of the organization, anonymous for a public flow, refused otherwise', async () => {
    const org = await newOrganization();
    const other = await newOrganization();
    const flow = await create(org.admin, predefined('review-analysis'));
    const key = (await call('POST', '/api-key', { token: org.admin }, { name: 'Runner' })).json()
      .secret as string;
    const otherKey = (await call('POST', '/api-key', { token: other.admin }, { name: 'Other' })).json()
      .secret as string;
    assert.equal(
      (await call('POST', `/flows/${flow.id}/run`)).statusCode,
      404,
      'a private flow is not revealed',
    );
    assert.equal((await call('GET', `/flows/${flow.id}/last-run`)).statusCode, 404);
    assert.equal((await call('POST', `/flows/${flow.id}/run`, { apiKey: otherKey })).statusCode, 404);
    const bad = await call('POST', `/flows/${flow.id}/run`, { apiKey: 'dk_live_nothing' });
    assert.equal(bad.statusCode, 401);
    const byKey = await call('POST', `/flows/${flow.id}/run`, { apiKey: key });
    assert.equal(byKey.statusCode, 202, byKey.body);
    assert.equal(byKey.json().origin, 'API');
    await work();
    assert.equal(
      (await call('GET', `/flows/${flow.id}/last-run`, { apiKey: key })).json().run.state,
      'JobDone',
    );

    await call('PUT', `/flows/${flow.id}`, { token: org.admin }, { visibility: 'public' });
    const anonymous = await call('POST', `/flows/${flow.id}/run`);
    assert.equal(anonymous.statusCode, 202, anonymous.body);
    assert.deepEqual([anonymous.json().startedBy, anonymous.json().documentsEstimated], [null, 120]);
    await work();
    const last = await call('GET', `/flows/${flow.id}/last-run`);
    assert.equal(last.json().insights.documents.analysed, 120);
    // Public in the organization: the teammate reads it.
    assert.equal((await call('GET', `/flows/${flow.id}`, { token: org.teammate })).statusCode, 200);
  });
});
