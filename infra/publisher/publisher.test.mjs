import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaticServer } from '../local/static-server.mjs';
import { contentSecurityPolicy, securePage } from '../serving/content-security.mjs';
import { siteRules } from '../serving/static-rules.mjs';
import { createPublisher } from './publisher.mjs';

const secret = 'publisher-test-secret-0123456789';

/** A stand-in for the site build (the real one is exercised by cms-publish.test.mjs): a page naming its version. */
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

describe('publisher', () => {
  let releasesDir;
  let publisher;
  let url;
  let site;
  let siteUrl;
  const fake = fakeBuild();

  before(async () => {
    releasesDir = await mkdtemp(join(tmpdir(), 'releases-'));
    publisher = createPublisher({
      releasesDir,
      webhookSecret: secret,
      build: fake.build,
      keep: 2,
      debounceMs: 50,
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
    site.close();
  });

  const webhook = (body, authorization = `Bearer ${secret}`) =>
    fetch(`${url}/webhooks/strapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      body: JSON.stringify(body),
    });
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
      assert.equal((await webhook({ event, entry: { publishedAt: '2026-11-25T10:00:00Z' } })).status, 202);
    }
    await new Promise((resolve) => setTimeout(resolve, 120));
    await publisher.idle();
    assert.equal(fake.state.calls, 1);
    assert.equal(await served(), 'version 1');
    const status = await (await fetch(`${url}/status.json`)).json();
    assert.equal(status.builds[0].state, 'live');
    assert.equal(status.builds[0].trigger, 'entry.publish');
    assert.ok(status.builds[0].durationMs >= 0);
  });

  it('ignores a draft being saved and events that change nothing published', async () => {
    assert.deepEqual(await (await webhook({ event: 'entry.update', entry: { publishedAt: null } })).json(), {
      ignored: 'draft',
    });
    assert.equal((await webhook({ event: 'entry.create', entry: {} })).status, 202);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await publisher.idle();
    assert.equal(fake.state.calls, 1);
  });

  it('keeps the live release when a build fails, and records the failure with its log', async () => {
    fake.state.version = 2;
    fake.state.fail = true;
    const failed = await publisher.buildNow('entry.publish');
    assert.equal(failed.state, 'failed');
    assert.equal(failed.error, 'gatsby build exited with 1');
    assert.match(await readFile(failed.log, 'utf8'), /building version 2/);
    assert.equal(await served(), 'version 1');
    const page = await (await fetch(url)).text();
    assert.match(page, /<h1>Site publisher<\/h1>/);
    assert.match(page, /failed/);
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
      await new Promise((resolve) => setTimeout(resolve, 30));
      await fake.build(outputDir, log);
      building -= 1;
    };
    const publisher = createPublisher({
      releasesDir,
      webhookSecret: secret,
      build: guarded(live),
      previewBuild: guarded(drafts),
      debounceMs: 20,
    });
    const url = await publisher.start(0);
    const post = (body) =>
      fetch(`${url}/webhooks/strapi`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify(body),
      }).then((response) => response.json());
    try {
      assert.deepEqual(await post({ event: 'entry.create', entry: { publishedAt: null } }), {
        queued: ['preview'],
      });
      await new Promise((resolve) => setTimeout(resolve, 60));
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
      await new Promise((resolve) => setTimeout(resolve, 60));
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
    }
  });
});

describe('publisher: what goes live', () => {
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
    const publisher = createPublisher({ releasesDir, webhookSecret: secret, build: pageBuild(state) });
    await publisher.init();
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
      assert.match(refused.error, new RegExp(`/index.html: <script src="/app-${broken.version}.js" async>`));
      assert.match(await readFile(refused.log, 'utf8'), /would be blocked/);
      assert.equal(existsSync(join(releasesDir, refused.id)), false, 'the refused release is removed');
      assert.equal(await publisher.liveRelease(), first.id);
      assert.match(await readFile(join(publisher.currentLink, 'index.html'), 'utf8'), /version 1/);
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
    });
    await publisher.init();
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
      site.close();
    }
  });
});
