import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GatsbySSR } from 'gatsby';
import {
  authRouteOf,
  remotePreloadHead,
  type SiteChunkGroups,
  siteFilesForAuthPage,
} from './src/app-shell/remote-preload';
import { SiteShell } from './src/app-shell/site-shell';
import { browserConfig } from './src/site-config';

let chunkGroups: SiteChunkGroups | undefined;

/** Webpack's chunk groups of this build, written by `gatsby build` before the pages are rendered. */
function siteChunkGroups(): SiteChunkGroups | undefined {
  try {
    chunkGroups ??= JSON.parse(readFileSync(join(process.cwd(), 'public', 'webpack.stats.json'), 'utf8'));
  } catch {
    return undefined; // `gatsby develop`: no stats, no head start
  }
  return chunkGroups;
}

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  setHtmlAttributes,
  setHeadComponents,
  pathname,
  loadPageDataSync,
}) => {
  setHtmlAttributes({ lang: 'en' });
  // Signed-out pages (log in, sign up, …) start fetching their code from the head (docs/decisions/0049).
  if (authRouteOf(pathname)) {
    let componentChunkName: string | undefined;
    try {
      componentChunkName = (loadPageDataSync(pathname) as { componentChunkName?: string }).componentChunkName;
    } catch {
      // no page data (a development render): the remote's files are still preloaded
    }
    const siteFiles = siteFilesForAuthPage(pathname, componentChunkName, siteChunkGroups());
    setHeadComponents(remotePreloadHead(pathname, browserConfig.accountRemoteUrl, siteFiles));
  }
};

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element }) => (
  <SiteShell>{element}</SiteShell>
);
