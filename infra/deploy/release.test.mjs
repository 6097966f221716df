import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkBuiltPages, policyManifestFile, secureBuild } from '../serving/content-security.mjs';
import { originReplacements, releaseForOrigins, replaceOrigins } from './release.mjs';

const built = {
  site: 'http://localhost:8000',
  api: 'http://localhost:4000',
  remote: 'http://localhost:3001',
};
const target = {
  site: 'http://localhost:8080',
  api: 'http://localhost:8082',
  remote: 'http://localhost:8081',
};
/** The browser configuration `allowedOrigins` reads, for a set of origins. */
const browserConfigFor = (origins) => ({
  apiBaseUrl: origins.api,
  accountRemoteUrl: origins.remote,
  analyticsHost: 'https://eu.posthog.com',
  affiliateEnabled: false,
  paymentsProvider: 'local',
});

describe('a release of one build for other origins (docs/decisions/0112)', () => {
  const directories = [];
  after(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  it('replaces each origin whole, never a longer port or host that starts like it', () => {
    const replacements = originReplacements(built, target);
    assert.equal(
      replaceOrigins(
        'fetch("http://localhost:4000/account"); see http://localhost:8000. or http://localhost:3001',
        replacements,
      ),
      'fetch("http://localhost:8082/account"); see http://localhost:8080. or http://localhost:8081',
    );
    assert.equal(
      replaceOrigins('http://localhost:40001/x http://localhost:4000.example.com', replacements),
      'http://localhost:40001/x http://localhost:4000.example.com',
    );
    // Replaced at once: an origin swapped for another build origin is not replaced a second time.
    const swapped = originReplacements(built, { site: built.site, api: built.remote, remote: built.api });
    assert.equal(
      replaceOrigins('http://localhost:4000 http://localhost:3001', swapped),
      'http://localhost:3001 http://localhost:4000',
    );
  });

  it('refuses what is not an origin and a build whose origins are not distinct', () => {
    assert.throws(
      () => originReplacements({ ...built, api: 'http://localhost:4000/api' }, target),
      /Not an origin/,
    );
    assert.throws(() => originReplacements({ ...built, remote: built.api }, target), /not distinct/);
    assert.throws(() => originReplacements({ site: built.site, api: built.api }, target), /remote origin/);
  });

  it("copies the build with the target's origins and policies; the build itself is left as it was", async () => {
    const root = await mkdtemp(join(tmpdir(), 'release-test-'));
    directories.push(root);
    const build = join(root, 'public');
    const maps = join(root, 'source-maps');
    await mkdir(join(build, 'login'), { recursive: true });
    // A page as Gatsby writes it: a preload of the remote, an inline script naming the API, an external script.
    const page = `<!DOCTYPE html><html><head><link rel="preload" href="${built.remote}/mf-manifest.json" as="fetch"><link rel="canonical" href="${built.site}/login/"><script>window.api="${built.api}"</script></head><body><script src="/app-1.js" async></script></body></html>`;
    await writeFile(join(build, 'login', 'index.html'), page);
    await writeFile(join(build, 'app-1.js'), `const api = "${built.api}";\n`);
    await writeFile(join(build, 'photo.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
    await secureBuild({ root: build, sourceMapsDir: maps, config: browserConfigFor(built) });
    const builtPage = await readFile(join(build, 'login', 'index.html'), 'utf8');
    const builtManifest = await readFile(join(build, policyManifestFile), 'utf8');

    const release = join(root, 'release');
    await releaseForOrigins({
      from: build,
      to: release,
      buildOrigins: built,
      targetOrigins: target,
      browserConfig: browserConfigFor(target),
    });

    const released = await readFile(join(release, 'login', 'index.html'), 'utf8');
    assert.ok(
      released.includes(`${target.remote}/mf-manifest.json`) && released.includes(`${target.site}/login/`),
    );
    assert.ok(released.includes(`window.api="${target.api}"`));
    assert.ok(!/localhost:(8000|4000|3001)/.test(released), 'no origin of the build is left in the page');
    assert.equal(await readFile(join(release, 'app-1.js'), 'utf8'), `const api = "${target.api}";\n`);
    assert.deepEqual([...(await readFile(join(release, 'photo.jpg')))], [0xff, 0xd8, 0xff]);
    // Every page's scripts run under the policy written for the target; the build's policy would block the page's
    // inline script as it now reads, and lets it call the build's API, not the target's.
    assert.deepEqual(await checkBuiltPages(release), []);
    const manifest = JSON.parse(await readFile(join(release, policyManifestFile), 'utf8'));
    assert.match(manifest.pages['/login/index.html'], new RegExp(`connect-src[^;]*${target.api}`));
    assert.doesNotMatch(manifest.pages['/login/index.html'], /localhost:4000/);
    await writeFile(join(release, policyManifestFile), builtManifest);
    assert.notDeepEqual(await checkBuiltPages(release), []);
    // The build serves `npm start` as before.
    assert.equal(await readFile(join(build, 'login', 'index.html'), 'utf8'), builtPage);
    assert.equal(await readFile(join(build, policyManifestFile), 'utf8'), builtManifest);
  });
});
