// The build queue in this process (docs/decisions/0059, 0067, 0123): the jobs module opened on the publisher's
// database with a queue per kind of build, builds requested (debounced, one waiting per kind), the worker woken when
// one is due, one build at a time on this machine, and a stop that hands a running build back.
import { createJobs } from '@dcipher/api/jobs';
import { buildQueues, kindsWithJobs } from './build-jobs.mjs';
import { handleBuild } from './run-build.mjs';

/** The jobs module of the build queue, once `start` opened it. */
export function queue(context) {
  if (!context.jobs) throw new Error('The publisher is not started: call start() first');
  return context.jobs;
}

/**
 * One build at a time on this machine, whatever its kind: the jobs module gives each queue its own lane
 * (docs/decisions/0092), and a live build and a preview build side by side would share its cores and its memory.
 * A live build goes first (docs/decisions/0126): a preview build running when one is asked for is stopped, recorded
 * as interrupted, and asked for again, so a publish waits for its own build only, never for a draft's preview.
 */
function inTurn(context, kind, payload, { job, signal: jobSignal }) {
  if (kind === 'live' && context.turn?.kind === 'preview') {
    context.turn.preemption.abort(new Error('a live build goes first'));
  }
  const work = async () => {
    const preemption = new AbortController();
    const signal = AbortSignal.any([jobSignal, preemption.signal]);
    context.turn = { kind, preemption };
    try {
      await handleBuild(context, kind, payload, { job, signal });
    } finally {
      context.turn = undefined;
    }
    // Stopped for a live build (not by the jobs module): the same preview is built again after it.
    if (preemption.signal.aborted && !jobSignal.aborted) {
      await requestBuild(context, payload?.trigger ?? 'manual', kind, 0);
    }
  };
  const turn = context.buildTurn.then(work);
  context.buildTurn = turn.catch(() => undefined);
  return turn;
}

/** Opens the database and defines the build queues (once). */
export function connect(context) {
  context.connecting ??= (async () => {
    const { database, log, jobOptions } = context;
    context.db = typeof database === 'function' ? await database() : database;
    context.jobs = createJobs({ database: context.db, log });
    for (const kind of context.kindsBuilt) {
      context.jobs.define({
        name: buildQueues[kind],
        leaseSeconds: jobOptions.leaseSeconds,
        maxAttempts: jobOptions.maxAttempts,
        retryDelaySeconds: jobOptions.retryDelaySeconds,
        handle: (payload, job) => inTurn(context, kind, payload, job),
      });
    }
  })();
  return context.connecting;
}

/**
 * Queues a build of `kind` due in `delayMs`. A build of that kind already waiting takes this request in (one waiting
 * build per kind), so a burst builds once, and a request during a build queues exactly one more. Answers the new
 * job's id, or undefined when one was waiting.
 */
export async function requestBuild(context, trigger, kind, delayMs = context.debounceMs) {
  const id = await queue(context).enqueue(
    buildQueues[kind],
    { trigger },
    { runAt: new Date(Date.now() + delayMs), singletonKey: kind },
  );
  // The worker polls; this starts its pass as soon as the job is due.
  const timer = setTimeout(() => {
    context.wakeTimers.delete(timer);
    context.jobs.wake();
  }, delayMs + 5);
  timer.unref();
  context.wakeTimers.add(timer);
  return id;
}

/** Resolves with the first build that ends and matches `test`. */
function nextBuild(context, test) {
  return new Promise((resolve) => {
    const waiter = (record) => {
      if (!test(record)) return;
      context.waiters.delete(waiter);
      resolve(record);
    };
    context.waiters.add(waiter);
  });
}

/**
 * Queues a build of `kind` due now (the publisher must be started), and resolves with its first try's record: of
 * this new job, or, when a build of that kind was already waiting, of the next one of that kind to end.
 */
export async function buildNow(context, trigger = 'manual', kind = 'live') {
  if (kind === 'preview' && !context.previewBuild) return undefined;
  const askedAt = context.now();
  let jobId;
  const ended = nextBuild(
    context,
    (record) => record.kind === kind && (jobId ? record.jobId === jobId : record.startedAt >= askedAt),
  );
  jobId = await requestBuild(context, trigger, kind, 0);
  return ended;
}

/** Resolves once no build is waiting (due or not, a failed one waiting for its next try included) or running. */
export async function idle(context) {
  for (;;) {
    const busy = await kindsWithJobs(queue(context), context.kindsBuilt, ['queued', 'running']);
    if (busy.length === 0 && !context.running) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Stops building: a running build is stopped and its job handed back (queued again, its try not counted; the next
 * publisher builds it at once), then the database is closed when this publisher opened it.
 */
export async function stopBuilds(context) {
  const { jobs, log, database } = context;
  for (const timer of context.wakeTimers) clearTimeout(timer);
  context.wakeTimers.clear();
  if (jobs) {
    // A build takes minutes: no grace period, it is built again by the next publisher.
    await jobs.stop({ graceMilliseconds: 0 }).catch((error) => {
      // Handing back fails when a newer build of that kind already waits (one waiting job per kind): the stopped
      // job then stays running until its lease runs out and is built again after the waiting one.
      log.warn({ err: error }, 'the running build could not be handed back; its lease will run out');
    });
    for (const make of [context.build, context.previewBuild]) make?.stop?.();
    await context.runningDone;
  } else {
    for (const make of [context.build, context.previewBuild]) make?.stop?.();
  }
  if (context.db && typeof database === 'function') await context.db.close();
}
