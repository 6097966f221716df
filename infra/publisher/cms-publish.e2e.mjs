// The editor's path end to end, against the real CMS: Strapi 5 (installed once into infra/cms; on a throwaway
// PostgreSQL cluster when the machine has PostgreSQL's binaries, as CI does, which spares compiling the SQLite
// driver: docs/decisions/0143; on SQLite otherwise, as `npm run cms` runs it), the
// publisher as it runs in production (its own process, the real site build, drafts' previews on), and the local
// stack as `npm start` runs it, whose site serves the publisher's live release. A draft created while the site runs
// never reaches it; a publisher killed in the middle of a build leaves the site serving pages whose scripts run (the
// login form works, no CSP violation), and the next publisher builds that job again once its lease runs out; an
// editor signs in to Strapi's admin API, uploads a photo to the media library (size optimisation off, so the CMS keeps
// its metadata), writes and publishes a post using it inside the text; the site serves the post and the photo
// without its metadata; the CMS seeded from the snapshot holds the snapshot's images byte for byte; unpublishing it and publishing the draft reach the
// site in one build, which removes it from pages, lists, feed and sitemap; the project's own build command builds
// from the CMS and shows that change on its next run; a build that cannot reach the CMS leaves the live release
// alone; rollback brings the previous release back. Ports: CMS_PORT, PUBLISHER_PORT, PREVIEW_PORT (free ones otherwise) and the stack's SITE_PORT, REMOTE_PORT,
// API_PORT, which the site's build must have used.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { readSiteBuildToken, startCms } from '../local/cms.mjs';
import { findPostgresBinDir, startPostgresCluster } from '../local/postgres-cluster.mjs';
import { demoSignIn, startStack } from '../local/stack.mjs';
import { createPreviewServer } from './preview-server.mjs';
import { workspaceDirectory } from './site-build.mjs';

const secret = 'cms-publish-test-secret-0123456789';
const previewSecret = 'cms-preview-test-secret-0123456789';
const editor = { email: 'editor@demo.dcipher.local', password: 'Dcipher-demo-2026!' };
const slug = `publish-test-${Date.now()}`;
const title = 'Publishing from the CMS works';

async function freePort(variable) {
  if (process.env[variable]) return Number(process.env[variable]);
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const snapshotDir = join(import.meta.dirname, '..', '..', 'marketing-site', 'content', 'snapshot');

/** A JPEG APP1 segment with EXIF as a camera writes it: who took the photo (Artist) and a GPS position. */
function exifSegment(artist) {
  const name = Buffer.from(`${artist}\0`, 'latin1');
  // Little-endian TIFF: IFD0 with Artist (ASCII, out of line) and the GPS IFD's pointer; the GPS IFD with latitude N.
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4 + 2 + 12 + 4 + name.length);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  const gpsIfd = 8 + 2 + 24 + 4;
  const artistAt = gpsIfd + 2 + 12 + 4;
  tiff.writeUInt16LE(0x013b, 10);
  tiff.writeUInt16LE(2, 12);
  tiff.writeUInt32LE(name.length, 14);
  tiff.writeUInt32LE(artistAt, 18);
  tiff.writeUInt16LE(0x8825, 22);
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(gpsIfd, 30);
  tiff.writeUInt32LE(0, 34);
  tiff.writeUInt16LE(1, gpsIfd);
  tiff.writeUInt16LE(0x0001, gpsIfd + 2);
  tiff.writeUInt16LE(2, gpsIfd + 4);
  tiff.writeUInt32LE(2, gpsIfd + 6);
  tiff.write('N\0', gpsIfd + 10, 'latin1');
  tiff.writeUInt32LE(0, gpsIfd + 14);
  name.copy(tiff, artistAt);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

describe('publish → live through the real CMS', { timeout: 45 * 60_000 }, () => {
  let cms;
  let cmsUrl;
  let databaseFile;
  let postgres;
  let postgresDir;
  let publisher;
  let publisherPort;
  let publisherUrl;
  let stack;
  let dataDir;
  let siteUrl;
  let adminToken;
  let documentId;
  let releasesDir;
  let draftId;
  let preview;
  let previewUrl;
  let browser;
  const siteBuilds = `cms-e2e-${process.pid}`;

  /**
   * The publisher as production runs it: its own process (so a test can kill it), the real site build, its build
   * queue in its own embedded database under the test's data directory (`<DATA_DIR>/publisher-db`).
   */
  async function startPublisher() {
    publisher = spawn(process.execPath, [join(import.meta.dirname, 'publisher.mjs'), 'serve'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        RELEASES_DIR: releasesDir,
        PUBLISHER_PORT: String(publisherPort),
        PUBLISHER_WEBHOOK_SECRET: secret,
        PUBLISHER_PREVIEWS: 'on',
        // A killed publisher's build is taken over after 15 s, not the default minute (the test kills one).
        PUBLISHER_LEASE_SECONDS: '15',
        SITE_BUILD_NAME: siteBuilds,
        CMS_URL: cmsUrl,
        CMS_TOKEN: readSiteBuildToken(databaseFile),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (publisher.exitCode !== null) throw new Error(`the publisher exited: ${publisher.exitCode}`);
      const answer = await fetch(`${publisherUrl}/status.json`).catch(() => undefined);
      if (answer?.ok) return;
      await pause(200);
    }
    throw new Error('the publisher did not start');
  }

  before(async () => {
    publisherPort = await freePort('PUBLISHER_PORT');
    publisherUrl = `http://127.0.0.1:${publisherPort}`;
    const previewPort = await freePort('PREVIEW_PORT');
    previewUrl = `http://127.0.0.1:${previewPort}`;
    databaseFile = `.tmp/publish-test-${process.pid}.db`;
    if (findPostgresBinDir()) {
      postgresDir = await mkdtemp(join(tmpdir(), 'dcipher-cms-postgres-'));
      postgres = await startPostgresCluster({
        dir: postgresDir,
        port: await freePort('CMS_POSTGRES_PORT'),
        password: randomBytes(18).toString('hex'),
      });
    }
    console.log(`# the CMS's database: ${postgres ? 'PostgreSQL (a throwaway cluster)' : 'SQLite'}`);
    ({ child: cms, url: cmsUrl } = await startCms({
      port: await freePort('CMS_PORT'),
      databaseFile,
      postgresUrl: postgres?.url,
      adminPanel: false,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        CMS_PUBLISHER_URL: `${publisherUrl}/webhooks/strapi`,
        CMS_PUBLISHER_SECRET: secret,
        CMS_PREVIEW_URL: previewUrl,
        CMS_PREVIEW_SECRET: previewSecret,
      },
    }));
    cms.on('exit', (code, signal) => console.log(`# the CMS stopped: ${code ?? signal}`));
    // The stack as `npm start` runs it: its site serves the publisher's releases from the data directory.
    dataDir = await mkdtemp(join(tmpdir(), 'dcipher-cms-e2e-'));
    releasesDir = join(dataDir, 'site-releases');
    stack = await startStack({ dataDir, quiet: true });
    siteUrl = stack.urls.site;
    await startPublisher();
    preview = createPreviewServer({
      previewLink: join(releasesDir, 'preview-current'),
      secret: previewSecret,
      cmsUrl,
      cmsToken: readSiteBuildToken(databaseFile),
    });
    await new Promise((resolve) => preview.listen(previewPort, '127.0.0.1', resolve));
    const login = await fetch(`${cmsUrl}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(editor),
    });
    assert.equal(login.status, 200, 'the local editor signs in to the admin');
    adminToken = (await login.json()).data.token;
  });

  after(async () => {
    await browser?.close();
    if (publisher && publisher.exitCode === null) {
      publisher.kill('SIGTERM');
      await new Promise((resolve) => publisher.once('exit', resolve));
    }
    await stack?.stop();
    preview?.close();
    if (cms && cms.exitCode === null) {
      cms.kill('SIGTERM');
      await new Promise((resolve) => cms.once('exit', resolve));
    }
    postgres?.stop();
    if (postgresDir) await rm(postgresDir, { recursive: true, force: true });
    await rm(join(import.meta.dirname, '..', 'cms', databaseFile ?? 'none'), { force: true });
    await rm(join(import.meta.dirname, '..', 'cms', `${databaseFile ?? 'none'}.token`), { force: true });
    for (const kind of ['live', 'preview'])
      await rm(workspaceDirectory(kind, siteBuilds), { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const admin = (path, body, method = 'POST') =>
    fetch(`${cmsUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    });
  const page = async (path) => {
    const response = await fetch(`${siteUrl}${path}`);
    return { status: response.status, text: await response.text() };
  };
  const status = async () => (await fetch(`${publisherUrl}/status.json`)).json();
  const finished = async (kind = 'live') =>
    (await status()).builds.filter((build) => build.finishedAt && build.kind === kind);
  /** Waits for the publisher's next build of `kind` to end (the webhook's debounce, then the build). */
  async function nextBuild(before, kind = 'live') {
    const deadline = Date.now() + 15 * 60_000;
    while (Date.now() < deadline) {
      const done = await finished(kind);
      if (done.length > before) return done[0];
      await pause(500);
    }
    throw new Error('no build finished');
  }
  /** Asks the publisher for a build of the live site now, and waits for it. */
  async function rebuild() {
    const before = (await finished()).length;
    const asked = await fetch(`${publisherUrl}/rebuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    });
    assert.equal(asked.status, 202);
    return nextBuild(before);
  }

  /**
   * The site's scripts run: /login's form, which the remote makes live, becomes enabled and signs the demo user
   * in, with no Content-Security-Policy violation and no console error on the way.
   */
  async function signInWorks() {
    browser ??= await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
    await page.exposeFunction('__cspViolation', (violation) => problems.push(`CSP: ${violation}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        window.__cspViolation(
          `${event.effectiveDirective} blocked ${event.blockedURI} on ${event.documentURI}`,
        ),
      );
    });
    try {
      await page.goto(`${siteUrl}/login`);
      const logIn = page.getByRole('button', { name: 'Log in' });
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('button[type="submit"]')].some(
            (button) => button.textContent === 'Log in' && !button.disabled,
          ),
        undefined,
        { timeout: 30_000 },
      );
      await page.getByLabel('Work email').fill(demoSignIn.email);
      await page.getByLabel('Password').fill(demoSignIn.password);
      await logIn.click();
      // Signing in lands on the Workflows screens (decision 0071).
      await page.waitForURL(/\/workflows$/, { timeout: 30_000 });
      assert.deepEqual(problems, [], 'no CSP violation, no error');
    } catch (error) {
      throw new Error(`${error.message}\nin the page: ${problems.join('\n') || 'nothing logged'}`);
    } finally {
      await context.close();
    }
  }

  it('refuses a webhook without the secret', async () => {
    const response = await fetch(`${publisherUrl}/webhooks/strapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'entry.publish' }),
    });
    assert.equal(response.status, 401);
  });

  it("a draft created while the site runs never reaches it: it is seen through the CMS's signed preview link, rendered by the site's build, and by nobody else", async () => {
    assert.equal((await status()).live, undefined, 'no live release yet: the site serves its own build');
    const draftSlug = `${slug}-draft`;
    const previews = (await finished('preview')).length;
    const created = await admin('/content-manager/collection-types/api::blog-post.blog-post', {
      title: 'A draft nobody may read yet',
      slug: draftSlug,
      abstract: 'Still being written.',
      content: 'Not published.',
    });
    assert.equal(created.status, 201, await created.clone().text());
    draftId = (await created.json()).data.documentId;
    const build = await nextBuild(previews, 'preview');
    assert.equal(build.state, 'preview ready', build.error);

    // The link the CMS's preview button opens, as the admin asks for it.
    const answer = await admin(
      `/content-manager/preview/url/api::blog-post.blog-post?documentId=${draftId}&status=draft`,
      undefined,
      'GET',
    );
    assert.equal(answer.status, 200, await answer.clone().text());
    const link = (await answer.json()).data.url;
    assert.ok(link.startsWith(`${previewUrl}/__preview?type=blog-post&documentId=${draftId}&expires=`), link);

    const opened = await fetch(link, { redirect: 'manual' });
    assert.equal(opened.status, 302);
    assert.equal(opened.headers.get('location'), `/blog/${draftSlug}`);
    const cookie = opened.headers.get('set-cookie');
    assert.match(cookie, /^dcipher_preview=\d+\.[0-9a-f]{64}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=\d+$/);
    const draftPage = await fetch(`${previewUrl}/blog/${draftSlug}`, {
      headers: { cookie: cookie.split(';')[0] },
    });
    assert.equal(draftPage.status, 200);
    assert.match(await draftPage.text(), /A draft nobody may read yet/);

    // Without the link's cookie, with a changed signature or an expired link: nothing.
    assert.equal((await fetch(`${previewUrl}/blog/${draftSlug}`)).status, 403);
    assert.equal(
      (await fetch(link.replace(/signature=[0-9a-f]{4}/, 'signature=0000'), { redirect: 'manual' })).status,
      403,
    );
    const expired = link.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) - 1}`);
    assert.equal((await fetch(expired, { redirect: 'manual' })).status, 403);
    // The site (its own build: no release is live yet) knows nothing of the draft.
    assert.equal((await page(`/blog/${draftSlug}`)).status, 404, 'the live site does not have it');
    assert.doesNotMatch((await page('/blog')).text, new RegExp(draftSlug));
    assert.doesNotMatch((await page('/sitemap.xml')).text, new RegExp(draftSlug));
    assert.equal((await status()).live, undefined, 'and nothing was switched live');
  });

  it("the CMS seeded from the snapshot holds its images byte for byte, so its first build reuses the image jobs of the site's own (decisions 0155, 0156)", async () => {
    const answer = await fetch(`${cmsUrl}/api/customers?populate=image&pagination[pageSize]=100`, {
      headers: { authorization: `Bearer ${readSiteBuildToken(databaseFile)}` },
    });
    assert.equal(answer.status, 200);
    const { data } = await answer.json();
    const snapshot = JSON.parse(await readFile(join(snapshotDir, 'customers.json'), 'utf8')).data;
    assert.equal(data.length, snapshot.length);
    for (const customer of data) {
      const own = snapshot.find((entry) => entry.name === customer.name);
      const held = Buffer.from(await (await fetch(`${cmsUrl}${customer.image.url}`)).arrayBuffer());
      assert.deepEqual(held, await readFile(join(snapshotDir, own.image.url)), customer.name);
    }
  });

  it('an editor publishes a post with a photo from the media library inside its text: the site serves both, the photo without where and by whom it was taken', async () => {
    // The media library's size optimisation re-encodes uploads, which drops their metadata; an editor may turn it
    // off (Settings → Media Library), and then the CMS keeps the photo as it was taken. The site removes the
    // metadata itself (docs/decisions/0156).
    const settings = (await (await admin('/upload/settings', undefined, 'GET')).json()).data;
    assert.equal(
      (await admin('/upload/settings', { ...settings, sizeOptimization: false }, 'PUT')).status,
      200,
    );
    const taken = await readFile(
      join(snapshotDir, 'uploads', 'blog-eu-hosting-and-data-privacy-at-dcipher.jpg'),
    );
    const photo = Buffer.concat([taken.subarray(0, 2), exifSegment('Jane Editor'), taken.subarray(2)]);
    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'inline-chart.jpg');
    form.append(
      'fileInfo',
      JSON.stringify({ alternativeText: 'Bar chart of the top themes', name: 'inline-chart.jpg' }),
    );
    const upload = await fetch(`${cmsUrl}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    assert.equal(upload.status, 201, await upload.clone().text());
    const [file] = await upload.json();
    assert.match(file.url, /^\/uploads\//);
    assert.equal((await admin('/upload/settings', settings, 'PUT')).status, 200);
    const held = Buffer.from(await (await fetch(`${cmsUrl}${file.url}`)).arrayBuffer());
    assert.deepEqual(held, photo, 'the CMS keeps the photo as it was taken, its metadata with it');

    const builds = (await finished()).length;
    const created = await admin('/content-manager/collection-types/api::blog-post.blog-post', {
      title,
      slug,
      abstract: 'A post written in the CMS and published by an editor.',
      content: `The themes this month:\n\n![Bar chart of the top themes](${file.url})\n\nWritten in the CMS.`,
      tags: ['cms'],
    });
    assert.equal(created.status, 201, await created.clone().text());
    documentId = (await created.json()).data.documentId;
    const published = await admin(
      `/content-manager/collection-types/api::blog-post.blog-post/${documentId}/actions/publish`,
      {},
    );
    assert.ok(published.status < 300, await published.clone().text());

    const build = await nextBuild(builds);
    assert.equal(build.state, 'live', build.error);
    // The live workspace's first build started from webpack's cache of the site's own build (decision 0145).
    assert.match(await readFile(build.log, 'utf8'), /webpack's cache copied from the site's own build/);
    const post = await page(`/blog/${slug}`);
    assert.equal(post.status, 200);
    assert.match(post.text, new RegExp(title));
    const image = /<img src="(\/media\/[0-9a-f]{12}-[^"]+)" alt="Bar chart of the top themes"/.exec(
      post.text,
    );
    assert.ok(image, 'the inline image is served by the site, with its alt text');
    const served = await fetch(`${siteUrl}${image[1]}`);
    assert.equal(served.status, 200);
    // The photo as it was before its metadata was written in: every byte of the picture, none of the metadata.
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), taken);
    assert.match((await page('/blog')).text, new RegExp(slug));
    assert.match((await page('/rss.xml')).text, new RegExp(slug));
    assert.doesNotMatch(
      (await page('/blog')).text,
      new RegExp(`${slug}-draft`),
      'the draft is not in the release',
    );
    console.log(
      `# publish → live: ${((build.finishedAt - build.queuedAt) / 1000).toFixed(1)} s (build ${(build.durationMs / 1000).toFixed(1)} s)`,
    );
  });

  it('a publisher killed in the middle of a build leaves the live release serving, its scripts running, and the next publisher builds it again and goes live once', async () => {
    // After the first publish (the case before), so its builds start from a warm workspace (issue 33): what is
    // shown is that a killed build leaves the live release, not a half-made one, serving.
    const liveBefore = (await status()).live;
    assert.ok(liveBefore, 'a release is live');
    await signInWorks();
    const before = (await finished()).length;
    const asked = await fetch(`${publisherUrl}/rebuild`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    });
    assert.equal(asked.status, 202);
    // Killed in the middle of Gatsby's build, once its HTML renderer is built: what is left (queries, images, the
    // pages, then the CSP rewrite) takes seconds more, so the kill lands mid-build even on a fast machine, where
    // the last steps after "Building static HTML for pages" take a few milliseconds.
    let building;
    let log = '';
    const deadline = Date.now() + 15 * 60_000;
    while (Date.now() < deadline) {
      building ??= (await status()).builds.find(
        (build) => build.state === 'building' && build.kind === 'live',
      );
      if (building) {
        log = await readFile(join(releasesDir, `${building.id}.log`), 'utf8').catch(() => '');
        if (
          /Building HTML renderer|Building static HTML for pages|onPostBuild|Done building|exited with/.test(
            log,
          )
        ) {
          break;
        }
      }
      await pause(100);
    }
    assert.ok(building, 'a build started');
    assert.doesNotMatch(log, /Done building|exited with/, 'still building when killed');
    publisher.kill('SIGKILL');
    await new Promise((resolve) => publisher.once('exit', resolve));
    const lastLine = log
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g'), '')
      .trim()
      .split('\n')
      .at(-1);
    console.log(`# the publisher was killed during ${building.id}, after: ${lastLine}`);

    // The site still serves the release that was live, with its post, and its scripts run.
    assert.equal((await page(`/blog/${slug}`)).status, 200);
    await signInWorks();

    // A new publisher recovers: the interrupted build is recorded as interrupted, its half-made release removed, the
    // build the killed one left running stopped; once the killed publisher's lease on the job runs out (15 s here,
    // PUBLISHER_LEASE_SECONDS), the new one builds the same job again, and that build goes live, once.
    await startPublisher();
    assert.equal((await status()).live, liveBefore, 'nothing half-made went live');
    const interrupted = (await status()).builds.find((build) => build.id === building.id);
    assert.equal(interrupted.state, 'interrupted');
    assert.match(interrupted.error, /Interrupted: the publisher stopped during this build/);
    assert.equal(existsSync(join(releasesDir, building.id)), false, 'its half-made release is removed');
    const lockFile = join(workspaceDirectory('live', siteBuilds), '.publisher-lock');
    const holder = existsSync(lockFile)
      ? JSON.parse(await readFile(lockFile, 'utf8').catch(() => '{}')).pid
      : undefined;
    assert.ok(
      holder === undefined || holder === publisher.pid,
      "its workspace is free (or already the new publisher's, building the job again)",
    );
    assert.equal((await finished()).length, before + 1);
    const build = await nextBuild(before + 1);
    assert.equal(build.jobId, interrupted.jobId, 'the same job, built again');
    assert.equal(build.attempt, 2);
    assert.equal(build.state, 'live', build.error);
    assert.equal((await status()).live, build.id);
    await signInWorks();
    assert.equal(
      (await status()).builds.filter((each) => each.jobId === interrupted.jobId).length,
      2,
      'built once more, not twice',
    );
  });

  /** The project's own build command (`npm run build`) against the CMS: the blog pages it built. */
  async function buildCommand() {
    const root = join(import.meta.dirname, '..', '..');
    const child = spawn(process.execPath, [join(root, 'infra', 'local', 'bootstrap.mjs'), 'build'], {
      cwd: root,
      env: { ...process.env, CMS_URL: cmsUrl, CMS_TOKEN: readSiteBuildToken(databaseFile) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0, stderr.slice(-2000));
    return readdirSync(join(root, 'marketing-site', 'public', 'blog'));
  }

  it("the project's own build command builds from the CMS: the published post, not the draft", async () => {
    const built = await buildCommand();
    assert.ok(built.includes(slug), 'the published post is built');
    assert.ok(!built.includes(`${slug}-draft`), 'a draft is not built');
    assert.equal(cms.exitCode, null, 'the CMS still runs');
  });

  it('unpublishing removes the post from its page, the list, the feed and the sitemap, in the same build that publishes another', async () => {
    // Both changes inside the publisher's debounce: one live build carries them (and the rollback below undoes both).
    const builds = (await finished()).length;
    const unpublished = await admin(
      `/content-manager/collection-types/api::blog-post.blog-post/${documentId}/actions/unpublish`,
      {},
    );
    assert.ok(unpublished.status < 300, await unpublished.clone().text());
    const published = await admin(
      `/content-manager/collection-types/api::blog-post.blog-post/${draftId}/actions/publish`,
      {},
    );
    assert.ok(published.status < 300, await published.clone().text());
    const build = await nextBuild(builds);
    assert.equal(build.state, 'live', build.error);
    assert.equal((await finished()).length, builds + 1, 'one build for both changes');
    // A warm build renders the pages the change reaches, not the whole site again: rendering reads no file that
    // Gatsby would count as "unsafe builtin usage" (decision 0146).
    const log = await readFile(build.log, 'utf8');
    assert.doesNotMatch(log, /Unsafe builtin/);
    const pages = Number(/SitePage nodes: (\d+)/.exec(log)?.[1]);
    const rendered = Number(/Building static HTML for pages - [\d.]+s - (\d+)\//.exec(log)?.[1]);
    assert.ok(rendered > 0 && rendered < pages, `${rendered} of ${pages} pages rendered`);
    assert.equal((await page(`/blog/${slug}`)).status, 404);
    for (const path of ['/blog', '/rss.xml', '/sitemap.xml']) {
      const { text } = await page(path);
      assert.doesNotMatch(text, new RegExp(`${slug}(?!-draft)`), path);
      assert.match(text, new RegExp(`${slug}-draft`), path);
    }
    assert.equal((await page(`/blog/${slug}-draft`)).status, 200);
  });

  it("the project's own build command's next run after a change in the CMS shows it", async () => {
    // The publisher built first, in its own workspace (the machine has few cores); now the command's second run.
    const built = await buildCommand();
    assert.ok(built.includes(`${slug}-draft`), 'published since the last run: in the next build');
    assert.ok(!built.includes(slug), 'unpublished since the last run: gone from the next build');
  });

  it('a build that cannot reach the CMS leaves the live release serving, and rollback restores the previous one', async () => {
    cms.kill('SIGTERM');
    await new Promise((resolve) => cms.once('exit', resolve));
    const failed = await rebuild();
    assert.equal(failed.state, 'failed');
    assert.equal(failed.next, 'retry', 'tried again after a wait (the CMS may be back by then)');
    assert.match(
      await readFile(failed.log, 'utf8'),
      /Cannot reach the CMS at http:\/\/127\.0\.0\.1:\d+ \(CMS_URL\)/,
    );
    // Still the live release: the post published last is served.
    assert.equal((await page(`/blog/${slug}-draft`)).status, 200, 'still the live release');
    assert.equal((await page('/blog')).status, 200);

    // A bad publish is undone in one call: the release before it is live again, with the post it unpublished and
    // without the one it published.
    const back = await fetch(`${publisherUrl}/rollback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    });
    assert.equal(back.status, 200);
    assert.equal(
      (await page(`/blog/${slug}-draft`)).status,
      404,
      'the release before the last publish is live',
    );
    const post = await page(`/blog/${slug}`);
    assert.equal(post.status, 200, 'with the post the last publish had removed');
    assert.match(post.text, new RegExp(title));
    assert.match((await page('/blog')).text, new RegExp(`${slug}(?!-draft)`));
  });
});
