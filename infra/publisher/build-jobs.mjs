// The build queue's jobs (docs/decisions/0059, 0067, 0123): one queue of the jobs module per kind of build, how they
// run, which kinds have a build waiting, and the dead builds (out of tries) with their retry.

/** The jobs module's queue of each kind of build: one queue per kind, so each kind has its own waiting job. */
export const buildQueues = { live: 'site.build.live', preview: 'site.build.preview' };

/**
 * How build jobs run. A build takes ~40 s to 5 min; its lease is renewed every third of `leaseSeconds` while it
 * runs, so the lease only bounds how long a killed publisher's build waits before another publisher takes it over.
 * A failed build is tried again after `retryDelaySeconds`, then twice that, and is dead after `maxAttempts` tries.
 */
export const buildJobDefaults = {
  leaseSeconds: 60,
  maxAttempts: 3,
  retryDelaySeconds: 60,
  pollMilliseconds: 1000,
};

const kindOfQueue = (queue) => Object.keys(buildQueues).find((kind) => buildQueues[kind] === queue);

/**
 * The kinds among `kinds` with a build job in one of `states` (`queued`: waiting, due or for its next try;
 * `running`).
 */
export async function kindsWithJobs(jobs, kinds, states = ['queued']) {
  const stats = await jobs.stats();
  return kinds.filter((kind) =>
    stats.some((row) => row.queue === buildQueues[kind] && states.includes(row.state) && row.count > 0),
  );
}

/** The dead build jobs (out of tries), newest first, with their kind, trigger and last error. */
export async function listDeadBuilds(jobs) {
  const dead = [];
  for (const queue of Object.values(buildQueues)) dead.push(...(await jobs.listDead({ queue })));
  return dead
    .map((job) => ({
      id: job.id,
      kind: kindOfQueue(job.queue),
      trigger: job.payload?.trigger ?? 'manual',
      attempts: job.attempts,
      lastError: job.lastError,
      queuedAt: job.createdAt.getTime(),
    }))
    .sort((a, b) => b.queuedAt - a.queuedAt);
}

/**
 * Gives a dead build its tries again, due now. Answers `{ retried: true }`, or `{ retried: false, reason }` when no
 * dead build has that id, or when a build of its kind is already waiting (which builds the latest content anyway).
 */
export async function retryDeadBuild(jobs, jobId) {
  const dead = (await listDeadBuilds(jobs)).find((job) => job.id === jobId);
  if (!dead) return { retried: false, reason: `No dead build has the id ${jobId}.` };
  try {
    if (await jobs.retryDead(jobId)) return { retried: true, kind: dead.kind };
    return { retried: false, reason: `No dead build has the id ${jobId}.` };
  } catch (error) {
    // One waiting job per kind (the jobs table's singleton index): the waiting one builds what this one would.
    if (error?.code === '23505' || /jobs_singleton_index/.test(String(error?.message))) {
      return {
        retried: false,
        reason: `A ${dead.kind} build is already waiting; it builds the latest content, so ${jobId} is not needed.`,
      };
    }
    throw error;
  }
}
