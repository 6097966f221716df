// engines: both
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { SMTPServer } from 'smtp-server';
import { createOutboxMailer } from '../../adapters/mailer/outbox-mailer.js';
import { db } from '../../db/kysely.js';
import { type AnalysisExecutor, createDefaultExecutor } from '../../engine/index.js';
import { callAs } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * One tenant cannot starve the others (issue 32, docs/decisions/0092): while one organization's runs are slow (their
 * analysis holds until the test lets it go), another organization's run starts and finishes, and an email queued
 * meanwhile goes out: runs have their own lane, and at most `FLOW_RUNS_PER_ORGANIZATION` runs of one organization
 * execute at once. (A run's feeds are fetched when it starts, docs/decisions/0091, so the slowness is its analysis.)
 */
describe('runs of one organization do not hold up other organizations or other queues', () => {
  let server: TestServer;
  /** Analyses of the slow tenant's documents, waiting to be let go. */
  const held: (() => void)[] = [];
  let feedBase = '';
  const engine = createDefaultExecutor();
  const slowEngine: AnalysisExecutor = {
    name: 'slow-for-one-tenant',
    async execute(request, options) {
      if (request.documents.some((document) => document.text.includes('Slow news'))) {
        await new Promise<void>((resolve) => held.push(resolve));
      }
      return engine.execute(request, options);
    },
  };
  const delivered: string[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Slow</title>${[1, 2, 3]
    .map(
      (index) =>
        `<item><title>Slow news ${index}</title><description>Prices rose again today, item ${index}.</description><guid>slow-${index}</guid></item>`,
    )
    .join('')}</channel></rss>`;
  const feedServer = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(feed);
  });

  before(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
    server = await startTestServer(
      {
        rateLimitScale: 100,
        flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: true },
        mail: {
          from: 'Dcipher <no-reply@dcipher.io>',
          smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        },
        jobs: {
          pollMilliseconds: 100,
          runConcurrency: 2,
          runsPerOrganization: 1,
          runLeaseSeconds: 60,
          emailSendIntervalSeconds: 1,
        },
      },
      { analysisExecutor: slowEngine },
    );
  });
  after(async () => {
    for (const release of held) release();
    await server.close();
    feedServer.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const call = callAs(() => server.app);
  /** Waits for `condition` (checked every 50 ms), failing after `seconds`. */
  const waitFor = async <T>(what: string, seconds: number, condition: () => Promise<T | undefined>) => {
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const value = await condition();
      if (value) return value;
      assert.ok(Date.now() < deadline, `${what} did not happen within ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const runState = async (token: string, flowId: string, taskId: string) =>
    (await call('GET', `/flows/${flowId}/status?taskId=${taskId}`, token)).json().run.state as string;
  const startRun = async (token: string, flowId: string) => {
    const started = await call('POST', `/flows/${flowId}/run`, token);
    assert.equal(started.statusCode, 202, started.body);
    return started.json().taskId as string;
  };

  it("another organization's run and another queue's job go ahead while one organization's slow runs execute", async () => {
    const slow = await organizationWithPeople(server, { label: 'slow-tenant' });
    const quick = await organizationWithPeople(server, { label: 'quick-tenant' });
    const slowRuns: { flowId: string; taskId: string }[] = [];
    for (const index of [1, 2, 3]) {
      const created = await call('POST', '/flows', slow.admin, {
        name: `Slow feeds ${index}`,
        flowType: 'customFlow',
        analysisType: 'contentAnalysis',
        dataSources: [{ kind: 'news', group: 'news', format: 'rss', url: `${feedBase}/slow-${index}.xml` }],
        notifications: false,
      });
      assert.equal(created.statusCode, 201, created.body);
      slowRuns.push({ flowId: created.json().id, taskId: await startRun(slow.admin, created.json().id) });
    }
    const reviews = predefinedWorkflows.find((workflow) => workflow.id === 'review-analysis')!;
    const quickFlow = await call('POST', '/flows', quick.admin, {
      name: 'Quick reviews',
      flowType: 'predefinedFlow',
      predefinedFlowId: reviews.id,
      analysisType: reviews.analysisType,
      dataSources: [{ kind: 'starter', group: 'file', sampleId: reviews.sample.id }],
      notifications: false,
    });
    assert.equal(quickFlow.statusCode, 201, quickFlow.body);

    // The worker starts with the slow tenant's three runs queued (and the store's samples).
    server.app.jobs.start({ pollMilliseconds: 100 });
    await waitFor('a slow run executing', 60, async () => held.length > 0);
    await waitFor('the store samples finished', 120, async () => {
      const waiting = await db(server.database)
        .selectFrom('flowRuns')
        .select('id')
        .where('organizationId', '<>', slow.id)
        .where('state', 'in', ['JobPending', 'JobRunning'])
        .execute();
      return waiting.length === 0;
    });

    const quickTask = await startRun(quick.admin, quickFlow.json().id);
    // Within 5 s, the issue's bound: the quick tenant's run has run to its end.
    await waitFor("the other organization's run", 5, async () => {
      const state = await runState(quick.admin, quickFlow.json().id, quickTask);
      assert.notEqual(state, 'JobError');
      return state === 'JobDone';
    });
    // Meanwhile the slow tenant has one run executing (its share), the others waiting their turn.
    const slowStates = () => Promise.all(slowRuns.map((run) => runState(slow.admin, run.flowId, run.taskId)));
    const executing = (states: string[]) => states.filter((state) => state === 'JobRunning').length;
    const states = await slowStates();
    assert.equal(executing(states), 1, states.join());
    assert.ok(states.includes('JobPending'), states.join());

    // An email queued by a process that did not deliver it is delivered by the worker's email lane.
    await createOutboxMailer(server.database, { nudge() {} }).send({
      to: 'someone@example.com',
      subject: 'Verify your email',
      html: '<p>Verify</p>',
      text: 'Verify',
      tag: 'email-verification',
    });
    await waitFor('the email', 5, async () => delivered.some((raw) => raw.includes('Verify your email')));
    assert.equal(executing(await slowStates()), 1, 'a slow run was still executing');
    assert.equal(held.length, 1, 'one analysis of the slow tenant at a time');
  });
});
