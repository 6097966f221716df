// The publisher: Strapi's webhooks (publish, unpublish, update, delete; signed with a shared secret) trigger a
// debounced site build from the CMS into a new release directory; when it succeeds and every page's scripts are
// allowed by the policy the server will send with it, the `current` link switches to it atomically (rename of a
// symlink), the last KEEP_RELEASES are kept, and `rollback` switches back in one command. A failed build never
// replaces the live release and is kept with its log. The static server resolves `current` per request
// (infra/local/static-server.mjs `liveLink`). Builds run in workspaces of their own (site-build.mjs), never where
// anything is served. docs/decisions/0045, 0056.
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
import { assertPagesRun } from '../serving/content-security.mjs';
import { siteBuild } from './site-build.mjs';

export { siteBuild };

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const defaultReleasesDir = join(
  process.env.DATA_DIR ?? join(repositoryRoot, '.data'),
  'site-releases',
);

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

/**
 * A publisher over `releasesDir`. `build(outputDir, log)` makes a release (the site build by default; tests may
 * pass a faster one); `webhookSecret` is the shared secret Strapi's webhook sends as `Authorization: Bearer …`.
 * `checkRelease(directory)` must resolve before a release goes live (by default: every page's scripts are allowed
 * by its Content-Security-Policy).
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
}) {
  if (!webhookSecret || webhookSecret.length < 16) {
    throw new Error('PUBLISHER_WEBHOOK_SECRET must be set (16 characters or more)');
  }
  const statusFile = join(releasesDir, 'builds.json');
  const currentLink = join(releasesDir, 'current');
  const previewLink = join(releasesDir, 'preview-current');
  let builds = [];
  let timer;
  let running;
  /** Kinds of build asked for while one ran ('live', 'preview'), with their triggers. */
  const pending = new Map();
  let scheduled = new Map();

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

  /** What the site serves now, and what the preview serves: a build never writes into either. */
  const served = async () =>
    Promise.all([currentLink, previewLink].map((link) => realpath(link).catch(() => undefined)));

  /**
   * One build into its own new directory, with its log. It goes live only when it succeeded and passes
   * `checkRelease`; a failed or refused one is removed and recorded with its error.
   */
  async function runBuild(trigger, kind = 'live') {
    const { prefix, make, goLive } = kinds[kind];
    const id = newReleaseId().replace(/^r-/, prefix);
    const record = { id, kind, trigger, state: 'building', queuedAt: now(), startedAt: now() };
    builds.push(record);
    await saveStatus();
    const outputDir = join(releasesDir, id);
    const logFile = join(releasesDir, `${id}.log`);
    const log = createWriteStream(logFile);
    try {
      if ((await served()).includes(outputDir)) throw new Error(`${outputDir} is being served`);
      await make()(outputDir, log);
      await checkRelease(outputDir);
      record.state = await goLive(id);
    } catch (error) {
      record.state = 'failed';
      record.error = error instanceof Error ? error.message : String(error);
      log.write(`\n${record.error}\n`);
      await rm(outputDir, { recursive: true, force: true });
    } finally {
      await new Promise((resolve) => log.end(resolve));
      record.finishedAt = now();
      record.durationMs = record.finishedAt - record.startedAt;
      record.log = logFile;
      await saveStatus();
      await prune();
    }
    return record;
  }

  /**
   * Builds now, or right after the running build: never two at once, as they share the site's build directory.
   * Calls meanwhile build each kind once more, the live site before the preview.
   */
  function buildNow(trigger = 'manual', kind = 'live') {
    if (kind === 'preview' && !previewBuild) return Promise.resolve(undefined);
    if (running) {
      pending.set(kind, trigger);
      return running;
    }
    running = runBuild(trigger, kind).finally(() => {
      running = undefined;
      const next = pending.has('live') ? 'live' : pending.has('preview') ? 'preview' : undefined;
      if (next) {
        const nextTrigger = pending.get(next);
        pending.delete(next);
        void buildNow(nextTrigger, next);
      }
    });
    return running;
  }

  /** Schedules builds after `debounceMs` of quiet, so a burst of webhooks builds each kind once. */
  function schedule(trigger, kinds) {
    for (const kind of kinds) scheduled.set(kind, trigger);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const due = scheduled;
      scheduled = new Map();
      if (due.has('live')) void buildNow(due.get('live'), 'live');
      if (due.has('preview')) void buildNow(due.get('preview'), 'preview');
    }, debounceMs);
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
   * Loads the status, and cleans up after a publisher that stopped mid-build: its builds still marked as building
   * are recorded as interrupted, their directories removed, and a build it left running is stopped.
   */
  async function recover() {
    await mkdir(releasesDir, { recursive: true });
    await loadStatus();
    for (const make of [build, previewBuild]) await make?.recover?.();
    const interrupted = builds.filter((b) => b.state === 'building');
    for (const record of interrupted) {
      record.state = 'failed';
      record.error = 'Interrupted: the publisher stopped during this build';
      record.finishedAt = now();
      record.durationMs = record.finishedAt - record.startedAt;
      record.log = join(releasesDir, `${record.id}.log`);
    }
    if (interrupted.length > 0) await saveStatus();
    await prune();
  }

  const server = createServer(async (request, response) => {
    const send = (status, body, type = 'application/json; charset=utf-8') => {
      response.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      response.end(type.startsWith('application/json') ? JSON.stringify(body) : body);
    };
    try {
      const path = new URL(request.url ?? '/', 'http://publisher').pathname;
      if (
        request.method === 'POST' &&
        (path === '/webhooks/strapi' || path === '/rebuild' || path === '/rollback')
      ) {
        if (!authorised(request.headers.authorization))
          return send(401, { error: 'The webhook secret is missing or wrong.' });
        let body = '';
        for await (const chunk of request) {
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
            schedule(event, ['preview']);
            return send(202, { queued: ['preview'] });
          }
          if (!rebuildingEvents.has(event)) return send(202, { ignored: event });
        }
        // What is published is already in the drafts' preview (a published entry's draft is the same).
        schedule(event, ['live']);
        return send(202, { queued: ['live'] });
      }
      if (request.method === 'GET' && path === '/status.json') {
        return send(200, {
          live: await liveRelease(),
          building: Boolean(running),
          builds: builds.slice(-20).reverse(),
        });
      }
      if (request.method === 'GET' && path === '/')
        return send(200, await statusPage(), 'text/html; charset=utf-8');
      return send(404, { error: 'Not found' });
    } catch {
      if (!response.headersSent) send(500, { error: 'The publisher failed; see its log.' });
    }
  });

  async function statusPage() {
    const live = await liveRelease();
    const rows = builds
      .slice(-20)
      .reverse()
      .map(
        (b) =>
          `<tr><td>${b.id}</td><td>${b.trigger}</td><td>${b.state}${b.id === live ? ' (serving)' : ''}</td><td>${
            b.durationMs === undefined ? '…' : `${(b.durationMs / 1000).toFixed(1)} s`
          }</td><td>${b.error ? escapeHtml(b.error) : ''}</td></tr>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Site publisher</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#14162b}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #c9cbe0;overflow-wrap:anywhere}</style></head>
<body><main><h1>Site publisher</h1><p>${running ? 'A build is running.' : 'Idle.'} Live release: ${live ?? 'none yet (the site serves its own build)'}.</p>
<p>Publishing in the CMS rebuilds the site. To rebuild by hand: in the CMS, Settings → Webhooks → "Site publisher" → Trigger.</p>
<table><caption>Last builds</caption><thead><tr><th scope="col">Release</th><th scope="col">Because of</th><th scope="col">State</th><th scope="col">Duration</th><th scope="col">Error</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No build yet.</td></tr>'}</tbody></table></main></body></html>`;
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
    async start(port = 4010, host = '127.0.0.1') {
      await recover();
      await new Promise((resolve) => server.listen(port, host, resolve));
      return `http://${host}:${server.address().port}`;
    },
    /** Loads the status only (the `rollback` command, which may run next to a publisher that is building). */
    async init() {
      await mkdir(releasesDir, { recursive: true });
      await loadStatus();
    },
    /** Resolves once no build is scheduled or running (a scheduled one runs first). */
    async idle() {
      while (timer || running) {
        if (running) await running;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close() {
      clearTimeout(timer);
      for (const make of [build, previewBuild]) make?.stop?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2] ?? 'serve';
  const publisher = createPublisher({
    webhookSecret: process.env.PUBLISHER_WEBHOOK_SECRET,
    build: siteBuild({ workDir: process.env.SITE_BUILD_DIR && join(process.env.SITE_BUILD_DIR, 'live') }),
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
  } else if (command === 'serve') {
    const url = await publisher.start(Number(process.env.PUBLISHER_PORT ?? 4010));
    console.log(`Publisher: ${url} (status page), webhooks at ${url}/webhooks/strapi`);
    // A running build is stopped with the publisher (its process group would otherwise run on).
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, () => publisher.close().then(() => process.exit(0)));
    }
  } else {
    console.error('Usage: node infra/publisher/publisher.mjs <serve|rollback>');
    process.exit(2);
  }
}
