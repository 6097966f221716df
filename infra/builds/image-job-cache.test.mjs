// The site's image jobs (gatsby-plugin-sharp, patched: docs/decisions/0155) are kept by what makes them, so a build in
// another directory, as the publisher's workspaces are, copies them instead of making them again.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repositoryRoot } from '../local/stack.mjs';

// The site's packages, as Gatsby resolves them when it builds the site.
const siteRequire = createRequire(join(repositoryRoot, 'marketing-site', 'package.json'));
const workerPath = siteRequire.resolve('gatsby-plugin-sharp/gatsby-worker');
const sharp = siteRequire('sharp');

const pluginOptions = { defaultQuality: 75, stripMetadata: true };
/** A job as gatsby-plugin-sharp makes one: an image, its outputs by path relative to `outputDir`, the options. */
const job = (image, outputDir, { width = 20, quality = 75, name = 'a1b2c/picture' } = {}) => ({
  inputPaths: [{ path: image, contentDigest: 'not read by the worker' }],
  outputDir,
  args: {
    operations: [
      { outputPath: `${name}-${width}.webp`, args: { width, toFormat: 'webp', quality } },
      { outputPath: `${name}-${width}.png`, args: { width, toFormat: 'png', quality } },
    ],
    pluginOptions,
  },
});

describe("the image jobs' cache (gatsby-plugin-sharp's patch)", () => {
  let dir;
  let cacheDir;
  let worker;
  let red;
  let blue;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'image-jobs-'));
    cacheDir = join(dir, 'cache');
    // The worker reads where its cache is when it is loaded.
    process.env.GATSBY_IMAGE_JOB_CACHE_DIR = cacheDir;
    worker = siteRequire(workerPath);
    const square = (colour) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer();
    red = join(dir, 'red.png');
    blue = join(dir, 'blue.png');
    await writeFile(red, await square('#c00000'));
    await writeFile(blue, await square('#0000c0'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const entries = async () => (await readdir(cacheDir)).filter((name) => !name.startsWith('.'));

  it('a job made in one directory is copied into another, under the names the other build gives it, not made again', async () => {
    const siteBuild = join(dir, 'marketing-site', 'public', 'static');
    await worker.IMAGE_PROCESSING(job(red, siteBuild));
    const made = await sharp(join(siteBuild, 'a1b2c/picture-20.webp')).metadata();
    assert.deepEqual([made.format, made.width], ['webp', 20]);
    assert.equal((await sharp(join(siteBuild, 'a1b2c/picture-20.png')).metadata()).format, 'png');
    const [entry] = await entries();
    assert.ok(entry, 'the job is kept');

    // What the cache holds is what the next build gets: planted bytes show the outputs were copied, not made.
    await writeFile(join(cacheDir, entry, '0'), 'kept webp');
    await writeFile(join(cacheDir, entry, '1'), 'kept png');
    // The same image downloaded from the CMS is a file of another name: its outputs are named after it.
    const workspace = join(dir, '.site-build-live', 'public', 'static');
    await worker.IMAGE_PROCESSING(job(red, workspace, { name: 'f6e5d/picture_0c1d2e' }));
    assert.equal(await readFile(join(workspace, 'f6e5d/picture_0c1d2e-20.webp'), 'utf8'), 'kept webp');
    assert.equal(await readFile(join(workspace, 'f6e5d/picture_0c1d2e-20.png'), 'utf8'), 'kept png');
    assert.equal((await entries()).length, 1);
  });

  it('another image, other sizes or other quality is a job of its own, made and kept', async () => {
    const out = join(dir, 'other', 'public', 'static');
    await worker.IMAGE_PROCESSING(job(blue, out));
    const { dominant } = await sharp(join(out, 'a1b2c/picture-20.png')).stats();
    assert.ok(
      dominant.b > 150 && dominant.r < 50,
      `the blue image's own output: ${JSON.stringify(dominant)}`,
    );
    await worker.IMAGE_PROCESSING(job(red, join(dir, 'wider'), { width: 32 }));
    assert.equal((await sharp(join(dir, 'wider', 'a1b2c/picture-32.webp')).metadata()).width, 32);
    const lower = join(dir, 'lower');
    await worker.IMAGE_PROCESSING(job(red, lower, { quality: 40 }));
    assert.equal((await sharp(join(lower, 'a1b2c/picture-20.webp')).metadata()).format, 'webp');
    assert.equal((await entries()).length, 4);
  });

  it('GATSBY_IMAGE_JOB_CACHE_DIR=off makes every job and keeps none', async () => {
    const out = join(dir, 'uncached');
    const script = `require(${JSON.stringify(workerPath)}).IMAGE_PROCESSING(${JSON.stringify(job(red, out))}).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); })`;
    const result = spawnSync(process.execPath, ['-e', script], {
      env: { ...process.env, GATSBY_IMAGE_JOB_CACHE_DIR: 'off' },
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.ok(existsSync(join(out, 'a1b2c/picture-20.webp')));
    // The kept entry holds planted bytes (the first test): a made output is an image, not those.
    assert.equal((await sharp(join(out, 'a1b2c/picture-20.webp')).metadata()).format, 'webp');
    assert.equal((await entries()).length, 4, 'nothing more is kept');
  });
});
