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
//
// Each step is a module of its own taking the publisher's context (docs/decisions/0123): publisher-context.mjs
// (options, defaults, shared state), build-jobs.mjs (queues, waiting kinds, dead builds), build-queue.mjs (open,
// request, build now, idle, stop), run-build.mjs (one try, its handler, recovery), releases.mjs (directories, links,
// prune, rollback), build-history.mjs (builds.json), publisher-server.mjs (webhook intake, status.json) and
// status-page.mjs. createPublisher binds them to one context; this file is also the command.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createJobs } from '@dcipher/api/jobs';
import { loadStatus } from './build-history.mjs';
import { listDeadBuilds, retryDeadBuild } from './build-jobs.mjs';
import { buildNow, connect, idle, queue, stopBuilds } from './build-queue.mjs';
import { createPublisherContext } from './publisher-context.mjs';
import { openPublisherDatabase } from './publisher-database.mjs';
import { createPublisherServer } from './publisher-server.mjs';
import { liveRelease, rollback } from './releases.mjs';
import { recover } from './run-build.mjs';
import { siteBuild, workspaceDirectory } from './site-build.mjs';

export { buildJobDefaults, buildQueues, listDeadBuilds, retryDeadBuild } from './build-jobs.mjs';
export { defaultReleasesDir } from './publisher-context.mjs';
export { siteBuild };

/**
 * A publisher over `releasesDir`. `build(outputDir, log, { signal })` makes a release (the site build by default;
 * tests may pass a faster one), and should stop when `signal` aborts; `webhookSecret` is the shared secret Strapi's
 * webhook sends as `Authorization: Bearer …`. `checkRelease(directory)` must resolve before a release goes live (by
 * default: every page's scripts are allowed by its Content-Security-Policy). `database` is the database of the build
 * queue: an open one (left open by `close`), or a function opening one (closed by `close`; by default the embedded
 * one in `<DATA_DIR>/publisher-db`, or PostgreSQL at DATABASE_URL). `jobs` overrides `buildJobDefaults`.
 */
export function createPublisher(options) {
  const context = createPublisherContext(options);
  const server = createPublisherServer(context);
  return {
    server,
    buildNow: (trigger, kind) => buildNow(context, trigger, kind),
    rollback: () => rollback(context),
    liveRelease: () => liveRelease(context),
    currentLink: context.currentLink,
    previewLink: context.previewLink,
    get builds() {
      return context.builds;
    },
    /** The dead builds (the publisher must be started). */
    deadBuilds: () => listDeadBuilds(queue(context)),
    /** Gives a dead build its tries again (the publisher must be started): see `retryDeadBuild`. */
    retryBuild: async (jobId) => {
      const answer = await retryDeadBuild(queue(context), jobId);
      if (answer.retried) context.jobs.wake();
      return answer;
    },
    /** Opens the database, recovers from a killed publisher, starts the build worker, then listens. */
    async start(port = 4010, host = '127.0.0.1') {
      await connect(context);
      await recover(context);
      context.jobs.start({ pollMilliseconds: context.jobOptions.pollMilliseconds });
      await new Promise((resolve) => server.listen(port, host, resolve));
      return `http://${host}:${server.address().port}`;
    },
    /** Loads the status only (the `rollback` command, which may run next to a publisher that is building). */
    async init() {
      await mkdir(context.releasesDir, { recursive: true });
      await loadStatus(context);
    },
    /** Resolves once no build is waiting (due or not, a failed one waiting for its next try included) or running. */
    idle: () => idle(context),
    /** Stops: no more webhooks, a running build is stopped and handed back (`stopBuilds`), the database closed. */
    async close() {
      const serverClosed = new Promise((resolve) => server.close(() => resolve()));
      await stopBuilds(context);
      await serverClosed;
    },
  };
}

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

/** A whole number of seconds from the environment, at least 3 (the lease is renewed every third of it). */
function positiveSeconds(name) {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value < 3) {
    console.error(`${name} must be a whole number of seconds, 3 or more.`);
    process.exit(2);
  }
  return value;
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
        workDir: workspaceDirectory('live', process.env.SITE_BUILD_NAME),
      }),
      // The drafts' preview too, when asked for (PUBLISHER_PREVIEWS=on; its pages are served by preview-server.mjs).
      ...(process.env.PUBLISHER_PREVIEWS === 'on' && {
        previewBuild: siteBuild({
          env: { ...process.env, CMS_PREVIEW: 'drafts' },
          workDir: workspaceDirectory('preview', process.env.SITE_BUILD_NAME),
        }),
      }),
      keep: Number(process.env.KEEP_RELEASES ?? 5),
      // How long a killed publisher's build waits before another publisher takes it over (buildJobDefaults'
      // minute unless set): the CMS test shortens it rather than sleep a minute out (issue 33).
      ...(process.env.PUBLISHER_LEASE_SECONDS && {
        jobs: { leaseSeconds: positiveSeconds('PUBLISHER_LEASE_SECONDS') },
      }),
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
