// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runFailureReasons } from '@dcipher/shared/contract';
import { workflowMessages } from '@dcipher/shared/validation';
import { db } from '../../db/kysely.js';
import { createDefaultExecutor } from '../../engine/index.js';
import { annotateText } from '../../engine/text-annotator.js';
import { createJobs } from '../../jobs/jobs.js';
import { callAs } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { uploadFile } from '../../test-support/upload-file.js';
import { createUsageService } from '../usage/usage-service.js';
import { createFlowService, flowQueues } from './flows-service.js';

/**
 * Issue 32: one word failed whole runs, and the exception's text ("Cannot read properties of undefined (reading
 * 'toLowerCase')") was shown on the workflow's screen and in the failure email. Now the word is read, a document
 * the engine still cannot read is left out with its row, and a failed run shows and emails a catalogued reason
 * only; the exception goes to the server's log with the run's id.
 */
describe('workflow runs over hostile documents, and what a failed run says (issue 32)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({
      flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: false },
    });
    // The store's samples run first, so the workers below find only the runs of the tests.
    await server.app.jobs.work();
  });
  after(() => server.close());

  const call = callAs(() => server.app);
  const csv = [
    'id,text,date',
    'a,"The battery was said to last two days…but in fact they cannot.",2025-11-01',
    'b,"The screen is bright and the battery lasts.",2025-11-02',
    'c,"This poison review is read by no engine.",2025-11-03',
    'd,"Cannot.",2025-11-04',
  ].join('\n');
  const flowOver = async (token: string, analysisType: string, name: string) => {
    const upload = await uploadFile(server.app, token, `${name}.csv`, csv);
    assert.equal(upload.statusCode, 201, upload.body);
    const created = await call('POST', '/flows', token, {
      name,
      flowType: 'customFlow',
      analysisType,
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId: upload.json().id }],
    });
    assert.equal(created.statusCode, 201, created.body);
    return created.json().id as string;
  };

  for (const analysisType of ['contentAnalysis', 'trendDetection', 'narrativeAnalysis']) {
    it(`${analysisType}: documents ending "…they cannot." are analysed and the run ends JobDone`, async () => {
      const org = await organizationWithPeople(server, { label: `cannot${analysisType.slice(0, 5)}` });
      const flowId = await flowOver(org.admin, analysisType, `Cannot ${analysisType}`);
      assert.equal((await call('POST', `/flows/${flowId}/run`, org.admin)).statusCode, 202);
      await server.app.jobs.work();
      const { run, insights } = (await call('GET', `/flows/${flowId}/status`, org.admin)).json();
      assert.deepEqual(
        [run.state, run.failureReason, run.error, run.documentsAnalysed, insights.documents.unreadable],
        ['JobDone', null, null, 4, 0],
      );
    });
  }

  /** A worker of its own whose engine is `executor`, and what it logged. */
  function workerWith(executor: Parameters<typeof createFlowService>[0]['executor']) {
    const logged: { level: string; details: Record<string, unknown>; text: string }[] = [];
    const log = Object.fromEntries(
      (['info', 'warn', 'error'] as const).map((level) => [
        level,
        (details: Record<string, unknown>, text: string) => logged.push({ level, details, text }),
      ]),
    ) as unknown as Parameters<typeof createFlowService>[0]['log'];
    const jobs = createJobs({ database: server.database, log, workerId: `failures-${logged.length}` });
    const flows = createFlowService({
      database: server.database,
      jobs,
      mailer: server.app.mailer,
      usage: createUsageService({
        database: server.database,
        mailer: server.app.mailer,
        webUrl: 'http://localhost',
      }),
      executor,
      fetcher: fetch,
      webUrl: 'http://localhost',
      uploadMaxBytes: 300_000,
      log,
    });
    jobs.define<{ runId: string }>({
      name: flowQueues.run,
      handle: (payload, context) => flows.executeRun(payload, context),
    });
    return { jobs, logged };
  }

  it('a document the engine cannot read is left out with its row and reason; the run ends JobDone', async () => {
    const org = await organizationWithPeople(server, { label: 'unreadable' });
    const flowId = await flowOver(org.admin, 'contentAnalysis', 'Unreadable document');
    const started = await call('POST', `/flows/${flowId}/run`, org.admin);
    assert.equal(started.statusCode, 202, started.body);
    const worker = workerWith(
      createDefaultExecutor({
        annotate: (text) => {
          if (text.includes('poison'))
            throw new TypeError('Cannot read properties of undefined (reading "x")');
          return annotateText(text);
        },
      }),
    );
    await worker.jobs.work();
    await worker.jobs.stop({ graceMilliseconds: 100 });
    const { run, insights } = (await call('GET', `/flows/${flowId}/status`, org.admin)).json();
    assert.deepEqual(
      [run.state, run.documentsAnalysed, insights.documents],
      [
        'JobDone',
        3,
        {
          received: 4,
          analysed: 3,
          unreadable: 1,
          leftOut: [{ id: 'c', row: 3, reason: 'unreadable' }],
          leftOutByReason: { empty: 0, language: 0, articleLimit: 0, unreadable: 1 },
        },
      ],
    );
    const file = await call(
      'GET',
      `/flows/${flowId}/files/left-out-documents.csv?num=${run.number}`,
      org.admin,
    );
    assert.equal(file.statusCode, 200, file.body);
    assert.equal(file.json().content, 'row,id,reason,language\n3,c,unreadable,\n');
    const warning = worker.logged.find((entry) => entry.details.runId === run.id && entry.level === 'warn');
    assert.deepEqual([warning?.details.documentId, warning?.details.row], ['c', 3]);
  });

  it('a run whose analysis throws shows and emails a catalogued reason, never the exception; the log has it', async () => {
    const org = await organizationWithPeople(server, { label: 'failing' });
    const flowId = await flowOver(org.admin, 'contentAnalysis', 'Failing analysis');
    const secret =
      "Cannot read properties of undefined (reading 'toLowerCase') at /srv/api/dist/engine.js:42";
    const started = await call('POST', `/flows/${flowId}/run`, org.admin);
    assert.equal(started.statusCode, 202, started.body);
    const worker = workerWith({
      name: 'default',
      execute: async () => {
        throw new TypeError(secret);
      },
    });
    await worker.jobs.work();
    await worker.jobs.stop({ graceMilliseconds: 100 });

    const { run } = (await call('GET', `/flows/${flowId}/status`, org.admin)).json();
    assert.deepEqual(
      [run.state, run.failureReason, run.error, run.creditsCharged],
      ['JobError', 'analysisFailed', workflowMessages.runFailed.analysisFailed, 0],
    );
    const listed = (await call('GET', `/flows/${flowId}/runs`, org.admin)).json();
    const lastRun = (await call('GET', `/flows/${flowId}`, org.admin)).json().lastRun;
    for (const shown of [JSON.stringify(run), JSON.stringify(listed), JSON.stringify(lastRun)]) {
      assert.ok(!shown.includes('Cannot read properties'), shown);
    }
    const stored = await db(server.database)
      .selectFrom('flowRuns')
      .select('error')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    assert.ok((runFailureReasons as readonly string[]).includes(stored.error ?? ''), String(stored.error));

    const [email] = (await readOutbox(server.database, org.adminEmail)).filter((mail) =>
      mail.subject.includes('failed'),
    );
    assert.ok(email, 'the owner is told');
    const mailText = JSON.stringify(email);
    assert.ok(mailText.includes(workflowMessages.runFailed.analysisFailed), mailText.slice(0, 400));
    assert.ok(!mailText.includes('Cannot read properties') && !mailText.includes('/srv/api'), mailText);

    const logged = worker.logged.find((entry) => entry.level === 'error' && entry.details.runId === run.id);
    assert.equal((logged?.details.err as Error | undefined)?.message, secret);
  });

  it('a run stored before reasons were catalogued, with an exception in its error, shows the generic reason', async () => {
    const org = await organizationWithPeople(server, { label: 'legacy' });
    const flowId = await flowOver(org.admin, 'contentAnalysis', 'Legacy failure');
    const started = (await call('POST', `/flows/${flowId}/run`, org.admin)).json();
    await db(server.database)
      .updateTable('flowRuns')
      .set({ state: 'JobError', error: "Cannot read properties of undefined (reading 'toLowerCase')" })
      .where('id', '=', started.id)
      .execute();
    const { run } = (await call('GET', `/flows/${flowId}/status`, org.admin)).json();
    assert.deepEqual(
      [run.failureReason, run.error],
      ['analysisFailed', workflowMessages.runFailed.analysisFailed],
    );
  });
});
