// The editor's path end to end, against the real CMS: Strapi 5 (installed once into infra/cms, SQLite), the
// publisher with the real site build, and the static server serving the publisher's live release. An editor signs
// in to Strapi's admin API, uploads an image to the media library, writes and publishes a post using it inside the
// text; the site serves the post and the image; unpublishing removes it from pages, lists, feed and sitemap; a
// build that cannot reach the CMS leaves the live release alone; rollback brings the previous release back.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readSiteBuildToken, startCms } from '../local/cms.mjs';
import { siteRules } from '../local/static-rules.mjs';
import { createStaticServer } from '../local/static-server.mjs';
import { createPreviewServer } from './preview-server.mjs';
import { createPublisher, siteBuild } from './publisher.mjs';

const secret = 'cms-publish-test-secret-0123456789';
const previewSecret = 'cms-preview-test-secret-0123456789';
const editor = { email: 'editor@demo.dcipher.local', password: 'Dcipher-demo-2026!' };
const slug = `publish-test-${Date.now()}`;
const title = 'Publishing from the CMS works';

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('publish → live through the real CMS', { timeout: 20 * 60_000 }, () => {
  let cms;
  let cmsUrl;
  let databaseFile;
  let publisher;
  let publisherUrl;
  let site;
  let siteUrl;
  let adminToken;
  let documentId;
  let releasesDir;
  let draftId;
  let preview;
  let previewUrl;

  before(async () => {
    const publisherPort = await freePort();
    const previewPort = await freePort();
    previewUrl = `http://127.0.0.1:${previewPort}`;
    databaseFile = `.tmp/publish-test-${process.pid}.db`;
    ({ child: cms, url: cmsUrl } = await startCms({
      port: await freePort(),
      databaseFile,
      adminPanel: false,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        CMS_PUBLISHER_URL: `http://127.0.0.1:${publisherPort}/webhooks/strapi`,
        CMS_PUBLISHER_SECRET: secret,
        CMS_PREVIEW_URL: previewUrl,
        CMS_PREVIEW_SECRET: previewSecret,
      },
    }));
    cms.on('exit', (code, signal) => console.log(`# the CMS stopped: ${code ?? signal}`));
    releasesDir = await mkdtemp(join(tmpdir(), 'site-releases-'));
    publisher = createPublisher({
      releasesDir,
      webhookSecret: secret,
      debounceMs: 1000,
      build: siteBuild({
        env: { ...process.env, CMS_URL: cmsUrl, CMS_TOKEN: readSiteBuildToken(databaseFile) },
      }),
      previewBuild: siteBuild({
        env: {
          ...process.env,
          CMS_URL: cmsUrl,
          CMS_TOKEN: readSiteBuildToken(databaseFile),
          CMS_PREVIEW: 'drafts',
        },
      }),
    });
    publisherUrl = await publisher.start(publisherPort);
    preview = createPreviewServer({
      previewLink: publisher.previewLink,
      secret: previewSecret,
      cmsUrl,
      cmsToken: readSiteBuildToken(databaseFile),
    });
    await new Promise((resolve) => preview.listen(previewPort, '127.0.0.1', resolve));
    site = createStaticServer({
      root: join(releasesDir, 'none-yet'),
      liveLink: join(releasesDir, 'current'),
      rules: siteRules,
    });
    await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${site.address().port}`;
    const login = await fetch(`${cmsUrl}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(editor),
    });
    assert.equal(login.status, 200, 'the local editor signs in to the admin');
    adminToken = (await login.json()).data.token;
  });

  after(async () => {
    await publisher?.close();
    site?.close();
    preview?.close();
    if (cms && cms.exitCode === null) cms.kill('SIGTERM');
    await rm(join(import.meta.dirname, '..', 'cms', databaseFile ?? 'none'), { force: true });
    await rm(join(import.meta.dirname, '..', 'cms', `${databaseFile ?? 'none'}.token`), { force: true });
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
  /** Waits for the publisher's next build to end (the webhook's debounce, then the build). */
  async function nextBuild(before, kind = 'live') {
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline) {
      await publisher.idle();
      const finished = publisher.builds.filter((build) => build.finishedAt && build.kind === kind);
      if (finished.length > before) return finished.at(-1);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('no build finished');
  }

  it('refuses a webhook without the secret', async () => {
    const response = await fetch(`${publisherUrl}/webhooks/strapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'entry.publish' }),
    });
    assert.equal(response.status, 401);
  });

  it('an editor publishes a post with an image from the media library inside its text: the site serves both', async () => {
    const form = new FormData();
    const png = await readFile(
      join(
        import.meta.dirname,
        '..',
        '..',
        'marketing-site',
        'content',
        'snapshot',
        'uploads',
        'logo-veltrana-insurance.png',
      ),
    );
    form.append('files', new Blob([png], { type: 'image/png' }), 'inline-chart.png');
    form.append(
      'fileInfo',
      JSON.stringify({ alternativeText: 'Bar chart of the top themes', name: 'inline-chart.png' }),
    );
    const upload = await fetch(`${cmsUrl}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    assert.equal(upload.status, 201, await upload.clone().text());
    const [file] = await upload.json();
    assert.match(file.url, /^\/uploads\//);

    const builds = publisher.builds.filter((build) => build.finishedAt && build.kind === 'live').length;
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
    const post = await page(`/blog/${slug}`);
    assert.equal(post.status, 200);
    assert.match(post.text, new RegExp(title));
    const image = /<img src="(\/media\/[0-9a-f]{12}-[^"]+)" alt="Bar chart of the top themes"/.exec(
      post.text,
    );
    assert.ok(image, 'the inline image is served by the site, with its alt text');
    const served = await fetch(`${siteUrl}${image[1]}`);
    assert.equal(served.status, 200);
    // The media library's file as the CMS keeps it (Strapi re-encodes uploads), byte for byte.
    const original = await fetch(`${cmsUrl}${file.url}`);
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), Buffer.from(await original.arrayBuffer()));
    assert.match((await page('/blog')).text, new RegExp(slug));
    assert.match((await page('/rss.xml')).text, new RegExp(slug));
    console.log(
      `# publish → live: ${((build.finishedAt - build.queuedAt) / 1000).toFixed(1)} s (build ${(build.durationMs / 1000).toFixed(1)} s)`,
    );
  });

  it('unpublishing removes the post from its page, the list, the feed and the sitemap', async () => {
    const builds = publisher.builds.filter((build) => build.finishedAt && build.kind === 'live').length;
    const unpublished = await admin(
      `/content-manager/collection-types/api::blog-post.blog-post/${documentId}/actions/unpublish`,
      {},
    );
    assert.ok(unpublished.status < 300, await unpublished.clone().text());
    const build = await nextBuild(builds);
    assert.equal(build.state, 'live', build.error);
    assert.equal((await page(`/blog/${slug}`)).status, 404);
    for (const path of ['/blog', '/rss.xml', '/sitemap.xml']) {
      assert.doesNotMatch((await page(path)).text, new RegExp(slug), path);
    }
  });

  it("a draft is seen through the CMS's signed preview link, rendered by the site's build, and by nobody else", async () => {
    const draftSlug = `${slug}-draft`;
    const previews = publisher.builds.filter((build) => build.finishedAt && build.kind === 'preview').length;
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
    assert.equal((await page(`/blog/${draftSlug}`)).status, 404, 'the live site does not have it');
  });

  it("the project's own build command builds from the CMS, and its next run after a change in the CMS shows it", async () => {
    const root = join(import.meta.dirname, '..', '..');
    const build = async () => {
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
    };
    const draftSlug = `${slug}-draft`;
    assert.ok(!(await build()).includes(draftSlug), 'a draft is not built');
    assert.equal(cms.exitCode, null, 'the CMS still runs');
    const builds = publisher.builds.filter((entry) => entry.finishedAt && entry.kind === 'live').length;
    const published = await admin(
      `/content-manager/collection-types/api::blog-post.blog-post/${draftId}/actions/publish`,
      {},
    );
    assert.ok(published.status < 300);
    // The publisher builds too (the same site directory): its build first, then the command's.
    await nextBuild(builds);
    assert.ok((await build()).includes(draftSlug), 'published since the last run: in the next build');
  });

  it('a build that cannot reach the CMS leaves the live release serving, and rollback restores the previous one', async () => {
    cms.kill('SIGTERM');
    await new Promise((resolve) => cms.once('exit', resolve));
    const failed = await publisher.buildNow('manual');
    assert.equal(failed.state, 'failed');
    assert.match(
      await readFile(failed.log, 'utf8'),
      /Cannot reach the CMS at http:\/\/127\.0\.0\.1:\d+ \(CMS_URL\)/,
    );
    // Still the live release: the post published last is served.
    assert.equal((await page(`/blog/${slug}-draft`)).status, 200, 'still the live release');
    assert.equal((await page('/blog')).status, 200);

    // A bad publish is undone in one call: the release before it is live again (without that post).
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
    assert.equal((await page('/blog')).status, 200);
    const again = await fetch(`${publisherUrl}/rollback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
    });
    assert.equal(again.status, 200);
    const post = await page(`/blog/${slug}`);
    assert.equal(post.status, 200, 'and the one before it, with the first post');
    assert.match(post.text, new RegExp(title));
  });
});
