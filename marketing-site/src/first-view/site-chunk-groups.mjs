import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The site's chunk groups as the HTML renderer needs them (`siteFilesForAuthPage`, src/first-view/remote-preload.tsx):
 * each group's JavaScript files, from the browser bundle's `public/webpack.stats.json`.
 *
 * Read here, in `gatsby build`'s own process when the HTML renderer's webpack settings are made (the browser bundle
 * has been built and its stats written by then), and given to the renderer as a constant (`__SITE_CHUNK_GROUPS__`),
 * not read by the renderer from the file. Gatsby counts a file read while a page is rendered as "unsafe builtin
 * usage": it cannot tell which pages the file's content reaches, so every later build rendered all 98 pages again,
 * a one-post publish included (decision 0146). The constant is part of the renderer's build instead, and a new
 * browser bundle changes the renderer's compilation hash, which makes Gatsby render every page again, as it must.
 *
 * `stage` is webpack's stage: only `build-html` renders the site's pages at build time. Anything else (the browser's
 * stages, `develop-html`, which has no stats) gets null: no head start for the remote's files, as in development.
 */
export function siteChunkGroupsFor(stage, siteDirectory) {
  if (stage !== 'build-html') return null;
  const stats = JSON.parse(readFileSync(join(siteDirectory, 'public', 'webpack.stats.json'), 'utf8'));
  return siteChunkGroupsOf(stats);
}

/** The JavaScript files of each named chunk group in webpack's stats (an asset is a name or `{ name }`). */
export function siteChunkGroupsOf(stats) {
  return {
    namedChunkGroups: Object.fromEntries(
      Object.entries(stats.namedChunkGroups ?? {}).map(([name, group]) => [
        name,
        {
          assets: (group.assets ?? [])
            .map((asset) => (typeof asset === 'string' ? asset : asset.name))
            .filter((file) => file.endsWith('.js')),
        },
      ]),
    ),
  };
}
