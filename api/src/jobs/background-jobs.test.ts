// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { db } from '../db/kysely.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { backgroundQueues } from './background-jobs.js';

/** An API process with its worker on runs the scheduled background jobs by itself (docs/decisions/0059). */
describe('the background jobs of an API process', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ jobsWorker: true, billingSchedulerIntervalSeconds: 60 });
    await server.app.ready();
  });
  after(() => server.close());

  it('fires the billing scheduler, the payment repair job and the workflow schedule for this slot and runs them', async () => {
    // A wait for an outcome, not a sleep: it ends as soon as every job of the first slot and every sample run (one
    // per predefined workflow, queued when the process starts) succeeded. The scheduled queues fire again at their
    // next slots while the sample runs go on (a loaded CI machine took longer than a slot), so a slot's repeats are
    // allowed; a failed job is not.
    const deadline = Date.now() + 120_000;
    const scheduled = [
      backgroundQueues.billingRunDue,
      backgroundQueues.flowsScheduleDue,
      backgroundQueues.paymentsRepair,
    ];
    let states: { queue: string; state: string }[] = [];
    const succeeded = (queue: string) =>
      states.filter((job) => job.queue === queue && job.state === 'succeeded').length;
    const done = () =>
      succeeded(backgroundQueues.flowsRun) === predefinedWorkflows.length &&
      scheduled.every((queue) => succeeded(queue) >= 1);
    while (Date.now() < deadline) {
      states = await db(server.database).selectFrom('jobs').select(['queue', 'state']).execute();
      if (done()) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(
      Object.fromEntries(
        [backgroundQueues.flowsRun, ...scheduled].map((queue) => [queue, succeeded(queue) > 0]),
      ),
      Object.fromEntries([backgroundQueues.flowsRun, ...scheduled].map((queue) => [queue, true])),
      'each queue ran and succeeded',
    );
    assert.equal(succeeded(backgroundQueues.flowsRun), predefinedWorkflows.length, 'every sample run, once');
    assert.deepEqual(
      states.filter((job) => !['succeeded', 'queued', 'running'].includes(job.state)),
      [],
      'no job failed',
    );
    assert.deepEqual(
      [...new Set(states.map((job) => job.queue))].sort(),
      [backgroundQueues.flowsRun, ...scheduled].sort(),
      'no other queue',
    );
  });
});
