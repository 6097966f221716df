import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { secureBuild } from '../serving/content-security.mjs';
import { snapshotSiteBuild } from './stack.mjs';

const gatsbyPage = (text) =>
  `<!doctype html><title>${text}</title><p>${text}</p><script>window.pagePath="/"</script><script src="/app.js" async></script>`;
const config = { apiBaseUrl: 'http://localhost:4000', accountRemoteUrl: 'http://localhost:3001' };

describe("the local stack's site", () => {
  it("serves a checked copy of the site's build, which a build running later does not change", async () => {
    const from = await mkdtemp(join(tmpdir(), 'site-public-'));
    const releasesDir = await mkdtemp(join(tmpdir(), 'site-releases-'));
    await writeFile(join(from, 'index.html'), gatsbyPage('built'));
    await secureBuild({ root: from, sourceMapsDir: `${from}-maps`, config });
    // A copy left by a stack that stopped (no such process) is removed.
    await mkdir(join(releasesDir, 'own-999999999-1'));
    const copy = await snapshotSiteBuild({ from, releasesDir });
    assert.match(copy, /own-\d+-\d+$/);
    assert.equal(existsSync(join(releasesDir, 'own-999999999-1')), false);
    // A build writes the site's public again (Gatsby's plain script tags, not yet rewritten): the copy is as it was.
    await writeFile(join(from, 'index.html'), gatsbyPage('half-built'));
    assert.match(await readFile(join(copy, 'index.html'), 'utf8'), /<p>built<\/p>/);
    // And a start from such a half-built site refuses to serve it.
    await assert.rejects(snapshotSiteBuild({ from, releasesDir }), /cannot be served: .*would be blocked/);
    assert.equal(await snapshotSiteBuild({ from: join(from, 'nothing'), releasesDir }), undefined);
  });
});
