import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readlink, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { siteBuildDir } from '../local/stack.mjs';
import { checkBuiltPages } from '../serving/content-security.mjs';
import {
  claimWorkspace,
  repositoryRoot,
  seedWebpackCache,
  siteBuild,
  siteDirectory,
  syncSite,
} from './site-build.mjs';

const scratch = join(repositoryRoot, '.data', 'site-builds', `test-${process.pid}`);
after(() => rm(scratch, { recursive: true, force: true }));

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the publisher's site build", () => {
  it('builds the live site and the preview in workspaces of their own, never in the directory builds serve from', () => {
    const live = siteBuild({ env: {} });
    const preview = siteBuild({ env: { CMS_PREVIEW: 'drafts' } });
    // Beside the site package, where webpack's cache of the site's own build applies (seedWebpackCache).
    assert.equal(live.workDir, join(repositoryRoot, '.site-build-live'));
    assert.equal(preview.workDir, join(repositoryRoot, '.site-build-preview'));
    assert.equal(dirname(live.workDir), dirname(siteDirectory));
    for (const build of [live, preview]) {
      assert.ok(
        !build.workDir.startsWith(siteDirectory),
        'not in the site package (npm run build writes there)',
      );
      assert.notEqual(join(build.workDir, 'public'), siteBuildDir);
    }
    assert.throws(() => siteBuild({ workDir: join(siteDirectory, 'elsewhere') }), /outside marketing-site/);
    assert.throws(() => siteBuild({ workDir: join(tmpdir(), 'x') }), /inside the repository/);
  });

  it("runs Gatsby in its workspace and secures the copy in the release directory; the site's public is untouched", async () => {
    const before = await stat(join(siteBuildDir, 'index.html')).catch(() => undefined);
    // A stand-in for `gatsby build`: a page with Gatsby's plain script tags, in the workspace's public.
    const fakeGatsby = join(scratch, 'fake-gatsby.mjs');
    await mkdir(scratch, { recursive: true });
    await writeFile(
      fakeGatsby,
      `import { mkdirSync, writeFileSync } from 'node:fs';
mkdirSync('public', { recursive: true });
writeFileSync('public/index.html', '<!doctype html><title>built</title><script>window.pagePath="/"</script><script src="/app-1.js" async></script>');
writeFileSync('public/app-1.js', 'console.log(1);\\n//# sourceMappingURL=app-1.js.map');
writeFileSync('public/app-1.js.map', '{}');
writeFileSync('where.txt', process.cwd());`,
    );
    const workDir = join(scratch, 'live');
    const build = siteBuild({ env: { ...process.env }, workDir, gatsbyCli: fakeGatsby });
    const outputDir = await mkdtemp(join(tmpdir(), 'release-'));
    const logFile = join(scratch, 'build.log');
    const log = createWriteStream(logFile);
    await build(outputDir, log);
    log.end();

    assert.equal(await readFile(join(workDir, 'where.txt'), 'utf8'), workDir, 'Gatsby ran in the workspace');
    assert.ok(existsSync(join(workDir, 'gatsby-config.mjs')), "the site's sources are in the workspace");
    assert.equal(await readlink(join(workDir, 'node_modules')), join(siteDirectory, 'node_modules'));
    assert.deepEqual(await checkBuiltPages(outputDir), [], 'the release is secured where it is');
    assert.doesNotMatch(await readFile(join(outputDir, 'index.html'), 'utf8'), /<script src=/);
    assert.ok(existsSync(join(outputDir, '_csp.json')));
    assert.equal(existsSync(join(outputDir, 'app-1.js.map')), false, 'source maps stay out of the release');
    assert.match(
      await readFile(join(workDir, 'public', 'index.html'), 'utf8'),
      /<script src=/,
      "the workspace's public stays Gatsby's own output",
    );
    const afterBuild = await stat(join(siteBuildDir, 'index.html')).catch(() => undefined);
    assert.equal(afterBuild?.mtimeMs, before?.mtimeMs, 'marketing-site/public is not written');
    assert.equal(existsSync(join(workDir, '.publisher-lock')), false, 'the workspace is released');
    await rm(outputDir, { recursive: true, force: true });
  });

  it("stops its build's processes when the build job's signal aborts (the publisher stops, or lost the job)", async () => {
    // A stand-in for `gatsby build` that never ends by itself, telling its pid.
    const endlessGatsby = join(scratch, 'endless-gatsby.mjs');
    await mkdir(scratch, { recursive: true });
    await writeFile(endlessGatsby, "console.log('pid', process.pid);\nsetInterval(() => {}, 1000);\n");
    const workDir = join(scratch, 'live');
    const build = siteBuild({ env: { ...process.env }, workDir, gatsbyCli: endlessGatsby });
    const outputDir = await mkdtemp(join(tmpdir(), 'release-'));
    const logFile = join(scratch, 'endless.log');
    const log = createWriteStream(logFile);
    const controller = new AbortController();
    const building = build(outputDir, log, { signal: controller.signal });
    let gatsbyPid;
    for (let wait = 0; wait < 600 && !gatsbyPid; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      gatsbyPid = Number(/pid (\d+)/.exec(await readFile(logFile, 'utf8').catch(() => ''))?.[1]);
    }
    assert.ok(gatsbyPid, 'the build started');
    controller.abort(new Error('the worker is stopping'));
    await assert.rejects(building, /exited with SIGKILL/);
    log.end();
    assert.equal(alive(gatsbyPid), false, 'its process is stopped');
    assert.equal(existsSync(join(workDir, '.publisher-lock')), false, 'the workspace is released');
    await rm(outputDir, { recursive: true, force: true });
  });

  it('synchronises only what changed, and removes what the site no longer has', async () => {
    const from = join(scratch, 'sync-from');
    const to = join(scratch, 'sync-to');
    await mkdir(join(from, 'src'), { recursive: true });
    await mkdir(join(from, 'public'), { recursive: true });
    await mkdir(join(from, 'node_modules'), { recursive: true });
    await writeFile(join(from, 'src', 'a.ts'), 'a');
    await writeFile(join(from, 'src', 'gone.ts'), 'gone');
    await writeFile(join(from, 'public', 'index.html'), 'built');
    await syncSite(from, to);
    const first = await stat(join(to, 'src', 'a.ts'));
    const source = await stat(join(from, 'src', 'a.ts'));
    assert.ok(Math.abs(first.mtimeMs - source.mtimeMs) < 1, 'times are kept');
    assert.equal(existsSync(join(to, 'public', 'index.html')), false, 'build output is not copied');
    assert.ok((await lstat(join(to, 'node_modules'))).isSymbolicLink());
    await rm(join(from, 'src', 'gone.ts'));
    await writeFile(join(to, '.cache-marker'), 'x');
    await mkdir(join(to, '.cache'), { recursive: true });
    await syncSite(from, to);
    assert.equal(existsSync(join(to, 'src', 'gone.ts')), false);
    assert.equal(existsSync(join(to, '.cache-marker')), false);
    assert.ok(existsSync(join(to, '.cache')), "Gatsby's cache is kept");
    assert.equal(
      (await stat(join(to, 'src', 'a.ts'))).ino,
      first.ino,
      'an unchanged file is not copied again',
    );
  });

  it('refuses a workspace another publisher builds in, and stops a build left running by a killed one', async () => {
    const directory = join(scratch, 'locked');
    await mkdir(directory, { recursive: true });
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    await writeFile(join(directory, '.publisher-lock'), JSON.stringify({ pid: other.pid }));
    await assert.rejects(claimWorkspace(directory), /Another publisher \(pid \d+\) is building/);
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));

    // The publisher died (its pid is gone), its build's process group runs on: it is stopped before building.
    const orphan = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });
    await writeFile(
      join(directory, '.publisher-lock'),
      JSON.stringify({ pid: other.pid, group: orphan.pid }),
    );
    const exited = new Promise((resolve) => orphan.once('exit', (_, signal) => resolve(signal)));
    const claim = await claimWorkspace(directory);
    assert.equal(await exited, 'SIGKILL');
    assert.equal(alive(orphan.pid), false);
    assert.deepEqual(JSON.parse(await readFile(join(directory, '.publisher-lock'), 'utf8')), {
      pid: process.pid,
    });
    await claim.release();
  });
  it("starts a workspace's first build from webpack's cache of the site's own build, only beside the site", async () => {
    const root = await mkdtemp(join(tmpdir(), 'seed-'));
    try {
      const site = join(root, 'marketing-site');
      const pack = join(site, '.cache', 'webpack', 'stage-build-javascript', '0.pack');
      await mkdir(dirname(pack), { recursive: true });
      await writeFile(pack, 'the site build cache');
      const packTime = new Date('2026-01-02T03:04:05Z');
      await utimes(pack, packTime, packTime);
      const copied = (workspace) => join(workspace, '.cache', 'webpack', 'stage-build-javascript', '0.pack');

      const sibling = join(root, '.site-build-live');
      assert.equal(await seedWebpackCache(site, sibling), true);
      assert.equal(await readFile(copied(sibling), 'utf8'), 'the site build cache');
      assert.equal(
        (await stat(copied(sibling))).mtimeMs,
        packTime.getTime(),
        "webpack's snapshot sees the copy as the same file",
      );

      // A workspace with a cache of its own keeps it: its last build is closer than the site's.
      await writeFile(copied(sibling), 'the workspace build cache');
      assert.equal(await seedWebpackCache(site, sibling), false);
      assert.equal(await readFile(copied(sibling), 'utf8'), 'the workspace build cache');

      // Deeper, every module would be named differently: nothing is copied.
      const deeper = join(root, '.data', 'site-builds', 'live');
      assert.equal(await seedWebpackCache(site, deeper), false);
      assert.equal(existsSync(join(deeper, '.cache')), false);

      // Nothing to copy before the site was ever built.
      await rm(join(site, '.cache'), { recursive: true });
      assert.equal(await seedWebpackCache(site, join(root, '.site-build-preview')), false);
      assert.equal(existsSync(join(root, '.site-build-preview', '.cache')), false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
