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
    // A wait for an outcome, not a sleep: it ends as soon as every job succeeded. The bound is generous because on a
    // loaded CI machine the seven sample runs share one lane with the scheduled jobs (CI saw 20 s run out on PGlite).
    const deadline = Date.now() + 120_000;
    let states: { queue: string; state: string }[] = [];
    // The workflow store's sample runs (one per predefined workflow) are queued when the process starts.
    const expected = 3 + predefinedWorkflows.length;
    while (Date.now() < deadline) {
      states = await db(server.database)
        .selectFrom('jobs')
        .select(['queue', 'state'])
        .orderBy('queue')
        .execute();
      if (states.length === expected && states.every((job) => job.state === 'succeeded')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(states, [
      { queue: backgroundQueues.billingRunDue, state: 'succeeded' },
      ...predefinedWorkflows.map(() => ({ queue: backgroundQueues.flowsRun, state: 'succeeded' })),
      { queue: backgroundQueues.flowsScheduleDue, state: 'succeeded' },
      { queue: backgroundQueues.paymentsRepair, state: 'succeeded' },
    ]);
  });
});
