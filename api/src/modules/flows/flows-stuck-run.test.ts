// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { db } from '../../db/kysely.js';
import { callAs, useUpSocialMediaQuota } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * Stuck runs (issue 32, docs/decisions/0092): a run whose job is dead, because its worker was killed during each of
 * its 3 tries, is ended as failed and its reservation refunded, once, whoever ends it; the flow runs again.
 */
describe('a run whose job died is ended as failed and refunded once', () => {
  let server: TestServer;
  let staff: string;

  before(async () => {
    server = await startTestServer();
    staff = (await logIn(server.app, { email: 'staff@demo.dcipher.local' })).accessToken;
    // The store's sample runs first, so the worker below finds only the runs of the test.
    await server.app.jobs.work();
  });
  after(() => server.close());

  const call = callAs(() => server.app);
  const ledger = async (organizationId: string) =>
    (
      await db(server.database)
        .selectFrom('creditTransactions')
        .select('credits')
        .where('organizationId', '=', organizationId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    ).map((entry) => entry.credits);

  /** An organization past its quota with 100 credits, and a flow of 120 documents (18 credits a run). */
  async function paidFlow(label: string) {
    const org = await organizationWithPeople(server, { label });
    await useUpSocialMediaQuota(call, org.admin, label);
    await call('POST', '/customer-credits/gift-credits', staff, {
      organizationId: org.id,
      credits: 100,
      reason: label,
    });
    const created = await call('POST', '/flows', org.admin, {
      name: `${label} reviews`,
      flowType: 'predefinedFlow',
      predefinedFlowId: 'review-analysis',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
      notifications: false,
    });
    assert.equal(created.statusCode, 201, created.body);
    return { org, flowId: created.json().id as string };
  }

  /** What a worker killed during the run's `attempts`-th try leaves: the run running, the job's lease over. */
  const killedDuringTry = async (run: { id: string; taskId: string }, attempts: number) => {
    await db(server.database)
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts,
        lockedBy: `killed-worker-${attempts}`,
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where('id', '=', run.taskId)
      .execute();
    await db(server.database)
      .updateTable('flowRuns')
      .set({ state: 'JobRunning', startedAt: new Date() })
      .where('id', '=', run.id)
      .execute();
  };
  const status = async (token: string, flowId: string, taskId: string) =>
    (await call('GET', `/flows/${flowId}/status?taskId=${taskId}`, token)).json().run;

  it('its worker killed on each of 3 tries: the run ends JobError, refunded once, and the flow runs again', async () => {
    const { org, flowId } = await paidFlow('stuck');
    const started = await call('POST', `/flows/${flowId}/run`, org.admin);
    assert.equal(started.statusCode, 202, started.body);
    const run = started.json();
    assert.equal(run.creditsReserved, 18);
    // Its worker was killed during each of its 3 tries (a takeover after a kill: flows-durable-run.test); the
    // third leaves this, and the next worker to claim it finds the job out of tries.
    await killedDuringTry(run, 3);
    await server.app.jobs.work();

    const ended = await status(org.admin, flowId, run.taskId);
    assert.deepEqual([ended.state, ended.creditsCharged, ended.documentsAnalysed], ['JobError', 0, null]);
    assert.match(ended.error, /could not be completed/);
    assert.deepEqual(await ledger(org.id), [100, -18, 18]);
    const [job] = await server.app.jobs.listDead({ queue: 'flows.run' });
    assert.equal(job?.id, run.taskId);

    // Ending it again, from two places at once, refunds nothing more.
    await Promise.all([
      server.app.flows.endDeadRun({ runId: run.id }, { id: run.taskId }),
      server.app.flows.endDeadRun({ runId: run.id }, { id: run.taskId }),
      server.app.flows.endDeadRuns(),
    ]);
    assert.deepEqual(await ledger(org.id), [100, -18, 18]);

    // The flow is no longer "running": it runs again.
    const again = await call('POST', `/flows/${flowId}/run`, org.admin);
    assert.equal(again.statusCode, 202, again.body);
    await server.app.jobs.work();
    assert.equal((await status(org.admin, flowId, again.json().taskId)).state, 'JobDone');
  });

  it('a run left running by a job that died earlier is ended by the repair, once, whichever process runs it', async () => {
    const { org, flowId } = await paidFlow('left-stuck');
    const run = (await call('POST', `/flows/${flowId}/run`, org.admin)).json();
    await killedDuringTry(run, 3);
    await db(server.database)
      .updateTable('jobs')
      .set({ state: 'dead', lockedBy: null, lockedUntil: null, finishedAt: new Date() })
      .where('id', '=', run.taskId)
      .execute();
    const refused = await call('POST', `/flows/${flowId}/run`, org.admin);
    assert.equal(refused.statusCode, 409, 'the stuck run still holds the flow');

    const ended = await Promise.all([server.app.flows.endDeadRuns(), server.app.flows.endDeadRuns()]);
    assert.equal(ended[0] + ended[1], 1);
    assert.equal((await status(org.admin, flowId, run.taskId)).state, 'JobError');
    assert.deepEqual(await ledger(org.id), [100, -18, 18]);
    assert.equal((await call('POST', `/flows/${flowId}/run`, org.admin)).statusCode, 202);
  });
});
