// engines: both
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { workflowMessages } from '@dcipher/shared/validation';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { db } from '../../db/kysely.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { individualSignUp, signUp } from '../../test-support/sign-up.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { uploadForm } from '../../test-support/upload-file.js';
import { saveTrialPlan } from '../people/organization-repository.js';
import { storeFlowId, workflowStoreOrganization } from './flows-service.js';

const corpus = new URL('../../engine/test-corpus/', import.meta.url);

describe('workflows (docs/decisions/0071)', () => {
  let server: TestServer;
  let staffToken: string;
  let feedServer: Server;
  let feedUrl: string;

  before(async () => {
    server = await startTestServer({
      rateLimitScale: 100,
      flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: true },
    });
    staffToken = (await logIn(server.app, { email: 'staff@demo.dcipher.local' })).accessToken;
    const items = Array.from({ length: 12 }, (_, index) => {
      const day = new Date(Date.UTC(2025, 10, 1 + index)).toUTCString();
      const topic =
        index > 8 ? 'Offshore wind farm output breaks a record' : 'Gas prices and household bills';
      return `<item><title>${topic} ${index}</title><description>${topic}: the grid operator and suppliers reported the news today.</description><pubDate>${day}</pubDate><link>http://127.0.0.1/item/${index}</link><guid>item-${index}</guid></item>`;
    }).join('');
    const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback Energy</title>${items}</channel></rss>`;
    feedServer = createHttpServer((request, response) => {
      if (request.url === '/feed.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(feed);
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
  });
  after(async () => {
    feedServer.close();
    await server.close();
  });

  const call = (method: string, url: string, auth?: { token?: string; apiKey?: string }, payload?: object) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: auth?.token
        ? { authorization: `Bearer ${auth.token}` }
        : auth?.apiKey
          ? { 'x-api-key': auth.apiKey }
          : {},
      ...(payload && { payload }),
    });
  const work = () => server.app.jobs.work();
  const newOrganization = () => organizationWithPeople(server, { label: 'flows' });
  const emailOf = (adminEmail: string, role: 'teammate' | 'guest') =>
    adminEmail.replace('-admin-', `-${role}-`);
  let names = 0;
  const predefined = (predefinedFlowId: string, extra: object = {}) => {
    const workflow = predefinedWorkflows.find((entry) => entry.id === predefinedFlowId)!;
    names += 1;
    return {
      name: `${workflow.name} ${names}`,
      flowType: 'predefinedFlow',
      predefinedFlowId,
      analysisType: workflow.analysisType,
      dataSources: [{ kind: 'starter', group: 'file', sampleId: workflow.sample.id }],
      ...extra,
    };
  };
  const create = async (token: string, body: object) => {
    const response = await call('POST', '/flows', { token }, body);
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  };
  const runToEnd = async (token: string, flowId: string) => {
    const started = await call('POST', `/flows/${flowId}/run`, { token });
    assert.equal(started.statusCode, 202, started.body);
    await work();
    const status = await call('GET', `/flows/${flowId}/status?taskId=${started.json().taskId}`, { token });
    assert.equal(status.statusCode, 200, status.body);
    return status.json();
  };
  const ledger = async (organizationId: string) =>
    db(server.database)
      .selectFrom('creditTransactions')
      .select(['kind', 'credits'])
      .where('organizationId', '=', organizationId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();

  it('ships each sample with the number of documents its catalogue entry declares', async () => {
    for (const workflow of predefinedWorkflows) {
      const documents = await server.app.flows.sampleDocuments(workflow.sample.id);
      assert.equal(documents.length, workflow.sample.documents, workflow.sample.id);
    }
  });

  it('creates, lists, reads, renames and deletes a predefined flow; names are unique per organization', async () => {
    const org = await newOrganization();
    const flow = await create(org.teammate, predefined('review-analysis', { name: 'Espresso reviews' }));
    assert.equal(flow.owner.email, emailOf(org.adminEmail, 'teammate'));
    assert.equal(flow.myRole, 'owner');
    assert.deepEqual(
      flow.inputs.map((input: { key: string; value: unknown }) => [input.key, input.value]),
      [
        ['language', 'any'],
        ['articleLimit', 1000],
      ],
    );
    assert.equal(flow.dataSources[0].documents, 120);

    const taken = await call(
      'POST',
      '/flows',
      { token: org.admin },
      predefined('review-analysis', { name: 'ESPRESSO reviews' }),
    );
    assert.equal(taken.statusCode, 409);
    assert.equal(errorBodyOf(taken).code, 'FLOW_NAME_TAKEN');
    const check = (name: string) => call('POST', '/flows/validateName', { token: org.admin }, { name });
    assert.deepEqual(bodyOf(await check('espresso Reviews')), {
      result: 'file-name-exists',
      message: workflowMessages.nameTaken,
    });
    assert.deepEqual(bodyOf(await check('Something new')), { result: 'file-name-valid', message: null });

    const studio = await call(
      'POST',
      '/flows',
      { token: org.admin },
      { ...predefined('review-analysis'), flowType: 'studio' },
    );
    assert.equal(studio.statusCode, 400);
    assert.equal(errorBodyOf(studio).message, workflowMessages.typeNotCreatedHere);
    const noId = await call(
      'POST',
      '/flows',
      { token: org.admin },
      { ...predefined('review-analysis'), predefinedFlowId: undefined },
    );
    assert.equal(errorBodyOf(noId).message, workflowMessages.predefinedRequired);
    const badInput = await call(
      'POST',
      '/flows',
      { token: org.admin },
      predefined('review-analysis', {
        inputs: [{ key: 'articleLimit', label: 'Most documents to analyse', kind: 'slider', value: 999_999 }],
      }),
    );
    assert.equal(badInput.statusCode, 400);
    const badUpload = await call(
      'POST',
      '/flows',
      { token: org.admin },
      {
        ...predefined('review-analysis'),
        dataSources: [{ kind: 'uploaded', group: 'file', uploadId: crypto.randomUUID() }],
      },
    );
    assert.deepEqual([badUpload.statusCode, errorBodyOf(badUpload).params], [404, { reason: 'upload' }]);

    assert.deepEqual(
      (await call('GET', '/flows?flowType=customFlow', { token: org.admin })).json().flows,
      [],
    );
    const listed = (await call('GET', '/flows?flowType=predefinedFlow', { token: org.admin })).json();
    assert.deepEqual(
      listed.flows.map((entry: { id: string }) => entry.id),
      [flow.id],
    );
    const renamed = await call(
      'PUT',
      `/flows/${flow.id}`,
      { token: org.teammate },
      { name: 'Espresso reviews 2' },
    );
    assert.equal(renamed.json().name, 'Espresso reviews 2');
    // Admins manage every flow of their organization.
    const byAdmin = await call('PUT', `/flows/${flow.id}`, { token: org.admin }, { description: 'Checked' });
    assert.deepEqual([byAdmin.statusCode, byAdmin.json().myRole], [200, null]);
    assert.ok(byAdmin.json().abilities.includes('delete'));
    assert.equal((await call('DELETE', `/flows/${flow.id}`, { token: org.teammate })).statusCode, 200);
    assert.equal((await call('GET', `/flows/${flow.id}`, { token: org.teammate })).statusCode, 404);
  });

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

  it('runs a flow as a job: progress, insights, files, runs, last run, rerun and an email to the owner', async () => {
    const org = await newOrganization();
    const flow = await create(org.admin, predefined('review-analysis'));
    const started = await call(
      'POST',
      `/flows/${flow.id}/run`,
      { token: org.admin },
      { idempotencyKey: 'first-run-key' },
    );
    assert.equal(started.statusCode, 202, started.body);
    const pending = started.json();
    assert.deepEqual(
      [pending.state, pending.number, pending.documentsEstimated, pending.origin],
      ['JobPending', 1, 120, 'Platform'],
    );
    const retried = await call(
      'POST',
      `/flows/${flow.id}/run`,
      { token: org.admin },
      { idempotencyKey: 'first-run-key' },
    );
    assert.equal(retried.json().id, pending.id, 'a retried request starts one run');
    await work();
    const status = (await call('GET', `/flows/${flow.id}/status`, { token: org.admin })).json();
    assert.equal(status.run.state, 'JobDone');
    assert.equal(status.run.documentsAnalysed, 120);
    assert.equal(status.run.progress, 1);
    assert.ok(status.insights.keywords.length > 0 && status.insights.keywords.length <= 20);
    const keywords = status.insights.keywords.map((entry: { term: string }) => entry.term);
    assert.ok(
      keywords.some((term: string) => /espresso|milk|water|tank/.test(term)),
      keywords.join(', '),
    );
    assert.ok(status.insights.sentiment.positive > 0 && status.insights.sentiment.negative > 0);

    const files = (await call('GET', `/flows/${flow.id}/files`, { token: org.admin })).json();
    assert.equal(files.number, 1);
    assert.ok(files.files.length > 0);
    const [first] = files.files;
    const file = await call('GET', `/flows/${flow.id}/files/${first.name}?num=1`, { token: org.admin });
    assert.equal(file.statusCode, 200);
    assert.equal(Buffer.byteLength(file.json().content), first.bytes);
    const missing = await call('GET', `/flows/${flow.id}/files/nothing.csv`, { token: org.admin });
    assert.deepEqual([missing.statusCode, errorBodyOf(missing).params], [404, { reason: 'resultFile' }]);
    assert.equal((await call('GET', `/flows/${flow.id}/files?num=7`, { token: org.admin })).statusCode, 404);

    const rerun = await call('PUT', `/flows/${flow.id}/runs/${pending.id}`, { token: org.admin });
    assert.equal(rerun.statusCode, 202, rerun.body);
    assert.deepEqual([rerun.json().rerunOf, rerun.json().number], [pending.id, 2]);
    const unfinished = await call('GET', `/flows/${flow.id}/files?num=2`, { token: org.admin });
    assert.deepEqual(
      [unfinished.statusCode, errorBodyOf(unfinished).params],
      [409, { reason: 'runNotFinished' }],
    );
    await work();
    const runs = (await call('GET', `/flows/${flow.id}/runs`, { token: org.admin })).json().runs;
    assert.deepEqual(
      runs.map((run: { number: number }) => run.number),
      [2, 1],
    );
    const last = (await call('GET', `/flows/${flow.id}/last-run`, { token: org.admin })).json();
    assert.equal(last.run.number, 2);
    const unknownRun = await call('PUT', `/flows/${flow.id}/runs/${crypto.randomUUID()}`, {
      token: org.admin,
    });
    assert.deepEqual([unknownRun.statusCode, errorBodyOf(unknownRun).params], [404, { reason: 'run' }]);

    const mails = await readOutbox(server.database, org.adminEmail);
    assert.equal(mails.filter((mail) => mail.subject.includes('has finished')).length, 2);
    assert.ok(mails.some((mail) => mail.text?.includes(`/workflows/${flow.id}`)));
    // Notifications off: no more emails.
    await call('DELETE', `/flows/${flow.id}/notification`, { token: org.admin });
    await runToEnd(org.admin, flow.id);
    assert.equal(
      (await readOutbox(server.database, org.adminEmail)).filter((mail) =>
        mail.subject.includes('has finished'),
      ).length,
      2,
    );
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
      dataSources: [{ kind: 'news', group: 'news', format: 'rss', url: feedUrl }],
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
        { kind: 'news', group: 'news', format: 'rss', url: feedUrl.replace('feed.xml', 'none.xml') },
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
    const csv = await upload('reviews.csv', await readFile(new URL('reviews.csv', corpus)));
    assert.equal(csv.statusCode, 201, csv.body);
    assert.equal(csv.json().format, 'csv');
    assert.ok(csv.json().documents > 10);
    const docx = await upload('answers.docx', await readFile(new URL('survey-answers.docx', corpus)));
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

  it('reserves credits past the quota, settles to what was analysed, refunds on error and cancel, refuses before start', async () => {
    const org = await newOrganization();
    const flow = await create(
      org.admin,
      predefined('review-analysis', {
        inputs: [{ key: 'language', label: 'Language', kind: 'select', value: 'de' }],
      }),
    );
    // Use up the social media quota.
    const details = (await call('GET', '/resource/details', { token: org.admin })).json();
    const included = details.lines.find(
      (line: { usageCategory: string }) => line.usageCategory === 'SocialMedia',
    ).included;
    const key = await call('POST', '/api-key', { token: org.admin }, { name: 'Flows test' });
    const apiKey = key.json().secret as string;
    assert.equal(
      (
        await call(
          'POST',
          '/resource/recordActivity',
          { apiKey },
          {
            usageCategory: 'SocialMedia',
            quantity: included,
            idempotencyKey: 'use-up-the-quota-0001',
          },
        )
      ).statusCode,
      200,
    );

    const cost = (
      await call('POST', '/flows/calculate-cost', { token: org.admin }, { flowId: flow.id })
    ).json();
    assert.deepEqual([cost.documents, cost.creditsNeeded, cost.allowed], [120, 18, false]);
    const refused = await call('POST', `/flows/${flow.id}/run`, { token: org.admin });
    assert.deepEqual(
      [refused.statusCode, bodyOf(refused)],
      [
        402,
        {
          statusCode: 402,
          error: 'Payment Required',
          code: 'INSUFFICIENT_CREDITS',
          params: { needed: 18, balance: 0 },
          message: 'This needs 18 credits and your wallet has 0. Buy credits to go on.',
        },
      ],
    );
    await call(
      'POST',
      '/customer-credits/gift-credits',
      { token: staffToken },
      { organizationId: org.id, credits: 100, reason: 'Flows' },
    );

    // Settled: only German documents are analysed (none in the sample), so the reservation comes back.
    const settled = await runToEnd(org.admin, flow.id);
    assert.deepEqual(
      [settled.run.creditsReserved, settled.run.creditsCharged, settled.run.documentsAnalysed],
      [18, 0, 0],
    );
    assert.deepEqual(
      (await ledger(org.id)).map((entry) => entry.credits),
      [100, -18, 18],
    );

    // Charged when analysed.
    await call(
      'PUT',
      `/flows/${flow.id}`,
      { token: org.admin },
      { inputs: [{ key: 'language', label: 'Language', kind: 'select', value: 'any' }] },
    );
    const charged = await runToEnd(org.admin, flow.id);
    assert.deepEqual([charged.run.creditsReserved, charged.run.creditsCharged], [18, 18]);

    // Cancelled by deleting the flow: refunded.
    const started = await call('POST', `/flows/${flow.id}/run`, { token: org.admin });
    assert.equal(started.json().creditsReserved, 18);
    assert.equal((await call('DELETE', `/flows/${flow.id}`, { token: org.admin })).statusCode, 200);
    await work();
    assert.deepEqual(
      (await ledger(org.id)).map((entry) => entry.credits),
      [100, -18, 18, -18, -18, 18],
    );

    // Error: a run started before its documents were kept with it (0091), whose upload is gone when it executes;
    // everything comes back.
    const upload = await call(
      'POST',
      '/flows/uploads',
      { token: org.admin },
      uploadForm('r.csv', await readFile(new URL('reviews.csv', corpus))),
    );
    const failing = await create(org.admin, {
      name: 'Failing',
      flowType: 'customFlow',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId: upload.json().id }],
    });
    const failed = await call('POST', `/flows/${failing.id}/run`, { token: org.admin });
    assert.ok(failed.json().creditsReserved > 0);
    await db(server.database).deleteFrom('flowUploads').where('id', '=', upload.json().id).execute();
    await db(server.database).deleteFrom('flowRunDocuments').where('runId', '=', failed.json().id).execute();
    await work();
    const status = (await call('GET', `/flows/${failing.id}/status`, { token: org.admin })).json();
    assert.deepEqual([status.run.state, status.run.creditsCharged], ['JobError', 0]);
    const balance = (await ledger(org.id)).reduce((sum, entry) => sum + entry.credits, 0);
    assert.equal(balance, 82);
    assert.ok(
      (await readOutbox(server.database, org.adminEmail)).some((mail) => mail.subject.includes('failed')),
    );
  });

  it('refuses custom workflows past the plan quota; a trial has the quota of the plan it is of (0085)', async () => {
    const org = await organizationWithPeople(server, { label: 'flows-quota', customerType: 'Individual' });
    const custom = (index: number) => ({
      name: `Custom ${index}`,
      flowType: 'customFlow',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
    });
    // Starter picked during the trial (as POST /subscriptions with startNow false records it): 2 custom workflows.
    await saveTrialPlan(server.database, org.id, { planId: 'starter-monthly', promoCode: null });
    await create(org.admin, custom(1));
    await create(org.admin, custom(2));
    // The list says how many are in use of how many before the limit is met (issue 36), whatever its filter.
    const listed = await call('GET', '/flows?flowType=predefinedFlow', { token: org.admin });
    assert.deepEqual(listed.json().customWorkflows, { used: 2, limit: 2 });
    const refused = await call('POST', '/flows', { token: org.admin }, custom(3));
    assert.deepEqual(
      [refused.statusCode, errorBodyOf(refused).code, errorBodyOf(refused).params],
      [402, 'FLOW_QUOTA_REACHED', { limit: 2 }],
    );
    // Without a pick an Individual trial is of Professional: 10 custom workflows, so a third is made.
    await saveTrialPlan(server.database, org.id, null);
    await create(org.admin, custom(3));
    assert.deepEqual((await call('GET', '/flows', { token: org.admin })).json().customWorkflows, {
      used: 3,
      limit: 10,
    });
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

  it('public calls with a token: a member whose password expired is told to change it first, as on bearer calls', async () => {
    const admin = (await logIn(server.app)).accessToken;
    const flow = await create(admin, predefined('review-analysis', { name: 'Expired password check' }));
    const expired = (await logIn(server.app, { email: 'expired@demo.dcipher.local' })).accessToken;
    for (const [method, url] of [
      ['POST', `/flows/${flow.id}/run`],
      ['GET', `/flows/${flow.id}/last-run`],
    ] as const) {
      const refused = await call(method, url, { token: expired });
      assert.equal(refused.statusCode, 403, `${method} ${url}`);
      assert.equal(errorBodyOf(refused).code, 'PASSWORD_CHANGE_REQUIRED');
    }
    assert.equal((await call('GET', `/flows/${flow.id}/runs`, { token: admin })).json().runs.length, 0);
  });

  it('schedules: a due slot runs once whatever the workers, paused flows skip, resume continues after now', async () => {
    const org = await newOrganization();
    const flow = await create(
      org.admin,
      predefined('review-analysis', {
        schedule: { frequency: 'daily', startAt: '2025-01-01T06:00:00.000Z' },
      }),
    );
    assert.ok(Date.parse(flow.schedule.nextRunAt) > Date.now());
    const due = new Date(Date.now() - 60_000);
    await db(server.database)
      .updateTable('flows')
      .set({ nextRunAt: due })
      .where('id', '=', flow.id)
      .execute();
    const started = await Promise.all([
      server.app.flows.runDueSchedules(),
      server.app.flows.runDueSchedules(),
    ]);
    const runs = (await call('GET', `/flows/${flow.id}/runs`, { token: org.admin })).json().runs;
    assert.equal(runs.length, 1, `started ${started}`);
    assert.equal(runs[0].origin, 'Scheduler');
    await work();
    const paused = await call('PUT', `/flows/pause/${flow.id}`, { token: org.admin });
    assert.deepEqual([paused.json().paused, paused.json().schedule.nextRunAt], [true, null]);
    assert.deepEqual(errorBodyOf(await call('PUT', `/flows/pause/${flow.id}`, { token: org.admin })).params, {
      reason: 'alreadyPaused',
    });
    await db(server.database)
      .updateTable('flows')
      .set({ nextRunAt: due })
      .where('id', '=', flow.id)
      .execute();
    await server.app.flows.runDueSchedules();
    assert.equal(
      (await call('GET', `/flows/${flow.id}/runs`, { token: org.admin })).json().runs.length,
      1,
      'paused: skipped',
    );
    const resumed = (await call('PUT', `/flows/resume/${flow.id}`, { token: org.admin })).json();
    assert.equal(resumed.paused, false);
    const next = Date.parse(resumed.schedule.nextRunAt);
    assert.ok(next > Date.now() && next - Date.now() <= 86_400_000);
    assert.equal(new Date(next).getUTCHours(), 6);
    assert.deepEqual(
      errorBodyOf(await call('PUT', `/flows/resume/${flow.id}`, { token: org.admin })).params,
      { reason: 'notPaused' },
    );
    const unscheduled = await create(org.admin, predefined('review-analysis'));
    assert.deepEqual(
      errorBodyOf(await call('PUT', `/flows/pause/${unscheduled.id}`, { token: org.admin })).params,
      { reason: 'notScheduled' },
    );
  });

  it('keeps the workflow store: one public sample per catalogue entry, run for free, out of tenant listings', async () => {
    const before = (await call('GET', '/flows/store')).json();
    assert.deepEqual(
      before.map((entry: { predefinedFlowId: string }) => entry.predefinedFlowId),
      predefinedWorkflows.map((workflow) => workflow.id),
    );
    assert.equal(before[0].sampleFlowId, storeFlowId(predefinedWorkflows[0]!.id));
    assert.equal(before[0].creditsPerThousandDocuments, 150);
    await work();
    const after_ = (await call('GET', '/flows/store')).json();
    assert.ok(after_.every((entry: { lastRunAt: string | null }) => entry.lastRunAt !== null));
    const sample = (await call('GET', `/flows/${after_[0].sampleFlowId}/last-run`)).json();
    assert.equal(sample.run.creditsReserved, 0);
    await server.app.flows.ensureStore();
    const organizations = await db(server.database)
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', workflowStoreOrganization.id)
      .execute();
    assert.equal(organizations.length, 1);
    const demo = await logIn(server.app);
    assert.ok(
      !(await call('GET', '/flows', { token: demo.accessToken })).body.includes(after_[0].sampleFlowId),
    );
  });

  it('credits: the public price list', async () => {
    const answer = await call('POST', '/flows/credits', undefined, { documents: 2000, newsDocuments: 500 });
    assert.deepEqual(bodyOf(answer), {
      lines: [
        { usageCategory: 'SocialMedia', quantity: 1500, unit: 'posts', credits: 225 },
        { usageCategory: 'News', quantity: 500, unit: 'articles', credits: 100 },
      ],
      credits: 325,
    });
  });

  it('sign-up with a workflow to try starts the new organization with it', async () => {
    const response = await signUp(
      server.app,
      individualSignUp({ email: 'try-it@example.com', workflow: 'brand-monitoring' }),
      '10.9.8.7',
    );
    assert.equal(response.statusCode, 201, response.body);
    const user = await db(server.database)
      .selectFrom('users')
      .select(['id', 'organizationId'])
      .where('email', '=', 'try-it@example.com')
      .executeTakeFirstOrThrow();
    const flows = await db(server.database)
      .selectFrom('flows')
      .innerJoin('resources', 'resources.id', 'flows.id')
      .select(['resources.name', 'resources.ownerUserId', 'flows.predefinedFlowId', 'flows.dataSources'])
      .where('flows.organizationId', '=', user.organizationId)
      .execute();
    assert.deepEqual(
      flows.map((flow) => [flow.name, flow.ownerUserId, flow.predefinedFlowId]),
      [['Brand monitoring', user.id, 'brand-monitoring']],
    );
    const unknown = await signUp(
      server.app,
      individualSignUp({ email: 'try-it-2@example.com', workflow: 'nothing' }),
      '10.9.8.6',
    );
    assert.equal(unknown.statusCode, 400);
  });
});
