import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { GatsbySSR } from 'gatsby';
import { renderToString } from 'react-dom/server';
import { SiteShell } from './src/app-shell/site-shell';
import { anonymousRedirectHead, anonymousRedirectKey } from './src/first-view/anonymous-visitor';
import { menuPressHead } from './src/first-view/menu-press-head';
import {
  authRouteOf,
  remotePreloadHead,
  type SiteChunkGroups,
  siteFilesForAuthPage,
} from './src/first-view/remote-preload';
import { signupFirstPaintHead } from './src/first-view/signup-first-paint-head';
import { browserConfig } from './src/site-config';

/**
 * Webpack's chunk groups of the browser bundle, given to the HTML renderer by gatsby-node.mjs when it is built (null
 * in development): rendering a page reads no file, which would make Gatsby render every page in every later build
 * (src/first-view/site-chunk-groups.mjs, decision 0146).
 */
declare const __SITE_CHUNK_GROUPS__: SiteChunkGroups | null;

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  setHtmlAttributes,
  setHeadComponents,
  pathname,
  loadPageDataSync,
}) => {
  setHtmlAttributes({ lang: 'en' });
  // Account pages send a visitor without a session to /login's own HTML at once (docs/decisions/0084).
  setHeadComponents(anonymousRedirectHead(pathname));
  // Sign-up from the store's "Try it" keeps the notice's space from the first paint (docs/decisions/0127).
  setHeadComponents(signupFirstPaintHead(pathname));
  // The phone's Menu button answers a tap before the page's scripts have run (docs/decisions/0137).
  setHeadComponents(menuPressHead());
  // Signed-out pages (log in, sign up, …) start fetching their code from the head (docs/decisions/0049).
  if (authRouteOf(pathname)) {
    let componentChunkName: string | undefined;
    try {
      componentChunkName = (loadPageDataSync(pathname) as { componentChunkName?: string }).componentChunkName;
    } catch {
      // no page data (a development render): the remote's files are still preloaded
    }
    const siteFiles = siteFilesForAuthPage(pathname, componentChunkName, __SITE_CHUNK_GROUPS__ ?? undefined);
    setHeadComponents(remotePreloadHead(pathname, browserConfig.accountRemoteUrl, siteFiles));
  }
};

/**
 * The page's styles in one `<style>` in the head instead of Emotion's default of a `<style>` before each styled
 * element: each style element the parser meets in the body makes the browser work out the page's styles and
 * layout again, and on a phone those passes were the long tasks of a content page after its first paint
 * (docs/decisions/0051). The client's Emotion cache (key `css`) reads the ids in `data-emotion` and inserts
 * none of those rules again.
 */
export const replaceRenderer: GatsbySSR['replaceRenderer'] = ({
  bodyComponent,
  replaceBodyHTMLString,
  setHeadComponents,
}) => {
  const cache = createCache({ key: 'css' });
  const { extractCritical } = createEmotionServer(cache);
  const { html, css, ids } = extractCritical(
    renderToString(<CacheProvider value={cache}>{bodyComponent}</CacheProvider>),
  );
  replaceBodyHTMLString(html);
  setHeadComponents([
    <style
      key="emotion"
      data-emotion={`css ${ids.join(' ')}`}
      // The rules Emotion collected from this build's own components, nothing a visitor sent.
      dangerouslySetInnerHTML={{ __html: css }}
    />,
  ]);
};

/**
 * The account pages' redirect of a visitor without a session goes first in the head, before the styles: the
 * browser runs it as soon as the first bytes of the page arrive (docs/decisions/0084).
 */
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  getHeadComponents,
  replaceHeadComponents,
}) => {
  const head = getHeadComponents() as Array<{ key?: unknown } | null | undefined>;
  const first = head.findIndex((element) => element?.key === anonymousRedirectKey);
  if (first <= 0) return;
  replaceHeadComponents([head[first], ...head.slice(0, first), ...head.slice(first + 1)] as never);
};

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element }) => (
  <SiteShell>{element}</SiteShell>
);
