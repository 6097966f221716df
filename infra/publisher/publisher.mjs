// The publisher: Strapi's webhooks (publish, unpublish, update, delete; signed with a shared secret) queue a site
// build from the CMS into a new release directory; when it succeeds and every page's scripts are allowed by the
// policy the server will send with it, the `current` link switches to it atomically (rename of a symlink), the last
// KEEP_RELEASES are kept, and `rollback` switches back in one command. A failed build never replaces the live
// release and is kept with its log. The static server resolves `current` per request
// (infra/local/static-server.mjs `liveLink`). Builds run in workspaces of their own (site-build.mjs), never where
// anything is served. docs/decisions/0045, 0056.
//
// The build queue is the API's jobs module (docs/decisions/0059, 0067) in the publisher's own database
// (publisher-database.mjs): a webhook queues a build job of its kind (live, preview) due after the debounce, one
// waiting job per kind, so a burst builds once and a webhook during a build queues exactly one more. The jobs run
// one at a time in this process, under a lease the running build renews; a failed build is tried again with a
// doubling wait, then dead (`dead` lists them, `retry <id>` tries one again); a publisher killed mid-build leaves a
// lease that runs out, and the next publisher builds it again.
import { timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import {
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createJobs } from '@dcipher/api/jobs';
import { assertPagesRun } from '../serving/content-security.mjs';
import { openPublisherDatabase } from './publisher-database.mjs';
import { siteBuild } from './site-build.mjs';

export { siteBuild };

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const defaultReleasesDir = join(
  process.env.DATA_DIR ?? join(repositoryRoot, '.data'),
  'site-releases',
);

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

/** Events that change only the drafts: they rebuild the preview, not the live site. */
const draftEvents = new Set(['entry.create', 'entry.draft-discard']);

/** Events that can change the site. A draft's update changes nothing published, so it does not rebuild. */
const rebuildingEvents = new Set([
  'entry.publish',
  'entry.unpublish',
  'entry.update',
  'entry.delete',
  'media.update',
  'media.delete',
  'trigger-test',
]);

const releaseIdPattern = /^r-\d{8}T\d{6}\d{3}Z-\d+$/;
const previewIdPattern = /^p-\d{8}T\d{6}\d{3}Z-\d+$/;
const newReleaseId = (() => {
  let count = 0;
  return () => {
    count += 1;
    return `r-${new Date().toISOString().replace(/[-:.]/g, '')}-${count}`;
  };
})();

/** Why the jobs module aborted a build: the worker stops, or another publisher took the job over. */
const interruption = (reason) => {
  const message = String(reason?.message ?? reason ?? '');
  if (/stopping/.test(message)) return 'the publisher stopped during this build';
  if (/lease/.test(message)) return 'this publisher lost the build to another one (its lease ran out)';
  return message || 'the build was stopped';
};

const kindOfQueue = (queue) => Object.keys(buildQueues).find((kind) => buildQueues[kind] === queue);

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

/**
 * A publisher over `releasesDir`. `build(outputDir, log, { signal })` makes a release (the site build by default;
 * tests may pass a faster one), and should stop when `signal` aborts; `webhookSecret` is the shared secret Strapi's
 * webhook sends as `Authorization: Bearer …`. `checkRelease(directory)` must resolve before a release goes live (by
 * default: every page's scripts are allowed by its Content-Security-Policy). `database` is the database of the build
 * queue: an open one (left open by `close`), or a function opening one (closed by `close`; by default the embedded
 * one in `<DATA_DIR>/publisher-db`, or PostgreSQL at DATABASE_URL). `jobs` overrides `buildJobDefaults`.
 */
export function createPublisher({
  releasesDir = defaultReleasesDir,
  webhookSecret,
  build,
  previewBuild,
  checkRelease = (directory) => assertPagesRun(directory),
  keep = 5,
  debounceMs = 1500,
  now = () => Date.now(),
  database = () => openPublisherDatabase({ url: process.env.DATABASE_URL }),
  jobs: jobOptions = {},
  log = console,
}) {
  if (!webhookSecret || webhookSecret.length < 16) {
    throw new Error('PUBLISHER_WEBHOOK_SECRET must be set (16 characters or more)');
  }
  const { leaseSeconds, maxAttempts, retryDelaySeconds, pollMilliseconds } = {
    ...buildJobDefaults,
    ...jobOptions,
  };
  const statusFile = join(releasesDir, 'builds.json');
  const currentLink = join(releasesDir, 'current');
  const previewLink = join(releasesDir, 'preview-current');
  let builds = [];
  /** The build running in this process, and the promise of its job's end. */
  let running;
  let runningDone;
  /** Calls waiting for a build to end (`buildNow`). */
  const waiters = new Set();
  const wakeTimers = new Set();
  let db;
  let jobs;
  let connecting;

  const saveStatus = () => writeFile(statusFile, JSON.stringify(builds.slice(-50), null, 2));
  const loadStatus = async () => {
    builds = JSON.parse(await readFile(statusFile, 'utf8').catch(() => '[]'));
  };

  async function liveRelease() {
    return readlink(currentLink)
      .then((target) => target.split('/').pop())
      .catch(() => undefined);
  }

  /** Points `current` at a release: a new link renamed over the old one, atomic for every reader. */
  async function switchTo(releaseId, link = currentLink) {
    const temporary = join(
      releasesDir,
      `.link-${process.pid}-${now()}-${Math.random().toString(36).slice(2)}`,
    );
    await symlink(join(releasesDir, releaseId), temporary);
    await rename(temporary, link);
  }

  async function prune() {
    const live = await liveRelease();
    const preview = await readlink(previewLink)
      .then((target) => target.split('/').pop())
      .catch(() => undefined);
    for (const name of await readdir(releasesDir)) {
      if (previewIdPattern.test(name) && name !== preview) {
        await rm(join(releasesDir, name), { recursive: true, force: true });
      }
    }
    const releases = (await readdir(releasesDir)).filter((name) => releaseIdPattern.test(name)).sort();
    const succeeded = new Set(
      builds.filter((b) => b.state === 'live' || b.state === 'superseded').map((b) => b.id),
    );
    const kept = releases.filter((id) => succeeded.has(id)).slice(-keep);
    for (const id of releases) {
      if (id !== live && !kept.includes(id))
        await rm(join(releasesDir, id), { recursive: true, force: true });
    }
  }

  /** What each kind of build makes, and how it goes live: the site behind `current`, the drafts' preview behind `preview-current`. */
  const kinds = {
    live: {
      prefix: 'r-',
      make: () => build,
      async goLive(id) {
        const previous = await liveRelease();
        await switchTo(id);
        for (const other of builds) {
          if (other.id === previous && other.state === 'live') other.state = 'superseded';
        }
        return 'live';
      },
    },
    preview: {
      prefix: 'p-',
      make: () => previewBuild,
      async goLive(id) {
        await switchTo(id, previewLink);
        return 'preview ready';
      },
    },
  };
  const kindsBuilt = previewBuild ? ['live', 'preview'] : ['live'];

  /** What the site serves now, and what the preview serves: a build never writes into either. */
  const served = async () =>
    Promise.all([currentLink, previewLink].map((link) => realpath(link).catch(() => undefined)));

  /**
   * One try of a build job, into its own new directory, with its log. It goes live only when it succeeded, passes
   * `checkRelease` and still holds its job (`signal` not aborted: the publisher is not stopping, and no other
   * publisher took the job over); a failed, refused or interrupted one is removed and recorded with its error.
   */
  async function runBuild(trigger, kind, { job, signal }) {
    const { prefix, make, goLive } = kinds[kind];
    const id = newReleaseId().replace(/^r-/, prefix);
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
    builds.push(record);
    running = record;
    await saveStatus();
    const outputDir = join(releasesDir, id);
    const logFile = join(releasesDir, `${id}.log`);
    const buildLog = createWriteStream(logFile);
    try {
      if ((await served()).includes(outputDir)) throw new Error(`${outputDir} is being served`);
      signal.throwIfAborted();
      await make()(outputDir, buildLog, { signal });
      signal.throwIfAborted();
      await checkRelease(outputDir);
      signal.throwIfAborted();
      record.state = await goLive(id);
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
      running = undefined;
      await saveStatus();
      await prune();
    }
    return record;
  }

  /** Whether a build job of `kind` waits (a webhook came during this build): it builds the latest content. */
  async function buildWaiting(kind) {
    const stats = await jobs.stats();
    return stats.some((row) => row.queue === buildQueues[kind] && row.state === 'queued' && row.count > 0);
  }

  /**
   * The build job's handler. A failed build is tried again by the jobs module (thrown), unless a newer build of its
   * kind already waits: that one builds the same content and more, so this one ends here (`next: 'superseded'`).
   */
  async function handleBuild(kind, payload, { job, signal }) {
    let record;
    const done = (async () => {
      record = await runBuild(payload?.trigger ?? 'manual', kind, { job, signal });
      if (record.state !== 'failed' || signal.aborted) return;
      if (await buildWaiting(kind)) record.next = 'superseded';
      else record.next = job.attempts >= job.maxAttempts ? 'dead' : 'retry';
      await saveStatus();
    })();
    runningDone = done.catch(() => {});
    try {
      await done;
    } finally {
      if (record) for (const waiter of waiters) waiter(record);
    }
    if (record.next === 'retry' || record.next === 'dead') throw new Error(record.error);
  }

  /** The jobs module of the build queue, once `start` opened it. */
  const queue = () => {
    if (!jobs) throw new Error('The publisher is not started: call start() first');
    return jobs;
  };

  /**
   * One build at a time on this machine, whatever its kind: the jobs module gives each queue its own lane
   * (docs/decisions/0092), and a live build and a preview build side by side would share its cores and its memory.
   */
  let buildTurn = Promise.resolve();
  const inTurn = (work) => {
    const turn = buildTurn.then(work);
    buildTurn = turn.catch(() => undefined);
    return turn;
  };

  /** Opens the database and defines the build queues (once). */
  function connect() {
    connecting ??= (async () => {
      db = typeof database === 'function' ? await database() : database;
      jobs = createJobs({ database: db, log });
      for (const kind of kindsBuilt) {
        jobs.define({
          name: buildQueues[kind],
          leaseSeconds,
          maxAttempts,
          retryDelaySeconds,
          handle: (payload, context) => inTurn(() => handleBuild(kind, payload, context)),
        });
      }
    })();
    return connecting;
  }

  /**
   * Queues a build of `kind` due in `delayMs`. A build of that kind already waiting takes this request in (one
   * waiting build per kind), so a burst builds once, and a request during a build queues exactly one more.
   * Answers the new job's id, or undefined when one was waiting.
   */
  async function request(trigger, kind, delayMs = debounceMs) {
    const id = await queue().enqueue(
      buildQueues[kind],
      { trigger },
      { runAt: new Date(Date.now() + delayMs), singletonKey: kind },
    );
    // The worker polls; this starts its pass as soon as the job is due.
    const timer = setTimeout(() => {
      wakeTimers.delete(timer);
      jobs.wake();
    }, delayMs + 5);
    timer.unref();
    wakeTimers.add(timer);
    return id;
  }

  /** Resolves with the first build that ends and matches `test`. */
  function nextBuild(test) {
    return new Promise((resolve) => {
      const waiter = (record) => {
        if (!test(record)) return;
        waiters.delete(waiter);
        resolve(record);
      };
      waiters.add(waiter);
    });
  }

  /**
   * Queues a build of `kind` due now (the publisher must be started), and resolves with its first try's record:
   * of this new job, or, when a build of that kind was already waiting, of the next one of that kind to end.
   */
  async function buildNow(trigger = 'manual', kind = 'live') {
    if (kind === 'preview' && !previewBuild) return undefined;
    const askedAt = now();
    let jobId;
    const ended = nextBuild(
      (record) => record.kind === kind && (jobId ? record.jobId === jobId : record.startedAt >= askedAt),
    );
    jobId = await request(trigger, kind, 0);
    return ended;
  }

  /** Switches back to the release live before the current one; answers its id, or undefined when there is none. */
  async function rollback() {
    const live = await liveRelease();
    const candidates = builds.filter(
      (b) => (b.state === 'superseded' || b.state === 'live') && b.id !== live,
    );
    const previous = candidates.filter((b) => !live || b.id < live).pop();
    if (!previous) return undefined;
    await switchTo(previous.id);
    for (const b of builds) {
      if (b.id === live) b.state = 'rolled back';
      if (b.id === previous.id) b.state = 'live';
    }
    await saveStatus();
    return previous.id;
  }

  const authorised = (header) => {
    const expected = Buffer.from(`Bearer ${webhookSecret}`);
    const given = Buffer.from(String(header ?? ''));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /**
   * Loads the status, and cleans up after a publisher killed mid-build: the builds it left marked as building are
   * recorded as interrupted and their half-made directories removed (`current` never named them: a release is
   * switched only once built and checked), and a build process it left running is stopped. The job itself is still
   * the killed publisher's until its lease runs out; then this one takes it over and builds it again.
   */
  async function recover() {
    await mkdir(releasesDir, { recursive: true });
    await loadStatus();
    for (const make of [build, previewBuild]) await make?.recover?.();
    const interrupted = builds.filter((b) => b.state === 'building');
    for (const record of interrupted) {
      record.state = 'interrupted';
      record.error =
        'Interrupted: the publisher stopped during this build; the build runs again once its lease runs out';
      record.finishedAt = now();
      record.durationMs = record.finishedAt - record.startedAt;
      record.log = join(releasesDir, `${record.id}.log`);
      await rm(join(releasesDir, record.id), { recursive: true, force: true });
    }
    if (interrupted.length > 0) await saveStatus();
    await prune();
  }

  /** The kinds with a build waiting (queued, due or waiting for its next try). */
  async function waitingKinds() {
    const stats = await jobs.stats();
    return kindsBuilt.filter((kind) =>
      stats.some((row) => row.queue === buildQueues[kind] && row.state === 'queued' && row.count > 0),
    );
  }

  const server = createServer(async (request_, response) => {
    const send = (status, body, type = 'application/json; charset=utf-8') => {
      response.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      response.end(type.startsWith('application/json') ? JSON.stringify(body) : body);
    };
    try {
      const path = new URL(request_.url ?? '/', 'http://publisher').pathname;
      if (
        request_.method === 'POST' &&
        (path === '/webhooks/strapi' || path === '/rebuild' || path === '/rollback')
      ) {
        if (!authorised(request_.headers.authorization))
          return send(401, { error: 'The webhook secret is missing or wrong.' });
        let body = '';
        for await (const chunk of request_) {
          body += chunk;
          if (body.length > 1_000_000) return send(413, { error: 'Too large' });
        }
        if (path === '/rollback') {
          const id = await rollback();
          return id
            ? send(200, { live: id })
            : send(409, { error: 'There is no earlier release to go back to.' });
        }
        let event = 'manual';
        if (path === '/webhooks/strapi') {
          let payload;
          try {
            payload = JSON.parse(body || '{}');
          } catch {
            return send(400, { error: 'The body is not JSON.' });
          }
          event = String(payload.event ?? '');
          const draft =
            draftEvents.has(event) ||
            (event === 'entry.update' && payload.entry && !payload.entry.publishedAt);
          if (draft) {
            // Saving a draft changes nothing the site shows: only the preview.
            if (!previewBuild) return send(202, { ignored: 'draft' });
            await request(event, 'preview');
            return send(202, { queued: ['preview'] });
          }
          if (!rebuildingEvents.has(event)) return send(202, { ignored: event });
        }
        // What is published is already in the drafts' preview (a published entry's draft is the same).
        await request(event, 'live');
        return send(202, { queued: ['live'] });
      }
      if (request_.method === 'GET' && path === '/status.json') {
        return send(200, {
          live: await liveRelease(),
          building: Boolean(running),
          waiting: await waitingKinds(),
          builds: builds.slice(-20).reverse(),
          dead: await listDeadBuilds(jobs),
        });
      }
      if (request_.method === 'GET' && path === '/')
        return send(200, await statusPage(), 'text/html; charset=utf-8');
      return send(404, { error: 'Not found' });
    } catch (error) {
      log.error({ err: error }, 'the publisher failed to answer');
      if (!response.headersSent) send(500, { error: 'The publisher failed; see its log.' });
    }
  });

  const stateText = (b, live) => {
    let text = `${b.state}${b.id === live ? ' (serving)' : ''}`;
    if (b.attempt > 1 || b.next) text += ` — try ${b.attempt} of ${b.maxAttempts}`;
    if (b.next === 'retry') text += ', tried again';
    if (b.next === 'dead') text += ', dead';
    if (b.next === 'superseded') text += ', a newer build follows';
    return text;
  };

  async function statusPage() {
    const live = await liveRelease();
    const waiting = await waitingKinds();
    const dead = await listDeadBuilds(jobs);
    const rows = builds
      .slice(-20)
      .reverse()
      .map(
        (b) =>
          `<tr><td>${b.id}</td><td>${escapeHtml(b.trigger)}</td><td>${escapeHtml(stateText(b, live))}</td><td>${
            b.durationMs === undefined ? '…' : `${(b.durationMs / 1000).toFixed(1)} s`
          }</td><td>${b.error ? escapeHtml(b.error) : ''}</td></tr>`,
      )
      .join('');
    const deadRows = dead
      .map(
        (job) =>
          `<tr><td>${job.id}</td><td>${job.kind}</td><td>${escapeHtml(job.trigger)}</td><td>${job.attempts}</td><td>${escapeHtml(job.lastError ?? '')}</td></tr>`,
      )
      .join('');
    const deadTable = dead.length
      ? `<table><caption>Dead builds (out of tries): <code>node infra/publisher/publisher.mjs retry &lt;id&gt;</code> tries one again</caption><thead><tr><th scope="col">Job</th><th scope="col">Kind</th><th scope="col">Because of</th><th scope="col">Tries</th><th scope="col">Last error</th></tr></thead><tbody>${deadRows}</tbody></table>`
      : '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Site publisher</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#14162b}table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #c9cbe0;overflow-wrap:anywhere}caption{text-align:left;font-weight:600}</style></head>
<body><main><h1>Site publisher</h1><p>${running ? 'A build is running.' : 'Idle.'}${waiting.length ? ` Waiting: ${waiting.join(', ')}.` : ''} Live release: ${live ?? 'none yet (the site serves its own build)'}.</p>
<p>Publishing in the CMS rebuilds the site. To rebuild by hand: in the CMS, Settings → Webhooks → "Site publisher" → Trigger.</p>
<table><caption>Last builds</caption><thead><tr><th scope="col">Release</th><th scope="col">Because of</th><th scope="col">State</th><th scope="col">Duration</th><th scope="col">Error</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No build yet.</td></tr>'}</tbody></table>${deadTable}</main></body></html>`;
  }

  return {
    server,
    buildNow,
    rollback,
    liveRelease,
    currentLink,
    previewLink,
    get builds() {
      return builds;
    },
    /** The dead builds (the publisher must be started). */
    deadBuilds: () => listDeadBuilds(queue()),
    /** Gives a dead build its tries again (the publisher must be started): see `retryDeadBuild`. */
    retryBuild: async (jobId) => {
      const answer = await retryDeadBuild(queue(), jobId);
      if (answer.retried) jobs.wake();
      return answer;
    },
    /** Opens the database, recovers from a killed publisher, starts the build worker, then listens. */
    async start(port = 4010, host = '127.0.0.1') {
      await connect();
      await recover();
      jobs.start({ pollMilliseconds });
      await new Promise((resolve) => server.listen(port, host, resolve));
      return `http://${host}:${server.address().port}`;
    },
    /** Loads the status only (the `rollback` command, which may run next to a publisher that is building). */
    async init() {
      await mkdir(releasesDir, { recursive: true });
      await loadStatus();
    },
    /** Resolves once no build is waiting (due or not, a failed one waiting for its next try included) or running. */
    async idle() {
      for (;;) {
        const stats = await queue().stats();
        const busy = stats.some(
          (row) =>
            kindsBuilt.some((kind) => buildQueues[kind] === row.queue) &&
            (row.state === 'queued' || row.state === 'running') &&
            row.count > 0,
        );
        if (!busy && !running) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /**
     * Stops: no more webhooks, a running build is stopped and its job handed back (queued again, its try not
     * counted; the next publisher builds it at once), then the database is closed when this publisher opened it.
     */
    async close() {
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      const serverClosed = new Promise((resolve) => server.close(() => resolve()));
      if (jobs) {
        // A build takes minutes: no grace period, it is built again by the next publisher.
        await jobs.stop({ graceMilliseconds: 0 }).catch((error) => {
          // Handing back fails when a newer build of that kind already waits (one waiting job per kind): the
          // stopped job then stays running until its lease runs out and is built again after the waiting one.
          log.warn({ err: error }, 'the running build could not be handed back; its lease will run out');
        });
        for (const make of [build, previewBuild]) make?.stop?.();
        await runningDone;
      } else {
        for (const make of [build, previewBuild]) make?.stop?.();
      }
      if (db && typeof database === 'function') await db.close();
      await serverClosed;
    },
  };
}

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const usage = 'Usage: node infra/publisher/publisher.mjs <serve | rollback | dead | retry <job id>>';

/** `dead` and `retry`: the dead builds of the publisher's database (stop a publisher on the embedded one first). */
async function deadLetterCommand(command, argument) {
  const database = await openPublisherDatabase({ url: process.env.DATABASE_URL });
  try {
    const jobs = createJobs({ database, log: console });
    if (command === 'dead') {
      const dead = await listDeadBuilds(jobs);
      if (dead.length === 0) console.log('No dead builds.');
      for (const job of dead) {
        console.log(
          `${job.id}  ${job.kind}  ${job.trigger}  ${job.attempts} tries  last error: ${job.lastError ?? '-'}`,
        );
      }
      return 0;
    }
    if (!argument || !/^[0-9a-f-]{36}$/i.test(argument)) {
      console.error(usage);
      return 2;
    }
    const answer = await retryDeadBuild(jobs, argument);
    if (answer.retried) {
      console.log(`Build ${argument} (${answer.kind}) is queued again: a running publisher builds it now.`);
      return 0;
    }
    console.error(answer.reason);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2] ?? 'serve';
  if (command === 'dead' || command === 'retry') {
    try {
      process.exitCode = await deadLetterCommand(command, process.argv[3]);
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    }
  } else if (command === 'rollback' || command === 'serve') {
    const publisher = createPublisher({
      webhookSecret: process.env.PUBLISHER_WEBHOOK_SECRET,
      build: siteBuild({
        workDir: process.env.SITE_BUILD_DIR && join(process.env.SITE_BUILD_DIR, 'live'),
      }),
      // The drafts' preview too, when asked for (PUBLISHER_PREVIEWS=on; its pages are served by preview-server.mjs).
      ...(process.env.PUBLISHER_PREVIEWS === 'on' && {
        previewBuild: siteBuild({
          env: { ...process.env, CMS_PREVIEW: 'drafts' },
          workDir: process.env.SITE_BUILD_DIR && join(process.env.SITE_BUILD_DIR, 'preview'),
        }),
      }),
      keep: Number(process.env.KEEP_RELEASES ?? 5),
      ...(process.env.RELEASES_DIR && { releasesDir: process.env.RELEASES_DIR }),
    });
    if (command === 'rollback') {
      await publisher.init();
      const id = await publisher.rollback();
      console.log(id ? `Rolled back: ${id} is live.` : 'There is no earlier release to go back to.');
      process.exit(id ? 0 : 1);
    }
    let url;
    try {
      url = await publisher.start(Number(process.env.PUBLISHER_PORT ?? 4010));
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
    console.log(`Publisher: ${url} (status page), webhooks at ${url}/webhooks/strapi`);
    // A running build is stopped with the publisher (its process group would otherwise run on) and handed back.
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, () => publisher.close().then(() => process.exit(0)));
    }
  } else {
    console.error(usage);
    process.exit(2);
  }
}
