import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { jobsMigrations } from '@dcipher/api/jobs';
import { createStaticServer } from '../local/static-server.mjs';
import { contentSecurityPolicy, securePage } from '../serving/content-security.mjs';
import { siteRules } from '../serving/static-rules.mjs';
import { createPublisher } from './publisher.mjs';
import { openPublisherDatabase } from './publisher-database.mjs';

const secret = 'publisher-test-secret-0123456789';
const publisherScript = join(import.meta.dirname, 'publisher.mjs');
const quiet = { info() {}, warn() {}, error() {} };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A publisher's database made once for this file (an embedded one, migrated), whose directory each test copies: a
 * new embedded database takes PostgreSQL's initdb, about 5 s of CPU each, and a copy opens in under one (issue 33).
 * The test of what a new database holds ("its database") makes its own.
 */
let templateDir;
async function template() {
  templateDir ??= (async () => {
    const directory = join(await mkdtemp(join(tmpdir(), 'publisher-template-')), 'publisher-db');
    const database = await openPublisherDatabase({ directory });
    await database.close();
    return directory;
  })();
  return templateDir;
}
after(async () => {
  if (templateDir) await rm(join(await templateDir, '..'), { recursive: true, force: true });
});

/** `directory` made a copy of the template: a migrated publisher's database, nobody's yet. */
async function databaseAt(directory) {
  await cp(await template(), directory, { recursive: true });
  return directory;
}

/** A database with the jobs module's tables, opened: the build queue of one suite. */
async function queueDatabase() {
  return openPublisherDatabase({
    directory: await databaseAt(join(await mkdtemp(join(tmpdir(), 'publisher-queue-')), 'publisher-db')),
  });
}

/** Waits until `condition()` holds (polled), or fails after `ms`: a bound against a hang, not a speed expected. */
async function until(condition, what, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await pause(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A stand-in for the site build (the real one is exercised by cms-publish.e2e.mjs): a page naming its version. */
function fakeBuild() {
  const state = { version: 1, fail: false, calls: 0 };
  const build = async (outputDir, log) => {
    state.calls += 1;
    log.write(`building version ${state.version}\n`);
    if (state.fail) throw new Error('gatsby build exited with 1');
    await mkdir(outputDir, { recursive: true });
    await writeFile(
      join(outputDir, 'index.html'),
      `<!doctype html><title>v${state.version}</title><p>version ${state.version}</p>`,
    );
    await writeFile(join(outputDir, '404.html'), '<!doctype html><title>Not found</title>');
  };
  return { state, build };
}

/** The publisher's command (`dead`, `retry <id>`) on the embedded database under `dataDir`. */
function command(args, dataDir) {
  const child = spawn(process.execPath, [publisherScript, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const webhookTo =
  (url) =>
  (body, authorization = `Bearer ${secret}`) =>
    fetch(`${url}/webhooks/strapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      body: JSON.stringify(body),
    });
const published = { event: 'entry.publish', entry: { publishedAt: '2026-11-25T10:00:00Z' } };

/**
 * A started publisher with both kinds of build on `database`, quick to debounce and poll, and a poster of webhooks
 * to it answering their JSON.
 */
async function startPreviewPublisher({ releasesDir, build, previewBuild, database }) {
  const publisher = createPublisher({
    releasesDir,
    webhookSecret: secret,
    build,
    previewBuild,
    debounceMs: 20,
    database,
    jobs: { pollMilliseconds: 50 },
    log: quiet,
  });
  const url = await publisher.start(0);
  const post = (body) => webhookTo(url)(body).then((response) => response.json());
  return { publisher, post };
}

describe('publisher', () => {
  let releasesDir;
  let database;
  let publisher;
  let url;
  let site;
  let siteUrl;
  const fake = fakeBuild();

  before(async () => {
    releasesDir = await mkdtemp(join(tmpdir(), 'releases-'));
    database = await queueDatabase();
    publisher = createPublisher({
      releasesDir,
      webhookSecret: secret,
      build: fake.build,
      keep: 2,
      // Long enough for the burst below to arrive within it, however loaded the machine.
      debounceMs: 1000,
      database,
      jobs: { maxAttempts: 1, pollMilliseconds: 50 },
      log: quiet,
    });
    url = await publisher.start(0);
    const builtRoot = await mkdtemp(join(tmpdir(), 'public-'));
    await writeFile(
      join(builtRoot, 'index.html'),
      '<!doctype html><title>own</title><p>the site’s own build</p>',
    );
    site = createStaticServer({ root: builtRoot, liveLink: join(releasesDir, 'current'), rules: siteRules });
    await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${site.address().port}`;
  });
  after(async () => {
    await publisher.close();
    await database.close();
    site.close();
  });

  const webhook = (...args) => webhookTo(url)(...args);
  const served = async () => (await (await fetch(siteUrl)).text()).match(/<p>(.*?)<\/p>/)?.[1];

  it('refuses unsigned and wrongly signed webhooks, building nothing', async () => {
    assert.equal((await webhook({ event: 'entry.publish' }, '')).status, 401);
    assert.equal((await webhook({ event: 'entry.publish' }, 'Bearer wrong-secret-0123456789ab')).status, 401);
    await publisher.idle();
    assert.equal(fake.state.calls, 0);
    assert.equal(await served(), 'the site’s own build', 'before any release the site serves its own build');
  });

  it('builds once for a burst of publishes and switches the live site to the new release', async () => {
    for (const event of ['entry.publish', 'entry.update', 'entry.publish']) {
      assert.equal((await webhook({ ...published, event })).status, 202);
    }
    const waiting = await (await fetch(`${url}/status.json`)).json();
    assert.deepEqual(waiting.waiting, ['live'], 'one build waits for the debounce');
    await publisher.idle();
    assert.equal(fake.state.calls, 1);
    assert.equal(await served(), 'version 1');
    const status = await (await fetch(`${url}/status.json`)).json();
    assert.equal(status.builds[0].state, 'live');
    assert.equal(status.builds[0].trigger, 'entry.publish');
    assert.equal(status.builds[0].attempt, 1);
    assert.ok(status.builds[0].durationMs >= 0);
    assert.ok(
      status.builds[0].startedAt - status.builds[0].queuedAt >= 900,
      'built after the debounce, counted from the first webhook',
    );
    assert.deepEqual(status.waiting, []);
  });

  it('ignores a draft being saved and events that change nothing published', async () => {
    assert.deepEqual(await (await webhook({ event: 'entry.update', entry: { publishedAt: null } })).json(), {
      ignored: 'draft',
    });
    assert.equal((await webhook({ event: 'entry.create', entry: {} })).status, 202);
    await publisher.idle();
    assert.equal(fake.state.calls, 1);
  });

  it('keeps the live release when a build fails, and records the failure with its log', async () => {
    fake.state.version = 2;
    fake.state.fail = true;
    const failed = await publisher.buildNow('entry.publish');
    assert.equal(failed.state, 'failed');
    assert.equal(failed.error, 'gatsby build exited with 1');
    assert.equal(failed.next, 'dead', 'one try only in this suite');
    assert.match(await readFile(failed.log, 'utf8'), /building version 2/);
    assert.equal(await served(), 'version 1');
    const page = await (await fetch(url)).text();
    assert.match(page, /<h1>Site publisher<\/h1>/);
    assert.match(page, /failed/);
    assert.match(page, /Dead builds/);
  });

  it('goes live with the next good build, keeps the last releases, and rolls back in one call', async () => {
    fake.state.fail = false;
    fake.state.version = 3;
    assert.equal((await publisher.buildNow('entry.publish')).state, 'live');
    assert.equal(await served(), 'version 3');
    assert.equal((await fetch(`${url}/rollback`, { method: 'POST' })).status, 401);
    const back = await fetch(`${url}/rollback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    });
    assert.equal(back.status, 200);
    assert.equal(await served(), 'version 1');
    assert.equal(await publisher.rollback(), undefined, 'nothing earlier than the first release');
  });
});

describe('publisher: the build queue', () => {
  let database;
  before(async () => {
    database = await queueDatabase();
  });
  after(() => database.close());

  /** A build that waits for `release()` before it ends, failing while `failing` is above zero. */
  function gatedBuild() {
    const state = { calls: 0, building: 0, overlapped: false, failing: 0, gate: undefined };
    const open = () => {
      let release;
      state.gate = new Promise((resolve) => {
        release = resolve;
      });
      state.release = release;
    };
    open();
    const build = async (outputDir) => {
      state.calls += 1;
      state.building += 1;
      if (state.building > 1) state.overlapped = true;
      await state.gate;
      open();
      state.building -= 1;
      if (state.failing > 0) {
        state.failing -= 1;
        throw new Error('gatsby build exited with 1');
      }
      await mkdir(outputDir, { recursive: true });
      await writeFile(join(outputDir, 'index.html'), `<!doctype html><title>v</title><p>${state.calls}</p>`);
    };
    return { state, build };
  }

  it('a webhook during a build queues exactly one more build, and builds never overlap', async () => {
    const gated = gatedBuild();
    const publisher = createPublisher({
      releasesDir: await mkdtemp(join(tmpdir(), 'releases-queue-')),
      webhookSecret: secret,
      build: gated.build,
      debounceMs: 20,
      database,
      jobs: { pollMilliseconds: 50 },
      log: quiet,
    });
    const webhook = webhookTo(await publisher.start(0));
    try {
      await webhook(published);
      await until(() => gated.state.calls === 1, 'the first build');
      for (let index = 0; index < 4; index += 1) assert.equal((await webhook(published)).status, 202);
      gated.state.release();
      await until(() => gated.state.calls === 2, 'the second build');
      gated.state.release();
      await publisher.idle();
      assert.equal(gated.state.calls, 2, 'four webhooks during a build: one build more');
      assert.equal(gated.state.overlapped, false);
      assert.deepEqual(
        publisher.builds.map((build) => build.state),
        ['superseded', 'live'],
      );
    } finally {
      gated.state.release();
      await publisher.close();
    }
  });

  it('a build that fails while a newer one waits is not tried again: the newer one builds', async () => {
    const gated = gatedBuild();
    gated.state.failing = 1;
    const publisher = createPublisher({
      releasesDir: await mkdtemp(join(tmpdir(), 'releases-superseded-')),
      webhookSecret: secret,
      build: gated.build,
      debounceMs: 20,
      database,
      jobs: { pollMilliseconds: 50, retryDelaySeconds: 0.05 },
      log: quiet,
    });
    const webhook = webhookTo(await publisher.start(0));
    try {
      await webhook(published);
      await until(() => gated.state.calls === 1, 'the first build');
      await webhook(published);
      gated.state.release();
      await until(() => gated.state.calls === 2, 'the second build');
      gated.state.release();
      await publisher.idle();
      await pause(200);
      assert.equal(gated.state.calls, 2, 'the failed one is not tried again');
      assert.deepEqual(
        publisher.builds.map((build) => [build.state, build.next]),
        [
          ['failed', 'superseded'],
          ['live', undefined],
        ],
      );
      assert.deepEqual(await publisher.deadBuilds(), []);
    } finally {
      gated.state.release();
      await publisher.close();
    }
  });
});

describe('publisher: its database (decision 0117)', () => {
  it("holds the jobs module's tables and none of the API's schema", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'publisher-schema-'));
    const database = await openPublisherDatabase({ directory: join(dataDir, 'publisher-db') });
    try {
      const { rows } = await database.execute(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
        [],
      );
      assert.deepEqual(
        rows.map((row) => row.table_name),
        ['jobs', 'schema_migrations'],
      );
      const applied = await database.execute('select version from schema_migrations order by version', []);
      assert.deepEqual(
        applied.rows.map((row) => row.version),
        jobsMigrations.map((migration) => migration.version),
      );
    } finally {
      await database.close();
    }
  });
});

describe('publisher: retries and dead builds', () => {
  it('a failing build is tried again after a wait, then dead; `dead` lists it, `retry` queues it again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'publisher-dead-'));
    await databaseAt(join(dataDir, 'publisher-db'));
    const releasesDir = join(dataDir, 'site-releases');
    const fake = fakeBuild();
    fake.state.fail = true;
    const options = {
      releasesDir,
      webhookSecret: secret,
      build: fake.build,
      debounceMs: 10,
      database: () => openPublisherDatabase({ directory: join(dataDir, 'publisher-db') }),
      jobs: { maxAttempts: 2, retryDelaySeconds: 0.3, pollMilliseconds: 50 },
      log: quiet,
    };
    let publisher = createPublisher(options);
    try {
      const url = await publisher.start(0);
      await webhookTo(url)(published);
      await until(async () => (await publisher.deadBuilds()).length === 1, 'the build to be dead');
      const [first, second] = publisher.builds;
      assert.equal(publisher.builds.length, 2);
      assert.deepEqual(
        [first.state, first.attempt, first.next, second.state, second.attempt, second.next],
        ['failed', 1, 'retry', 'failed', 2, 'dead'],
      );
      assert.equal(first.jobId, second.jobId, 'two tries of one job');
      assert.ok(second.startedAt - first.finishedAt >= 250, 'the second try waited');
      const [dead] = (await (await fetch(`${url}/status.json`)).json()).dead;
      assert.deepEqual(
        { id: dead.id, kind: dead.kind, attempts: dead.attempts, lastError: dead.lastError },
        { id: first.jobId, kind: 'live', attempts: 2, lastError: 'gatsby build exited with 1' },
      );
      assert.match(await (await fetch(url)).text(), new RegExp(`Dead builds.*${dead.id}`, 's'));

      // The embedded database has one user: the commands refuse while the publisher runs.
      const refused = await command(['dead'], dataDir);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /in use by process \d+.*stop that publisher first/);
      await publisher.close();

      const listed = await command(['dead'], dataDir);
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(
        listed.stdout,
        new RegExp(
          `${dead.id} {2}live {2}entry.publish {2}2 tries {2}last error: gatsby build exited with 1`,
        ),
      );
      const retried = await command(['retry', dead.id], dataDir);
      assert.equal(retried.code, 0, retried.stderr);
      assert.match(retried.stdout, /is queued again/);
      const again = await command(['retry', dead.id], dataDir);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /No dead build has the id/);

      // The next publisher builds it, with its tries back.
      fake.state.fail = false;
      publisher = createPublisher(options);
      await publisher.start(0);
      await publisher.idle();
      const built = publisher.builds.at(-1);
      assert.deepEqual([built.jobId, built.state, built.attempt], [dead.id, 'live', 1]);
      assert.deepEqual(await publisher.deadBuilds(), []);
    } finally {
      await publisher.close();
    }
  });
});

describe('publisher: killed in the middle of a build', () => {
  it('the next publisher builds it again once the lease runs out, and it goes live once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'publisher-killed-'));
    const releasesDir = join(dataDir, 'site-releases');
    const directory = await databaseAt(join(dataDir, 'publisher-db'));
    // The first publisher, in a process of its own: its build never ends, and the process is killed during it.
    const first = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
        import { mkdir, writeFile } from 'node:fs/promises';
        import { join } from 'node:path';
        const { createPublisher } = await import(${JSON.stringify(pathToFileURL(publisherScript).href)});
        const { openPublisherDatabase } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'publisher-database.mjs')).href)});
        const publisher = createPublisher({
          releasesDir: ${JSON.stringify(releasesDir)},
          webhookSecret: ${JSON.stringify(secret)},
          database: () => openPublisherDatabase({ directory: ${JSON.stringify(directory)} }),
          jobs: { leaseSeconds: 2, pollMilliseconds: 50 },
          log: { info() {}, warn() {}, error() {} },
          build: async (outputDir) => {
            await mkdir(outputDir, { recursive: true });
            await writeFile(join(outputDir, 'index.html'), 'half a page');
            console.log('building');
            await new Promise(() => {});
          },
        });
        await publisher.start(0);
        void publisher.buildNow('entry.publish');
        `,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    first.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise((resolve) => first.once('exit', resolve));
    let interrupted;
    try {
      // The child opens and migrates its own database first, which a loaded machine makes slow: the wait is for
      // its word or its exit, with a bound only against a hang.
      await Promise.race([
        until(() => output.includes('building'), 'the first build', 300_000),
        exited.then((code) => {
          throw new Error(`the first publisher exited (${code}) before it started building`);
        }),
      ]);
      [interrupted] = JSON.parse(await readFile(join(releasesDir, 'builds.json'), 'utf8'));
      assert.equal(interrupted.state, 'building');
      assert.ok(existsSync(join(releasesDir, interrupted.id)), 'a half-made release');
    } finally {
      first.kill('SIGKILL');
      await exited;
    }

    const fake = fakeBuild();
    const publisher = createPublisher({
      releasesDir,
      webhookSecret: secret,
      build: fake.build,
      database: () => openPublisherDatabase({ directory }),
      jobs: { leaseSeconds: 2, pollMilliseconds: 50 },
      log: quiet,
    });
    try {
      await publisher.start(0);
      const recorded = publisher.builds[0];
      assert.equal(recorded.state, 'interrupted');
      assert.match(recorded.error, /Interrupted: the publisher stopped during this build/);
      assert.equal(existsSync(join(releasesDir, interrupted.id)), false, 'its half-made release is removed');
      assert.equal(await publisher.liveRelease(), undefined, 'current never named it');

      await until(() => publisher.builds.length === 2 && publisher.builds[1].finishedAt, 'the build again');
      const again = publisher.builds[1];
      assert.deepEqual(
        [again.jobId, again.attempt, again.state],
        [interrupted.jobId, 2, 'live'],
        'the same job, its second try',
      );
      assert.equal(await publisher.liveRelease(), again.id);
      assert.equal(await readlink(publisher.currentLink), join(releasesDir, again.id));
      assert.match(await readFile(join(publisher.currentLink, 'index.html'), 'utf8'), /version 1/);
      await pause(2500);
      await publisher.idle();
      assert.equal(fake.state.calls, 1, 'built once more, not twice');
      assert.equal(publisher.builds.length, 2);
    } finally {
      await publisher.close();
    }
  });

  it('a publisher stopped during a build hands it back: the next one builds it at once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'publisher-stopped-'));
    await databaseAt(join(dataDir, 'publisher-db'));
    const options = {
      releasesDir: join(dataDir, 'site-releases'),
      webhookSecret: secret,
      database: () => openPublisherDatabase({ directory: join(dataDir, 'publisher-db') }),
      jobs: { pollMilliseconds: 50 },
      log: quiet,
    };
    let aborted;
    let buildRunning = false;
    const stopping = createPublisher({
      ...options,
      build: (_outputDir, _log, { signal }) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            aborted = signal.reason;
            reject(new Error('gatsby build exited with SIGKILL'));
          });
          buildRunning = true;
        }),
    });
    await stopping.start(0);
    void stopping.buildNow('entry.publish');
    // The build itself has started (its record says 'building' a moment before, while the release is prepared:
    // stopped then, the build is interrupted before it runs, which is not what this test is about).
    await until(() => buildRunning && stopping.builds[0]?.state === 'building', 'the build');
    await stopping.close();
    assert.match(aborted.message, /stopping/);
    assert.equal(stopping.builds[0].state, 'interrupted');

    const fake = fakeBuild();
    const next = createPublisher({ ...options, build: fake.build });
    try {
      const started = Date.now();
      await next.start(0);
      await next.idle();
      assert.ok(Date.now() - started < 50_000, 'without waiting for a lease');
      const built = next.builds.at(-1);
      assert.deepEqual(
        [built.jobId, built.attempt, built.state],
        [stopping.builds[0].jobId, 1, 'live'],
        'the same job, its try not counted',
      );
    } finally {
      await next.close();
    }
  });
});

describe("publisher: the drafts' preview", () => {
  it('rebuilds only the preview when a draft is created or saved, never the live site, and never two at once', async () => {
    const releasesDir = await mkdtemp(join(tmpdir(), 'releases-preview-'));
    const live = fakeBuild();
    const drafts = fakeBuild();
    let building = 0;
    let overlapped = false;
    const guarded = (fake) => async (outputDir, log) => {
      building += 1;
      if (building > 1) overlapped = true;
      await pause(30);
      await fake.build(outputDir, log);
      building -= 1;
    };
    const database = await queueDatabase();
    const { publisher, post } = await startPreviewPublisher({
      releasesDir,
      build: guarded(live),
      previewBuild: guarded(drafts),
      database,
    });
    try {
      assert.deepEqual(await post({ event: 'entry.create', entry: { publishedAt: null } }), {
        queued: ['preview'],
      });
      await publisher.idle();
      assert.equal(drafts.state.calls, 1);
      assert.equal(live.state.calls, 0);
      assert.match(await readFile(join(publisher.previewLink, 'index.html'), 'utf8'), /version 1/);
      assert.equal(await publisher.liveRelease(), undefined);

      // A publish and a draft save together: both kinds, one after the other.
      assert.deepEqual(await post({ event: 'entry.publish', entry: {} }), { queued: ['live'] });
      assert.deepEqual(await post({ event: 'entry.update', entry: { publishedAt: null } }), {
        queued: ['preview'],
      });
      await publisher.idle();
      assert.equal(live.state.calls, 1);
      assert.equal(drafts.state.calls, 2);
      assert.equal(overlapped, false);
      assert.deepEqual(
        publisher.builds.map((build) => [build.kind, build.state]),
        [
          ['preview', 'preview ready'],
          ['live', 'live'],
          ['preview', 'preview ready'],
        ],
      );
    } finally {
      await publisher.close();
      await database.close();
    }
  });
});

describe('publisher: a live build goes first', () => {
  it("stops a draft's preview build running when a publish asks for a live one, builds the live site, then the preview again", async () => {
    const releasesDir = await mkdtemp(join(tmpdir(), 'releases-first-'));
    const live = fakeBuild();
    const drafts = fakeBuild();
    let previewStarted;
    const started = new Promise((resolve) => {
      previewStarted = resolve;
    });
    let firstPreview = true;
    // The first preview build takes a long time, unless its build is stopped (as Gatsby's process group is).
    const slowPreview = async (outputDir, log, { signal }) => {
      if (firstPreview) {
        firstPreview = false;
        previewStarted();
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, 20_000);
          signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              reject(signal.reason);
            },
            { once: true },
          );
        });
      }
      await drafts.build(outputDir, log);
    };
    const database = await queueDatabase();
    const { publisher, post } = await startPreviewPublisher({
      releasesDir,
      build: live.build,
      previewBuild: slowPreview,
      database,
    });
    try {
      assert.deepEqual(await post({ event: 'entry.create', entry: { publishedAt: null } }), {
        queued: ['preview'],
      });
      await started;
      assert.deepEqual(await post({ event: 'entry.publish', entry: {} }), { queued: ['live'] });
      await publisher.idle();
      assert.deepEqual(
        publisher.builds.map((build) => [build.kind, build.state]),
        [
          ['preview', 'interrupted'],
          ['live', 'live'],
          ['preview', 'preview ready'],
        ],
      );
      const [stopped, published] = publisher.builds;
      assert.match(stopped.error, /a live build went first; the build runs again/);
      assert.ok(published.startedAt >= stopped.finishedAt, 'the live build started once the preview stopped');
      assert.equal(live.state.calls, 1);
      assert.match(await readFile(join(publisher.currentLink, 'index.html'), 'utf8'), /version 1/);
      assert.match(await readFile(join(publisher.previewLink, 'index.html'), 'utf8'), /version 1/);
    } finally {
      await publisher.close();
      await database.close();
    }
  });
});

describe('publisher: what goes live', () => {
  let database;
  before(async () => {
    database = await queueDatabase();
  });
  after(() => database.close());

  const gatsbyPage = (version) =>
    `<!doctype html><title>v${version}</title><p>version ${version}</p><script>window.pagePath="/"</script><script src="/app-${version}.js" async></script>`;
  /** A build like Gatsby's: its pages, then (unless `secure` is false) the CSP rewrite and `_csp.json`. */
  const pageBuild = (state) => async (outputDir) => {
    await mkdir(outputDir, { recursive: true });
    let html = gatsbyPage(state.version);
    let pages = { '/index.html': contentSecurityPolicy({ scriptHashes: [] }) };
    if (state.secure) {
      const secured = securePage(html);
      html = secured.html;
      pages = { '/index.html': contentSecurityPolicy({ scriptHashes: secured.scriptHashes }) };
    } else if (state.stalePolicy) {
      // The policy of an earlier secured build left next to pages Gatsby wrote again (a build stopped before
      // secure-build): hash-based, with 'strict-dynamic', so the plain script tags are blocked.
      pages = { '/index.html': contentSecurityPolicy({ scriptHashes: securePage(html).scriptHashes }) };
    }
    await writeFile(join(outputDir, 'index.html'), html);
    await writeFile(join(outputDir, '_csp.json'), JSON.stringify({ pages }));
  };

  it("refuses a release whose pages' scripts their policy would block, and keeps the live one", async () => {
    const releasesDir = await mkdtemp(join(tmpdir(), 'releases-checked-'));
    const state = { version: 1, secure: true };
    const publisher = createPublisher({
      releasesDir,
      webhookSecret: secret,
      build: pageBuild(state),
      database,
      jobs: { maxAttempts: 1, pollMilliseconds: 50 },
      log: quiet,
    });
    await publisher.start(0);
    try {
      const first = await publisher.buildNow('entry.publish');
      assert.equal(first.state, 'live', first.error);

      for (const broken of [
        { version: 2, secure: false, stalePolicy: true },
        { version: 3, secure: false },
      ]) {
        Object.assign(state, broken);
        const refused = await publisher.buildNow('entry.publish');
        assert.equal(refused.state, 'failed');
        assert.match(refused.error, /would be blocked by their page's Content-Security-Policy/);
        assert.match(
          refused.error,
          new RegExp(`/index.html: <script src="/app-${broken.version}.js" async>`),
        );
        assert.match(await readFile(refused.log, 'utf8'), /would be blocked/);
        assert.equal(existsSync(join(releasesDir, refused.id)), false, 'the refused release is removed');
        assert.equal(await publisher.liveRelease(), first.id);
        assert.match(await readFile(join(publisher.currentLink, 'index.html'), 'utf8'), /version 1/);
      }
    } finally {
      await publisher.close();
    }
  });

  it('builds every release in a directory of its own: the preview never where the live site is, nor what is served', async () => {
    const releasesDir = await mkdtemp(join(tmpdir(), 'releases-apart-'));
    const builtRoot = await mkdtemp(join(tmpdir(), 'own-build-'));
    await writeFile(join(builtRoot, 'index.html'), '<!doctype html><title>own</title><p>own build</p>');
    const site = createStaticServer({
      root: builtRoot,
      liveLink: join(releasesDir, 'current'),
      rules: siteRules,
    });
    await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
    const served = async () =>
      (await (await fetch(`http://127.0.0.1:${site.address().port}/`)).text()).match(/<p>(.*?)<\/p>/)?.[1];
    const outputs = [];
    const recording = (kind, state) => async (outputDir, log) => {
      const live = await realpath(join(releasesDir, 'current')).catch(() => builtRoot);
      const preview = await realpath(join(releasesDir, 'preview-current')).catch(() => undefined);
      outputs.push({ kind, outputDir, live, preview, servedWhileBuilding: await served() });
      await pageBuild(state)(outputDir, log);
    };
    const live = { version: 'live 1', secure: true };
    const drafts = { version: 'draft 1', secure: true };
    const publisher = createPublisher({
      releasesDir,
      webhookSecret: secret,
      build: recording('live', live),
      previewBuild: recording('preview', drafts),
      database,
      jobs: { pollMilliseconds: 50 },
      log: quiet,
    });
    await publisher.start(0);
    try {
      assert.equal((await publisher.buildNow('entry.create', 'preview')).state, 'preview ready');
      assert.equal(await served(), 'own build', 'a preview build never reaches the site');
      assert.equal((await publisher.buildNow('entry.publish', 'live')).state, 'live');
      assert.equal(await served(), 'version live 1');
      drafts.version = 'draft 2';
      assert.equal((await publisher.buildNow('entry.update', 'preview')).state, 'preview ready');
      assert.equal(await served(), 'version live 1', 'nor does it replace the live release');
      assert.match(await readFile(join(publisher.previewLink, 'index.html'), 'utf8'), /version draft 2/);

      const directories = outputs.map(({ outputDir }) => outputDir);
      assert.equal(new Set(directories).size, directories.length, 'each build has a new directory');
      for (const build of outputs) {
        assert.notEqual(build.outputDir, build.live, `${build.kind}: not what the site serves`);
        assert.notEqual(build.outputDir, build.preview, `${build.kind}: not what the preview serves`);
        assert.notEqual(build.outputDir, builtRoot);
      }
      const previews = outputs.filter(({ kind }) => kind === 'preview').map(({ outputDir }) => outputDir);
      assert.ok(
        !previews.includes(await realpath(publisher.currentLink)),
        'the live link never names a preview',
      );
    } finally {
      await publisher.close();
      site.close();
    }
  });
});
