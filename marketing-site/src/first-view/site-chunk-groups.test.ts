/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteFilesForAuthPage } from './remote-preload';
import { siteChunkGroupsFor, siteChunkGroupsOf } from './site-chunk-groups.mjs';

// webpack's stats as Gatsby writes them: assets as objects (webpack 5) or names, with source maps beside them.
const stats = {
  name: 'build-javascript',
  namedChunkGroups: {
    'component---src-pages-login-tsx': {
      name: 'component---src-pages-login-tsx',
      assets: [{ name: '1436-ce6b.js', size: 10 }, { name: 'component---src-pages-login-tsx-0e77.js' }],
      filteredAssets: 0,
    },
    'federation-runtime': { assets: ['federation-runtime-3062.js', 'federation-runtime-3062.js.map'] },
    styles: { assets: [{ name: 'styles.css' }] },
  },
  assetsByChunkName: { app: ['app-68cf.js'] },
};

it("keeps each chunk group's JavaScript files, and nothing else of the stats", () => {
  expect(siteChunkGroupsOf(stats)).toEqual({
    namedChunkGroups: {
      'component---src-pages-login-tsx': {
        assets: ['1436-ce6b.js', 'component---src-pages-login-tsx-0e77.js'],
      },
      'federation-runtime': { assets: ['federation-runtime-3062.js'] },
      styles: { assets: [] },
    },
  });
});

it("gives the HTML renderer the browser bundle's groups, read from public/webpack.stats.json, and nothing to any other stage", () => {
  const site = mkdtempSync(join(tmpdir(), 'site-'));
  try {
    mkdirSync(join(site, 'public'));
    writeFileSync(join(site, 'public', 'webpack.stats.json'), JSON.stringify(stats));
    const groups = siteChunkGroupsFor('build-html', site);
    // What the login page's head preloads from them (remote-preload.tsx).
    expect(siteFilesForAuthPage('/login', 'component---src-pages-login-tsx', groups ?? undefined)).toEqual([
      '/page-data/login/page-data.json',
      '/page-data/app-data.json',
      '/1436-ce6b.js',
      '/component---src-pages-login-tsx-0e77.js',
      '/federation-runtime-3062.js',
    ]);
    // The browser's stages do not use it; `gatsby develop` renders without stats (no head start, as before).
    for (const stage of ['build-javascript', 'develop', 'develop-html'])
      expect(siteChunkGroupsFor(stage, site)).toBeNull();
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});
