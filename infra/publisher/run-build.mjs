// One build job's run (docs/decisions/0045, 0067, 0123): into a new directory of its own, with its log, checked, then
// live; a failure recorded and tried again by the jobs module (or superseded by a newer build waiting); and the
// clean-up after a publisher killed mid-build.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadStatus, saveStatus } from './build-history.mjs';
import { kindsWithJobs } from './build-jobs.mjs';
import { buildKinds, newBuildId, prune, served } from './releases.mjs';

/** Why the jobs module aborted a build: the worker stops, or another publisher took the job over. */
const interruption = (reason) => {
  const message = String(reason?.message ?? reason ?? '');
  if (/stopping/.test(message)) return 'the publisher stopped during this build';
  if (/lease/.test(message)) return 'this publisher lost the build to another one (its lease ran out)';
  if (/live build goes first/.test(message)) return 'a live build went first';
  return message || 'the build was stopped';
};

/**
 * One try of a build job, into its own new directory, with its log. It goes live only when it succeeded, passes
 * `checkRelease` and still holds its job (`signal` not aborted: the publisher is not stopping, and no other
 * publisher took the job over); a failed, refused or interrupted one is removed and recorded with its error.
 */
async function runBuild(context, trigger, kind, { job, signal }) {
  const { releasesDir, now, checkRelease } = context;
  const { prefix, make, goLive } = buildKinds[kind];
  const id = newBuildId(prefix);
  const record = {
    id,
    kind,
    trigger,
    state: 'building',
    jobId: job.id,
    attempt: job.attempts,
    maxAttempts: job.maxAttempts,
    queuedAt: job.createdAt.getTime(),
    startedAt: now(),
  };
  context.builds.push(record);
  context.running = record;
  await saveStatus(context);
  const outputDir = join(releasesDir, id);
  const logFile = join(releasesDir, `${id}.log`);
  const buildLog = createWriteStream(logFile);
  try {
    if ((await served(context)).includes(outputDir)) throw new Error(`${outputDir} is being served`);
    signal.throwIfAborted();
    await make(context)(outputDir, buildLog, { signal });
    signal.throwIfAborted();
    await checkRelease(outputDir);
    signal.throwIfAborted();
    record.state = await goLive(context, id);
  } catch (error) {
    if (signal.aborted) {
      record.state = 'interrupted';
      record.error = `Interrupted: ${interruption(signal.reason)}; the build runs again`;
    } else {
      record.state = 'failed';
      record.error = error instanceof Error ? error.message : String(error);
    }
    buildLog.write(`\n${record.error}\n`);
    await rm(outputDir, { recursive: true, force: true });
  } finally {
    await new Promise((resolve) => buildLog.end(resolve));
    record.finishedAt = now();
    record.durationMs = record.finishedAt - record.startedAt;
    record.log = logFile;
    context.running = undefined;
    await saveStatus(context);
    await prune(context);
  }
  return record;
}

/**
 * The build job's handler. A failed build is tried again by the jobs module (thrown), unless a newer build of its
 * kind already waits: that one builds the same content and more, so this one ends here (`next: 'superseded'`).
 */
export async function handleBuild(context, kind, payload, { job, signal }) {
  let record;
  const done = (async () => {
    record = await runBuild(context, payload?.trigger ?? 'manual', kind, { job, signal });
    if (record.state !== 'failed' || signal.aborted) return;
    if ((await kindsWithJobs(context.jobs, [kind])).length > 0) record.next = 'superseded';
    else record.next = job.attempts >= job.maxAttempts ? 'dead' : 'retry';
    await saveStatus(context);
  })();
  context.runningDone = done.catch(() => {});
  try {
    await done;
  } finally {
    if (record) for (const waiter of context.waiters) waiter(record);
  }
  if (record.next === 'retry' || record.next === 'dead') throw new Error(record.error);
}

/**
 * Loads the status, and cleans up after a publisher killed mid-build: the builds it left marked as building are
 * recorded as interrupted and their half-made directories removed (`current` never named them: a release is
 * switched only once built and checked), and a build process it left running is stopped. The job itself is still
 * the killed publisher's until its lease runs out; then this one takes it over and builds it again.
 */
export async function recover(context) {
  const { releasesDir, now } = context;
  await mkdir(releasesDir, { recursive: true });
  await loadStatus(context);
  for (const make of [context.build, context.previewBuild]) await make?.recover?.();
  const interrupted = context.builds.filter((b) => b.state === 'building');
  for (const record of interrupted) {
    record.state = 'interrupted';
    record.error =
      'Interrupted: the publisher stopped during this build; the build runs again once its lease runs out';
    record.finishedAt = now();
    record.durationMs = record.finishedAt - record.startedAt;
    record.log = join(releasesDir, `${record.id}.log`);
    await rm(join(releasesDir, record.id), { recursive: true, force: true });
  }
  if (interrupted.length > 0) await saveStatus(context);
  await prune(context);
}
