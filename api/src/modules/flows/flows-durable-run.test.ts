// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { createDefaultExecutor } from '../../engine/index.js';
import { createJobs } from '../../jobs/jobs.js';
import { callAs, useUpSocialMediaQuota } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { createUsageService } from '../usage/usage-service.js';
import { createFlowService, flowQueues } from './flows-service.js';

const silentLog = { error() {}, info() {}, warn() {} };

/**
 * A worker that freezes mid-run (as a process stopped by the system, or cut off from the database): once frozen,
 * nothing it sends reaches the database until it is thawed, when it all arrives late.
 */
function freezableDatabase(database: Database) {
  let frozen = false;
  const held: (() => void)[] = [];
  const gate = () => (frozen ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve());
  const guarded = (target: Queryable): Queryable => ({
    execute: async (sql, params, name) => {
      await gate();
      return target.execute(sql, params, name);
    },
    exec: async (script) => {
      await gate();
      return target.exec(script);
    },
  });
  const wrapped: Database = {
    ...guarded(database),
    transaction: async (work) => {
      await gate();
      return database.transaction((transaction) => work(guarded(transaction)));
    },
    listen: (channel, onMessage, onLost) => database.listen(channel, onMessage, onLost),
    close: async () => {},
  };
  return {
    database: wrapped,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const release of held.splice(0)) release();
    },
  };
}

describe('a run whose worker freezes is finished by another worker and settled once (docs/decisions/0071)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
    // The store's sample runs first, so the workers below find only the run of the test.
    await server.app.jobs.work();
  });
  after(() => server.close());

  it('another worker takes the run after its lease, ends it JobDone once, and the wallet moves once', async () => {
    const org = await organizationWithPeople(server, { label: 'durable' });
    const staff = (await logIn(server.app, { email: 'staff@demo.dcipher.local' })).accessToken;
    const call = callAs(() => server.app);
    // Past the quota, paid from the wallet.
    await useUpSocialMediaQuota(call, org.admin, 'durable');
    await call('POST', '/customer-credits/gift-credits', staff, {
      organizationId: org.id,
      credits: 100,
      reason: 'Durable',
    });
    const created = await call('POST', '/flows', org.admin, {
      name: 'Durable reviews',
      flowType: 'predefinedFlow',
      predefinedFlowId: 'review-analysis',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
      notifications: false,
    });
    assert.equal(created.statusCode, 201, created.body);
    const flowId = created.json().id as string;
    const started = await call('POST', `/flows/${flowId}/run`, org.admin);
    assert.equal(started.statusCode, 202, started.body);
    const run = started.json();
    assert.equal(run.creditsReserved, 18);
    // A short lease, so the test does not wait a minute for it.
    await db(server.database)
      .updateTable('jobs')
      .set({ leaseSeconds: 1 })
      .where('id', '=', run.taskId)
      .execute();

    // Worker A claims the run and freezes in the middle of the analysis.
    const frozen = freezableDatabase(server.database);
    const inner = createDefaultExecutor();
    let reachedEngine!: () => void;
    const engineReached = new Promise<void>((resolve) => {
      reachedEngine = resolve;
    });
    const jobsA = createJobs({ database: frozen.database, log: silentLog, workerId: 'frozen-worker-A' });
    const flowsA = createFlowService({
      database: frozen.database,
      jobs: jobsA,
      mailer: server.app.mailer,
      usage: createUsageService({
        database: frozen.database,
        mailer: server.app.mailer,
        webUrl: 'http://localhost',
      }),
      executor: {
        name: 'default',
        execute: (request, options) => {
          frozen.freeze();
          reachedEngine();
          return inner.execute(request, options);
        },
      },
      fetcher: fetch,
      webUrl: 'http://localhost',
      uploadMaxBytes: 1_000_000,
      log: silentLog,
    });
    jobsA.define<{ runId: string }>({
      name: flowQueues.run,
      handle: (payload, context) => flowsA.executeRun(payload, context),
    });
    const workingA = jobsA.work({ limit: 1 });
    await engineReached;
    const runningRow = await db(server.database)
      .selectFrom('flowRuns')
      .select('state')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    assert.equal(runningRow.state, 'JobRunning');

    // Its lease runs out; worker B (the server's) takes the job over and finishes the run.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    assert.equal(await server.app.jobs.work({ limit: 1 }), 1);
    const done = (await call('GET', `/flows/${flowId}/status`, org.admin)).json();
    assert.deepEqual(
      [done.run.state, done.run.documentsAnalysed, done.run.creditsCharged],
      ['JobDone', 120, 18],
    );

    // A wakes up late: its writes change nothing.
    frozen.thaw();
    await workingA;
    await jobsA.stop({ graceMilliseconds: 100 });
    const runs = await db(server.database)
      .selectFrom('flowRuns')
      .select(['state', 'creditsCharged'])
      .where('flowId', '=', flowId)
      .execute();
    assert.deepEqual(runs, [{ state: 'JobDone', creditsCharged: 18 }]);
    const files = await db(server.database)
      .selectFrom('flowRunFiles')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('runId', '=', run.id)
      .executeTakeFirstOrThrow();
    assert.ok(Number(files.count) > 0);
    const ledger = await db(server.database)
      .selectFrom('creditTransactions')
      .select('credits')
      .where('organizationId', '=', org.id)
      .orderBy('createdAt')
      .execute();
    assert.deepEqual(
      ledger.map((entry) => entry.credits),
      [100, -18],
      'one gift, one debit for the run; nothing settled twice',
    );
    const usage = await db(server.database)
      .selectFrom('usageRecords')
      .select(['quantity', 'creditsCharged'])
      .where('organizationId', '=', org.id)
      .where('idempotencyKey', '=', `flow-run:${run.id}`)
      .execute();
    assert.deepEqual(usage, [{ quantity: 120, creditsCharged: 18 }]);
  });

  it('a due slot runs once when two job workers fire the schedule and run it at the same time', async () => {
    const org = await organizationWithPeople(server, { label: 'slots' });
    const created = await server.app.inject({
      method: 'POST',
      url: '/flows',
      headers: { authorization: `Bearer ${org.admin}` },
      payload: {
        name: 'Scheduled reviews',
        flowType: 'predefinedFlow',
        predefinedFlowId: 'review-analysis',
        analysisType: 'contentAnalysis',
        dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
        schedule: { frequency: 'weekly', startAt: '2025-01-06T08:00:00.000Z' },
        notifications: false,
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const flowId = created.json().id as string;
    await db(server.database)
      .updateTable('flows')
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where('id', '=', flowId)
      .execute();
    // Two workers, each with its own jobs module and flow service on the one database, as two processes.
    const workers = ['worker-1', 'worker-2'].map((workerId) => {
      const jobs = createJobs({ database: server.database, log: silentLog, workerId });
      const flows = createFlowService({
        database: server.database,
        jobs,
        mailer: server.app.mailer,
        usage: createUsageService({
          database: server.database,
          mailer: server.app.mailer,
          webUrl: 'http://localhost',
        }),
        executor: createDefaultExecutor(),
        fetcher: fetch,
        webUrl: 'http://localhost',
        uploadMaxBytes: 1_000_000,
        log: silentLog,
      });
      jobs.define<{ runId: string }>({
        name: flowQueues.run,
        handle: (payload, context) => flows.executeRun(payload, context),
      });
      jobs.define({ name: flowQueues.scheduleDue, handle: async () => void (await flows.runDueSchedules()) });
      jobs.schedule({ queue: flowQueues.scheduleDue, everySeconds: 60 });
      return { jobs, flows };
    });
    await Promise.all(workers.map((worker) => worker.jobs.fireSchedules()));
    await Promise.all([
      ...workers.map((worker) => worker.jobs.work()),
      ...workers.map((worker) => worker.flows.runDueSchedules()),
    ]);
    await Promise.all(workers.map((worker) => worker.jobs.work()));
    const runs = await db(server.database)
      .selectFrom('flowRuns')
      .select(['state', 'origin', 'scheduleSlot'])
      .where('flowId', '=', flowId)
      .execute();
    assert.equal(runs.length, 1, JSON.stringify(runs));
    assert.deepEqual([runs[0]!.state, runs[0]!.origin], ['JobDone', 'Scheduler']);
    const flow = await db(server.database)
      .selectFrom('flows')
      .select('nextRunAt')
      .where('id', '=', flowId)
      .executeTakeFirstOrThrow();
    const next = new Date(flow.nextRunAt!);
    assert.ok(next.getTime() > Date.now() && next.getUTCDay() === 1 && next.getUTCHours() === 8);
    await Promise.all(workers.map((worker) => worker.jobs.stop({ graceMilliseconds: 100 })));
  });
});
