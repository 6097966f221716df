import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import { sql } from 'kysely';
import type { Queryable } from '../db/database.js';
import { isUuid } from '../db/ids.js';
import { db } from '../db/kysely.js';
import type { Json } from '../db/schema.generated.js';

export { jobsMigrations } from './migrations/index.js';

const jobStates = ['queued', 'running', 'succeeded', 'dead'] as const;
/** Where a job stands (the `state` check constraint of migration 0036). */
export type JobState = (typeof jobStates)[number];

/** A job as stored in `jobs` (migration 0036). */
export interface StoredJob {
  id: string;
  queue: string;
  payload: unknown;
  state: JobState;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  leaseSeconds: number;
  lastError: string | null;
  scheduleSlot: string | null;
  createdAt: Date;
}

export interface JobContext {
  job: StoredJob;
  /** Renews the lease now (it is also renewed every third of it while the handler runs). */
  heartbeat(): Promise<void>;
  /** Aborted when the worker stops before the handler finished, or lost the job's lease to another worker. */
  signal: AbortSignal;
}

declare const payloadOfQueue: unique symbol;

/**
 * A queue's name with the payload its jobs carry, as a type (issue 35 point 3): `define` gives its handler that
 * payload and `enqueue` accepts only that payload, so the two are linked by the compiler, not only by a string.
 * Made by `queue()`; at run time it is the name.
 */
export type Queue<TPayload> = string & { readonly [payloadOfQueue]: TPayload };

/** Declares a queue by its name and the payload of its jobs (`queue<{ runId: string }>('flows.run')`). */
export function queue<TPayload extends object = Record<string, never>>(name: string): Queue<TPayload> {
  return name as Queue<TPayload>;
}

/** A kind of job and how to run it. */
export interface QueueDefinition<TPayload = unknown> {
  name: Queue<TPayload>;
  handle(payload: NoInfer<TPayload>, context: JobContext): Promise<void>;
  /** Tries, the first included; then the job is dead (listed and retried by hand). Default 5. */
  maxAttempts?: number;
  /** The wait after the first failed try, doubled after each further one (at most an hour). Default 10 s. */
  retryDelaySeconds?: number;
  /** How long a claimed job stays its worker's without a heartbeat. Default 60 s. */
  leaseSeconds?: number;
  /**
   * The queue's lane: how many of its jobs one process runs at once (default 1). Each queue has its own, so a slow
   * job of one queue never holds up another queue's (docs/decisions/0092).
   */
  concurrency?: number;
  /**
   * At most this many running jobs of one group (the `groupKey` they were queued with) across every process;
   * jobs without a group are not limited. Default: no limit.
   */
  groupConcurrency?: number;
  /**
   * Called when a job is about to be dead (its last try failed, or its workers stopped during every try), before
   * it is marked dead: what the job stood for is ended here (a run failed and refunded). It may be called again for
   * the same job (its worker died in between), so it must be idempotent; when it throws, the job is not marked dead
   * and the hook is tried again once the lease runs out.
   */
  onDead?(payload: NoInfer<TPayload>, job: StoredJob): Promise<void>;
}

/** A queue fired once per slot, whatever the number of processes: every `everySeconds`, or by a cron pattern (UTC). */
export type Schedule<TPayload = unknown> = { queue: Queue<TPayload>; payload?: NoInfer<TPayload> } & (
  | { everySeconds: number; cron?: never }
  | { cron: string; everySeconds?: never }
);

export interface JobsLog {
  info(details: object, text: string): void;
  warn(details: object, text: string): void;
  error(details: object, text: string): void;
}

export interface JobsDependencies {
  database: Queryable;
  log: JobsLog;
  now?: () => Date;
  /** Names this worker in `locked_by`; a new random one per process by default. */
  workerId?: string;
}

const jobColumns = [
  'id',
  'queue',
  'payload',
  'state',
  'runAt',
  'attempts',
  'maxAttempts',
  'leaseSeconds',
  'lastError',
  'scheduleSlot',
  'createdAt',
] as const satisfies readonly (keyof StoredJob)[];

/** The state as stored: one of `jobStates` (the column's check constraint says so; this says it to TypeScript). */
function jobState(state: string): JobState {
  const known = jobStates.find((candidate) => candidate === state);
  if (!known) throw new Error(`a job has the unknown state ${state}`);
  return known;
}

const toJob = <TRow extends { state: string }>(row: TRow) => ({ ...row, state: jobState(row.state) });

/** `at` plus each row's lease: when a lease taken or renewed at `at` runs out. */
const leaseEndsAfter = (at: Date) => sql<Date>`${at}::timestamptz + lease_seconds * interval '1 second'`;

/** PostgreSQL's unique_violation: the singleton index refused a second waiting job of a key. */
const uniqueViolation = '23505';

const defaults = { maxAttempts: 5, retryDelaySeconds: 10, leaseSeconds: 60, concurrency: 1 };
type DefinedQueue = Required<Omit<QueueDefinition, 'groupConcurrency' | 'onDead'>> &
  Pick<QueueDefinition, 'groupConcurrency' | 'onDead'>;
const maxRetryDelaySeconds = 3600;
/** How long finished jobs are kept (for the metrics and for looking back), then deleted. */
const keepSucceededHours = 24;

/** The slot a schedule fires for at `at`: the latest of its times not after `at`. */
export function scheduleSlot(schedule: Schedule, at: Date): Date | undefined {
  if (schedule.everySeconds !== undefined) {
    const every = schedule.everySeconds * 1000;
    return new Date(Math.floor(at.getTime() / every) * every);
  }
  const [slot] = new Cron(schedule.cron, { timezone: 'UTC', paused: true }).previousRuns(
    1,
    new Date(at.getTime() + 1),
  );
  return slot;
}

/**
 * The one jobs module (docs/decisions/0059; CONVENTIONS 19): durable jobs in the database, claimed with
 * `for update skip locked` under a lease the running handler renews, retried with exponential backoff, dead after
 * their last try (listed and retried by hand), schedules that fire once per slot across processes, and a stop that
 * finishes or hands back what runs. Each queue has its own lane (`concurrency` jobs at once per process) and may
 * limit the running jobs of one group across processes (`groupConcurrency`, docs/decisions/0092). It works the
 * same on PGlite and on PostgreSQL (no LISTEN/NOTIFY: it polls, and `wake` starts a pass at once in this process).
 */
export function createJobs({
  database,
  log,
  now = () => new Date(),
  workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
}: JobsDependencies) {
  const queues = new Map<string, DefinedQueue>();
  const schedules: Schedule[] = [];
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let passAgain = false;
  let stopping = false;
  let lastPurgeAt = 0;

  function queueOf(name: string): DefinedQueue {
    const queue = queues.get(name);
    if (!queue) throw new Error(`no queue named ${name} is defined`);
    return queue;
  }

  async function enqueue<TPayload>(
    queue: Queue<TPayload>,
    payload: NoInfer<TPayload>,
    {
      runAt,
      singletonKey,
      scheduleSlot: slot,
      groupKey,
      into = database,
    }: {
      runAt?: Date;
      singletonKey?: string;
      scheduleSlot?: string;
      /** The group whose running jobs the queue's `groupConcurrency` counts (a run's organization). */
      groupKey?: string;
      into?: Queryable;
    } = {},
  ): Promise<string | undefined> {
    const definition = queueOf(queue);
    const row = await db(into)
      .insertInto('jobs')
      .values({
        queue,
        payload: sql<Json>`${JSON.stringify(payload ?? {})}::jsonb`,
        state: 'queued',
        runAt: runAt ?? now(),
        maxAttempts: definition.maxAttempts,
        leaseSeconds: definition.leaseSeconds,
        singletonKey: singletonKey ?? null,
        scheduleSlot: slot ?? null,
        groupKey: groupKey ?? null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Adds the job of each schedule's current slot, once: a slot another process fired already adds nothing. */
  async function fireSchedules(at = now()): Promise<number> {
    let fired = 0;
    for (const schedule of schedules) {
      const slot = scheduleSlot(schedule, at);
      if (!slot) continue;
      const id = await enqueue(schedule.queue, schedule.payload ?? {}, {
        runAt: slot,
        scheduleSlot: `${schedule.queue}@${slot.toISOString()}`,
      });
      if (id) fired += 1;
    }
    return fired;
  }

  /**
   * Takes the oldest due job of `queue` (or one whose worker's lease ran out). With a `groupConcurrency`, a queued
   * job is taken only when its group has a free slot (fewer running jobs than the limit, across processes); the
   * slot is recorded with it and the unique index `jobs_group_slot_index` refuses a second holder, so two processes
   * taking the last slot at once cannot both have it: the loser looks again.
   */
  async function claim(queue: string): Promise<StoredJob | undefined> {
    const { groupConcurrency } = queueOf(queue);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await claimOnce(queue, groupConcurrency);
      } catch (error) {
        if ((error as { code?: string }).code !== uniqueViolation || attempt >= 4) throw error;
      }
    }
  }

  async function claimOnce(
    queue: string,
    groupConcurrency: number | undefined,
  ): Promise<StoredJob | undefined> {
    const at = now();
    const limited = groupConcurrency !== undefined && groupConcurrency > 0;
    /** The group's lowest slot no running job of it holds (null: the group is at its limit). */
    const freeSlot = (job: 'jobs' | 'candidate') =>
      sql<
        number | null
      >`(select min(slot) from generate_series(0, ${(groupConcurrency ?? 1) - 1}::int) as slot
        where not exists (select 1 from jobs as holder where holder.queue = ${sql.ref(`${job}.queue`)}
          and holder.group_key = ${sql.ref(`${job}.group_key`)} and holder.state = 'running'
          and holder.group_slot = slot))`;
    const row = await db(database)
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        attempts: eb('attempts', '+', 1),
        lockedBy: workerId,
        startedAt: at,
        lockedUntil: leaseEndsAfter(at),
        ...(limited && {
          // A job taken over from a dead worker keeps its slot; a queued one takes a free one.
          groupSlot: sql<number | null>`case when group_key is null then null
            when state = 'running' and group_slot is not null then group_slot else ${freeSlot('jobs')} end`,
        }),
      }))
      .where('id', '=', (eb) => {
        let candidates = eb
          .selectFrom('jobs as candidate')
          .select('candidate.id')
          .where('candidate.queue', '=', queue)
          .where((due) =>
            due.or([
              due.and([due('candidate.state', '=', 'queued'), due('candidate.runAt', '<=', at)]),
              due.and([due('candidate.state', '=', 'running'), due('candidate.lockedUntil', '<=', at)]),
            ]),
          );
        if (limited) {
          candidates = candidates.where(
            sql<boolean>`(candidate.group_key is null
              or (candidate.state = 'running' and candidate.group_slot is not null)
              or ${freeSlot('candidate')} is not null)`,
          );
        }
        return candidates.orderBy('candidate.runAt').limit(1).forUpdate().skipLocked();
      })
      .returning(jobColumns)
      .executeTakeFirst();
    return row && toJob(row);
  }

  async function heartbeat(job: StoredJob): Promise<boolean> {
    const renewed = await db(database)
      .updateTable('jobs')
      .set({ lockedUntil: leaseEndsAfter(now()) })
      .where('id', '=', job.id)
      .where('lockedBy', '=', workerId)
      .where('state', '=', 'running')
      .returning('id')
      .execute();
    return renewed.length > 0;
  }

  async function finish(job: StoredJob, error?: unknown): Promise<void> {
    const at = now();
    if (error === undefined) {
      await db(database)
        .updateTable('jobs')
        .set({ state: 'succeeded', finishedAt: at, lockedBy: null, lockedUntil: null })
        .where('id', '=', job.id)
        .where('lockedBy', '=', workerId)
        .execute();
      return;
    }
    const definition = queueOf(job.queue);
    const message = error instanceof Error ? error.message : String(error);
    const dead = job.attempts >= job.maxAttempts;
    // Out of tries: what the job stood for is ended first; when that fails, the job stays running under this
    // worker's lease, and the worker that takes it over when the lease runs out ends it (in `run`).
    if (dead && !(await endedAsDead(job))) return;
    const delay = Math.min(definition.retryDelaySeconds * 2 ** (job.attempts - 1), maxRetryDelaySeconds);
    const requeue = () =>
      db(database)
        .updateTable('jobs')
        .set({
          state: dead ? 'dead' : 'queued',
          lastError: message.slice(0, 2000),
          lockedBy: null,
          lockedUntil: null,
          runAt: new Date(at.getTime() + delay * 1000),
          finishedAt: dead ? at : null,
        })
        .where('id', '=', job.id)
        .where('lockedBy', '=', workerId)
        .execute();
    if (!(await orSuperseded(job.id, requeue))) return;
    if (dead)
      log.error({ jobId: job.id, queue: job.queue, attempts: job.attempts, error: message }, 'a job is dead');
    else
      log.warn(
        { jobId: job.id, queue: job.queue, attempts: job.attempts, error: message },
        'a job will retry',
      );
  }

  /**
   * Puts a job back in the queue with `requeue`; when its singleton key already has a waiting job (the index allows
   * one), that job does the same work, so this one ends as succeeded, saying by what it was superseded. Answers
   * whether it was put back.
   */
  async function orSuperseded(jobId: string, requeue: () => Promise<unknown>): Promise<boolean> {
    try {
      await requeue();
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== uniqueViolation) throw error;
      await db(database)
        .updateTable('jobs')
        .set({
          state: 'succeeded',
          lastError: 'superseded by a waiting job with the same singleton key',
          lockedBy: null,
          lockedUntil: null,
          finishedAt: now(),
        })
        .where('id', '=', jobId)
        .execute();
      log.info({ jobId }, 'a job was superseded by a waiting job with the same key');
      return false;
    }
  }

  /** The queue's `onDead` for `job`; false when it failed (logged). */
  async function endedAsDead(job: StoredJob): Promise<boolean> {
    const { onDead } = queueOf(job.queue);
    if (!onDead) return true;
    try {
      await onDead(job.payload, job);
      return true;
    } catch (error) {
      log.error(
        { err: error, jobId: job.id, queue: job.queue },
        'a dead job could not be ended; will try again',
      );
      return false;
    }
  }

  /** Runs one claimed job to its end, renewing its lease meanwhile. */
  async function run(job: StoredJob): Promise<void> {
    const definition = queueOf(job.queue);
    // A job whose workers kept dying on it (its lease ran out each time) is dead once out of tries.
    if (job.attempts > job.maxAttempts) {
      if (!(await endedAsDead(job))) return;
      await db(database)
        .updateTable('jobs')
        .set({
          state: 'dead',
          lastError: 'its worker stopped during every try',
          finishedAt: now(),
          lockedBy: null,
          lockedUntil: null,
        })
        .where('id', '=', job.id)
        .where('lockedBy', '=', workerId)
        .execute();
      return;
    }
    const controller = new AbortController();
    const beat = setInterval(
      () => {
        void heartbeat(job)
          .then((kept) => {
            if (!kept) controller.abort(new Error('the lease was lost'));
          })
          .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'a job heartbeat failed'));
      },
      Math.max(50, (definition.leaseSeconds * 1000) / 3),
    );
    beat.unref();
    const done = (async () => {
      let failure: unknown;
      try {
        await definition.handle(job.payload, {
          job,
          signal: controller.signal,
          heartbeat: async () => {
            if (!(await heartbeat(job))) controller.abort(new Error('the lease was lost'));
          },
        });
      } catch (error) {
        failure = error ?? new Error('the job failed');
      } finally {
        clearInterval(beat);
      }
      // Stopped mid-job: `stop` hands it back; nothing to record here.
      if (controller.signal.aborted) return;
      await finish(job, failure);
    })();
    running.set(job.id, { controller, done });
    try {
      await done;
    } finally {
      running.delete(job.id);
    }
  }

  async function purgeFinished(): Promise<void> {
    if (Date.now() - lastPurgeAt < 3_600_000) return;
    lastPurgeAt = Date.now();
    await db(database)
      .deleteFrom('jobs')
      .where('state', '=', 'succeeded')
      .where('finishedAt', '<', new Date(now().getTime() - keepSucceededHours * 3_600_000))
      .execute();
  }

  /**
   * Claims and runs due jobs of the defined queues until none is due (or `limit` ran), each queue in its own lane
   * (up to its `concurrency` at once); answers how many ran when all have finished.
   */
  async function work({ limit = 100 }: { limit?: number } = {}): Promise<number> {
    let ran = 0;
    const slot = async (queue: string) => {
      while (ran < limit && !stopping) {
        ran += 1;
        const job = await claim(queue);
        if (!job) {
          ran -= 1;
          return;
        }
        await run(job);
      }
    };
    await Promise.all(
      [...queues.values()].flatMap((queue) =>
        Array.from({ length: queue.concurrency }, () => slot(queue.name)),
      ),
    );
    return ran;
  }

  /** Jobs this process runs now in each queue's lane (the worker's, `start`). */
  const busy = new Map<string, number>();

  /**
   * Fills the free places of a queue's lane with due jobs, without waiting for them: a slow job holds its own
   * place only. A job that ends starts the next pass.
   */
  async function fillLane(queue: DefinedQueue): Promise<void> {
    while (!stopping && (busy.get(queue.name) ?? 0) < queue.concurrency) {
      busy.set(queue.name, (busy.get(queue.name) ?? 0) + 1);
      let job: StoredJob | undefined;
      try {
        job = await claim(queue.name);
      } finally {
        if (!job) busy.set(queue.name, (busy.get(queue.name) ?? 1) - 1);
      }
      if (!job) return;
      void run(job)
        .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'a job could not be finished'))
        .finally(() => {
          busy.set(queue.name, (busy.get(queue.name) ?? 1) - 1);
          if (timer) setImmediate(() => void runPass());
        });
    }
  }

  /**
   * One pass: this slot's scheduled jobs, then each queue's lane filled with due jobs (not waited for). Passes never
   * overlap; one asked meanwhile follows.
   */
  function runPass(): Promise<void> {
    if (stopping) return Promise.resolve();
    if (pass) {
      passAgain = true;
      return pass;
    }
    pass = (async () => {
      do {
        passAgain = false;
        try {
          await fireSchedules();
          await Promise.all([...queues.values()].map(fillLane));
          await purgeFinished();
        } catch (error) {
          log.error({ err: error }, 'the jobs pass failed');
        }
      } while (passAgain && !stopping);
    })().finally(() => {
      pass = undefined;
    });
    return pass;
  }

  return {
    workerId,
    define<TPayload>(definition: QueueDefinition<TPayload>): void {
      queues.set(definition.name, { ...defaults, ...definition } as DefinedQueue);
    },
    schedule<TPayload>(schedule: Schedule<TPayload>): void {
      queueOf(schedule.queue);
      schedules.push(schedule as Schedule);
    },
    enqueue,
    fireSchedules,
    work,
    /** Starts polling every `pollMilliseconds` in this process (the worker), with a first pass at once. */
    start({ pollMilliseconds = 1000 }: { pollMilliseconds?: number } = {}): void {
      if (timer || stopping) return;
      timer = setInterval(() => void runPass(), pollMilliseconds);
      timer.unref();
      void runPass();
    },
    /** A pass as soon as possible in this process (a job was just queued here). Never waits, never throws. */
    wake(): void {
      if (timer) setImmediate(() => void runPass());
    },
    /**
     * Stops claiming; waits up to `graceMilliseconds` for the running jobs to finish, then hands the others back
     * (queued again, the try not counted) so another worker takes them at once.
     */
    async stop({ graceMilliseconds = 10_000 }: { graceMilliseconds?: number } = {}): Promise<void> {
      stopping = true;
      clearInterval(timer);
      timer = undefined;
      const all = Promise.allSettled([...running.values()].map((entry) => entry.done));
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMilliseconds).unref())]);
      const unfinished = [...running.keys()];
      for (const id of unfinished) running.get(id)?.controller.abort(new Error('the worker is stopping'));
      // Each handed back on its own: one whose key already has a waiting job is covered by it.
      for (const id of unfinished) {
        await orSuperseded(id, () =>
          db(database)
            .updateTable('jobs')
            .set((eb) => ({
              state: 'queued',
              attempts: eb.fn<number>('greatest', [eb('attempts', '-', 1), eb.lit(0)]),
              lockedBy: null,
              lockedUntil: null,
              runAt: now(),
            }))
            .where('id', '=', id)
            .where('lockedBy', '=', workerId)
            .where('state', '=', 'running')
            .execute(),
        );
      }
      await pass;
    },
    /** Dead jobs, newest first: what ran out of tries, with its last error. */
    async listDead({ queue, limit = 100 }: { queue?: string; limit?: number } = {}): Promise<StoredJob[]> {
      let dead = db(database).selectFrom('jobs').select(jobColumns).where('state', '=', 'dead');
      if (queue !== undefined) dead = dead.where('queue', '=', queue);
      const rows = await dead.orderBy('finishedAt', 'desc').limit(limit).execute();
      return rows.map(toJob);
    },
    /** Gives a dead job its tries again, due now; answers whether it was dead. */
    async retryDead(jobId: string): Promise<boolean> {
      if (!isUuid(jobId)) return false;
      let retried = false;
      await orSuperseded(jobId, async () => {
        const rows = await db(database)
          .updateTable('jobs')
          .set({ state: 'queued', attempts: 0, runAt: now(), lastError: null, finishedAt: null })
          .where('id', '=', jobId)
          .where('state', '=', 'dead')
          .returning('id')
          .execute();
        retried = rows.length > 0;
      });
      return retried;
    },
    /** Counts by queue and state, and the age of the oldest due job, for the metrics. */
    async stats(): Promise<
      { queue: string; state: StoredJob['state']; count: number; oldestDueSeconds: number | null }[]
    > {
      const at = now();
      const rows = await db(database)
        .selectFrom('jobs')
        .select((eb) => [
          'queue',
          'state',
          eb.fn.countAll<number>().as('count'),
          sql<number | null>`extract(epoch from (${at}::timestamptz - ${eb.fn
            .min('runAt')
            .filterWhere((due) =>
              due.and([due('state', '=', 'queued'), due('runAt', '<=', at)]),
            )}))::float8`.as('oldestDueSeconds'),
        ])
        .where((eb) =>
          eb.or([eb('state', '<>', 'succeeded'), eb('finishedAt', '>', new Date(at.getTime() - 3_600_000))]),
        )
        .groupBy(['queue', 'state'])
        .execute();
      return rows.map((row) => ({ ...toJob(row), count: Number(row.count) }));
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
