// engines: both
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Database, Queryable } from '../db/database.js';
import { db } from '../db/kysely.js';
import { migrate } from '../db/migrate.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { createJobs, type Jobs, queue, scheduleSlot } from './jobs.js';

/** The queues of these tests, each with the payload its jobs carry. */
const testQueues = {
  everyMinute: queue('test.every-minute'),
  cron: queue('test.cron'),
  flaky: queue<{ n: number }>('test.flaky'),
  broken: queue('test.broken'),
  long: queue<{ run: string }>('test.long'),
  slow: queue('test.slow'),
  drain: queue('test.drain'),
  keyed: queue('test.keyed'),
  doomed: queue('test.doomed'),
  slowLane: queue('test.slow-lane'),
  quickLane: queue('test.quick-lane'),
  grouped: queue<{ group: string; name: string }>('test.grouped'),
};

const silentLog = { error() {}, info() {}, warn() {} };

/**
 * The jobs module (docs/decisions/0059). Two "processes" are two job runners with their own worker ids on one
 * database (on the PostgreSQL run, one database of the throwaway cluster; on PGlite, the one embedded engine).
 */
describe('the jobs module', () => {
  let database: Database;
  const clock = { at: new Date('2026-05-01T10:00:00Z') };
  const now = () => clock.at;
  const runner = (into: Queryable = database) => createJobs({ database: into, log: silentLog, now });

  before(async () => {
    database = await createTestDatabase();
    await migrate(database);
  });
  after(() => database.close());
  beforeEach(async () => {
    await db(database).deleteFrom('jobs').execute();
    clock.at = new Date('2026-05-01T10:00:00Z');
  });

  const jobRows = () =>
    db(database)
      .selectFrom('jobs')
      .select(['state', 'attempts', 'runAt', 'lastError'])
      .orderBy('createdAt')
      .execute();

  it('a schedule fires once per slot, whatever the number of processes firing it', async () => {
    const ran: string[] = [];
    const [one, two] = [runner(), runner()];
    for (const jobs of [one, two]) {
      jobs.define({ name: testQueues.everyMinute, handle: async () => void ran.push('minute') });
      jobs.define({ name: testQueues.cron, handle: async () => void ran.push('cron') });
      jobs.schedule({ queue: testQueues.everyMinute, everySeconds: 60 });
      jobs.schedule({ queue: testQueues.cron, cron: '*/5 * * * *' });
    }
    const fired = await Promise.all([one.fireSchedules(), two.fireSchedules(), one.fireSchedules()]);
    assert.equal(
      fired.reduce((sum, count) => sum + count, 0),
      2,
    );
    await Promise.all([one.work(), two.work()]);
    assert.deepEqual(ran.sort(), ['cron', 'minute']);

    // 90 seconds on: a new minute, the same five-minute slot.
    clock.at = new Date('2026-05-01T10:01:30Z');
    await Promise.all([one.fireSchedules(), two.fireSchedules()]);
    await Promise.all([one.work(), two.work()]);
    assert.deepEqual(ran.sort(), ['cron', 'minute', 'minute']);
    assert.equal(
      scheduleSlot(
        { queue: queue('x'), cron: '*/5 * * * *' },
        new Date('2026-05-01T10:05:00Z'),
      )?.toISOString(),
      '2026-05-01T10:05:00.000Z',
    );
  });

  it('a failing job is retried with a doubling wait, then succeeds', async () => {
    let tries = 0;
    const jobs = runner();
    jobs.define({
      name: testQueues.flaky,
      retryDelaySeconds: 10,
      handle: async () => {
        tries += 1;
        if (tries < 3) throw new Error(`try ${tries} failed`);
      },
    });
    await jobs.enqueue(testQueues.flaky, { n: 1 });
    assert.equal(await jobs.work(), 1);
    let [job] = await jobRows();
    assert.deepEqual([job?.state, job?.attempts, job?.lastError], ['queued', 1, 'try 1 failed']);
    assert.equal(new Date(job!.runAt).getTime() - clock.at.getTime(), 10_000);
    assert.equal(await jobs.work(), 0, 'not due before its wait');
    clock.at = new Date(clock.at.getTime() + 10_000);
    await jobs.work();
    [job] = await jobRows();
    assert.equal(new Date(job!.runAt).getTime() - clock.at.getTime(), 20_000, 'the wait doubles');
    clock.at = new Date(clock.at.getTime() + 20_000);
    await jobs.work();
    [job] = await jobRows();
    assert.deepEqual([job?.state, job?.attempts, tries], ['succeeded', 3, 3]);
  });

  it('out of tries a job is dead: listed with its last error, and retried by hand', async () => {
    let healthy = false;
    const jobs = runner();
    jobs.define({
      name: testQueues.broken,
      maxAttempts: 2,
      retryDelaySeconds: 1,
      handle: async () => {
        if (!healthy) throw new Error('the mail server refused');
      },
    });
    await jobs.enqueue(testQueues.broken, {});
    await jobs.work();
    clock.at = new Date(clock.at.getTime() + 1000);
    await jobs.work();
    const [dead] = await jobs.listDead({ queue: 'test.broken' });
    assert.deepEqual([dead?.state, dead?.attempts, dead?.lastError], ['dead', 2, 'the mail server refused']);
    clock.at = new Date(clock.at.getTime() + 3_600_000);
    assert.equal(await jobs.work(), 0, 'a dead job is not tried again by itself');
    healthy = true;
    assert.equal(await jobs.retryDead(dead!.id), true);
    assert.equal(await jobs.work(), 1);
    assert.deepEqual(await jobs.listDead(), []);
    assert.equal((await jobRows())[0]?.state, 'succeeded');
  });

  it('a worker killed mid-job: another takes the job over once the lease runs out, and it completes once', async () => {
    // The first worker's database connection dies while its handler runs: no heartbeat, no finish, as after SIGKILL.
    let killed = false;
    const dying: Queryable = {
      execute: (sql, params) =>
        killed ? Promise.reject(new Error('connection terminated')) : database.execute(sql, params),
      exec: (script) => database.exec(script),
    };
    const completions: string[] = [];
    const first = runner(dying);
    const second = runner();
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    first.define({
      name: testQueues.long,
      leaseSeconds: 30,
      handle: () => {
        started();
        return new Promise(() => {});
      },
    });
    second.define({
      name: testQueues.long,
      leaseSeconds: 30,
      handle: async (payload) => void completions.push((payload as { run: string }).run),
    });
    await second.enqueue(testQueues.long, { run: 'run-1' });
    void first.work();
    await handlerStarted;
    killed = true;
    assert.equal(await second.work(), 0, 'the lease keeps the job the first worker’s for a while');
    clock.at = new Date(clock.at.getTime() + 31_000);
    assert.equal(await second.work(), 1);
    assert.equal(await second.work(), 0);
    assert.deepEqual(completions, ['run-1']);
    const [job] = await jobRows();
    assert.deepEqual([job?.state, job?.attempts], ['succeeded', 2]);
  });

  it('stopping hands a running job back at once, its try not counted, and takes nothing new', async () => {
    const jobs = runner();
    jobs.define({
      name: testQueues.slow,
      handle: (_payload, { signal }) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })),
    });
    await jobs.enqueue(testQueues.slow, {});
    await jobs.enqueue(testQueues.slow, {});
    const working = jobs.work();
    while ((await jobRows()).every((job) => job.state !== 'running')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await jobs.stop({ graceMilliseconds: 50 });
    await working;
    assert.deepEqual(
      (await jobRows()).map((job) => [job.state, job.attempts]),
      [
        ['queued', 0],
        ['queued', 0],
      ],
    );
    const next = runner();
    const ran: number[] = [];
    next.define({ name: testQueues.slow, handle: async () => void ran.push(1) });
    assert.equal(await next.work(), 2);
  });

  it('a job queued with a key while one with that key waits adds none; one queued while it runs does', async () => {
    const jobs = runner();
    let release!: () => void;
    jobs.define({
      name: testQueues.drain,
      handle: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    });
    assert.ok(await jobs.enqueue(testQueues.drain, {}, { singletonKey: 'due' }));
    assert.equal(await jobs.enqueue(testQueues.drain, {}, { singletonKey: 'due' }), undefined);
    const working = jobs.work({ limit: 1 });
    while ((await jobRows()).every((job) => job.state !== 'running')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(await jobs.enqueue(testQueues.drain, {}, { singletonKey: 'due' }), 'the next pass is queued');
    release();
    await working;
    assert.deepEqual((await jobRows()).map((job) => job.state).sort(), ['queued', 'succeeded']);
  });

  it('a job that fails while another with its key waits is superseded by it, not re-queued beside it', async () => {
    const jobs = runner();
    let fail!: (error: Error) => void;
    jobs.define({
      name: testQueues.keyed,
      retryDelaySeconds: 1,
      handle: () =>
        new Promise<void>((_resolve, reject) => {
          fail = reject;
        }),
    });
    assert.ok(await jobs.enqueue(testQueues.keyed, {}, { singletonKey: 'k' }));
    const working = jobs.work({ limit: 1 });
    while ((await jobRows()).every((job) => job.state !== 'running')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(await jobs.enqueue(testQueues.keyed, {}, { singletonKey: 'k' }), 'the next one waits');
    fail(new Error('the build failed'));
    await working;
    const rows = await jobRows();
    assert.deepEqual(rows.map((job) => job.state).sort(), ['queued', 'succeeded']);
    assert.match(String(rows.find((job) => job.state === 'succeeded')?.lastError), /superseded/);
  });

  it('a dead job retried by hand while another with its key waits is superseded; a malformed id is not found', async () => {
    const jobs = runner();
    jobs.define({
      name: testQueues.doomed,
      maxAttempts: 1,
      handle: async () => {
        throw new Error('always');
      },
    });
    await jobs.enqueue(testQueues.doomed, {}, { singletonKey: 'k' });
    await jobs.work();
    const [dead] = await jobs.listDead();
    assert.ok(dead);
    assert.ok(await jobs.enqueue(testQueues.doomed, {}, { singletonKey: 'k' }));
    assert.equal(await jobs.retryDead(dead.id), false);
    assert.deepEqual((await jobRows()).map((job) => job.state).sort(), ['queued', 'succeeded']);
    assert.equal(await jobs.retryDead('not-a-job-id'), false);
  });

  it('each queue has its own lane: a slow job of one queue does not hold up another queue in the worker', async () => {
    const jobs = createJobs({ database, log: silentLog });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done: string[] = [];
    jobs.define({ name: testQueues.slowLane, handle: () => released });
    jobs.define({ name: testQueues.quickLane, handle: async () => void done.push('quick') });
    await jobs.enqueue(testQueues.slowLane, {});
    jobs.start({ pollMilliseconds: 50 });
    try {
      while ((await jobRows()).every((job) => job.state !== 'running')) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await jobs.enqueue(testQueues.quickLane, {});
      jobs.wake();
      // Waits end when the job has run; the bounds are for a loaded CI machine.
      const deadline = Date.now() + 60_000;
      while (done.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.deepEqual(done, ['quick'], 'the quick job ran while the slow one was running');
      assert.ok(
        (await jobRows()).some((job) => job.state === 'running'),
        'the slow job still runs',
      );
    } finally {
      release();
      await jobs.stop({ graceMilliseconds: 1000 });
    }
  });

  it('a group runs at most its limit at once across processes; other groups and ungrouped jobs are not held up', async () => {
    const running = new Map<string, number>();
    let most = 0;
    const releases: (() => void)[] = [];
    const started: string[] = [];
    const define = (jobs: ReturnType<typeof runner>) =>
      jobs.define({
        name: testQueues.grouped,
        concurrency: 3,
        groupConcurrency: 1,
        handle: ({ group, name }) => {
          started.push(name);
          running.set(group, (running.get(group) ?? 0) + 1);
          most = Math.max(most, running.get('a') ?? 0);
          return new Promise<void>((resolve) => {
            releases.push(() => {
              running.set(group, (running.get(group) ?? 1) - 1);
              resolve();
            });
          });
        },
      });
    const [one, two] = [runner(), runner()];
    define(one);
    define(two);
    for (const name of ['a1', 'a2', 'a3'])
      await one.enqueue(testQueues.grouped, { group: 'a', name }, { groupKey: 'a' });
    await one.enqueue(testQueues.grouped, { group: 'b', name: 'b1' }, { groupKey: 'b' });
    await one.enqueue(testQueues.grouped, { group: 'none', name: 'n1' });
    const working = [one.work(), two.work()];
    // Six places (three per process), five jobs: one of group a, b and the ungrouped one start; the other two of a
    // wait. Which of a's starts first is the claims' race across the two processes (skip locked), not an order.
    const deadline = Date.now() + 60_000;
    while (started.length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual([...started].map((name) => (name.startsWith('a') ? 'a' : name)).sort(), [
      'a',
      'b1',
      'n1',
    ]);
    const rows = await db(database)
      .selectFrom('jobs')
      .select(['groupKey', 'groupSlot'])
      .where('state', '=', 'running')
      .orderBy('groupKey')
      .execute();
    assert.deepEqual(
      rows.map((row) => [row.groupKey, row.groupSlot]),
      [
        ['a', 0],
        ['b', 0],
        [null, null],
      ],
    );
    // The rest of group a runs one at a time, each taken when the running one has ended.
    let finished = false;
    const all = Promise.all(working).then(() => {
      finished = true;
    });
    while (!finished && Date.now() < deadline + 60_000) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await all;
    assert.equal(most, 1, 'never two jobs of group a at once');
    assert.deepEqual([...started].sort(), ['a1', 'a2', 'a3', 'b1', 'n1']);
  });
});

/**
 * Typed queues (issue 35 point 3), checked by the compiler (`tsc`, run by `npm test` and `test:quick`): each line
 * marked `@ts-expect-error` must fail to compile, and the compile fails if one no longer does.
 */
export function typedQueuesRefuseOtherPayloads(jobs: Jobs): void {
  const runs = queue<{ runId: string }>('test.typed');
  jobs.define({
    name: runs,
    handle: async (payload) => {
      const runId: string = payload.runId;
      void runId;
    },
  });
  // @ts-expect-error the handler reads a field its queue's payload does not have
  jobs.define({ name: runs, handle: async (payload) => void payload.deliveryId });
  void jobs.enqueue(runs, { runId: 'r' });
  // @ts-expect-error a payload of another shape
  void jobs.enqueue(runs, { deliveryId: 'd' });
  // @ts-expect-error a plain string is not a declared queue
  void jobs.enqueue('test.typed', { runId: 'r' });
}
