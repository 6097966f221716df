import { type AuthRouteId, clientOnlyPrefixOf, matchRoute } from '@dcipher/shared/routes';
import type { ReactElement } from 'react';

// What a signed-out page (log in, sign up, …) puts in its head so the remote's code arrives early: without it,
// the browser finds the remote only after the site's own scripts, the page's data and chunk, and the federation
// runtime have loaded one after the other, then the manifest, the entry and the screen's chunk (seven requests in
// series). With it: the entry and the manifest right after the HTML, then the screen's files the manifest names
// (two in series), while the site's scripts load. docs/decisions/0049.

/**
 * Calls `run` once the first contentful paint is on screen (at once where that cannot be known, after 3 s at the
 * latest): the same function as `afterFirstPaintFunction` of infra/serving/content-security.mjs, which runs the
 * site's scripts after the first paint (docs/decisions/0084).
 */
const afterFirstPaint =
  'function(run){var done=0,P=window.PerformanceObserver,types=P&&P.supportedEntryTypes,o;' +
  'function go(){if(!done){done=1;run()}}' +
  'if(document.visibilityState!=="visible"||!types||types.indexOf("paint")<0)return go();' +
  'try{o=new P(function(list){var e=list.getEntries(),j;for(j=0;j<e.length;j++)if(e[j].name==="first-contentful-paint"){o.disconnect();setTimeout(go,0)}});' +
  'o.observe({type:"paint",buffered:true})}catch(x){return go()}' +
  'setTimeout(go,3000)}';

/**
 * The inline script: once the page's first paint is on screen, preloads the remote's entry and the site's files
 * the page needs, reads the remote's manifest (the federation runtime's own read of it later is answered from the
 * HTTP cache) and preloads the AuthApp's files and the route's screen chunk (`metaData.screenChunks`, written by
 * the remote's build). Not before the first paint: whatever a page fetches before it, Lighthouse's simulation
 * counts as needed for it (0084). Added by a script rather than written as `<link>` tags: under the pages' strict
 * policy ('strict-dynamic') only what a trusted script adds may load. Plain ES5, no dependency: it runs before
 * anything else on the page. A failure only loses the head start.
 */
export function remotePreloadScript(
  remoteUrl: string,
  routeId: AuthRouteId | undefined,
  siteFiles: readonly string[] = [],
): string {
  const base = remoteUrl.replace(/\/$/, '');
  return `(function(base,route,site,afterFirstPaint){
var head=document.head,seen={},i;
function preload(href,as){if(seen[href])return;seen[href]=1;var l=document.createElement("link");l.setAttribute("rel","preload");l.setAttribute("as",as);if(as==="fetch")l.setAttribute("crossorigin","anonymous");l.setAttribute("href",href);head.appendChild(l)}
afterFirstPaint(function(){
preload(base+"/remoteEntry.js","script");
for(i=0;i<site.length;i++)preload(site[i],/\\.json$/.test(site[i])?"fetch":"script");
if(typeof fetch!=="function")return;
fetch(base+"/mf-manifest.json").then(function(r){return r.ok?r.json():null}).then(function(m){
if(!m)return;var files=[],e=m.exposes||[],j;
for(j=0;j<e.length;j++)if(e[j].name==="AuthApp")files=files.concat(e[j].assets.js.sync);
files=files.concat((m.metaData&&m.metaData.screenChunks&&m.metaData.screenChunks[route])||[]);
for(j=0;j<files.length;j++)preload(base+"/"+files[j],"script");
})["catch"](function(){});
});
})(${JSON.stringify(base)},${JSON.stringify(routeId ?? null)},${JSON.stringify(siteFiles)},${afterFirstPaint});`;
}

/** The route of a page the remote's AuthApp serves, or undefined for every other page. */
export function authRouteOf(pathname: string): { id: AuthRouteId | undefined } | undefined {
  const match = matchRoute(pathname, 'AuthApp');
  if (match) return { id: match.route.id as AuthRouteId };
  // A client-only page's one HTML shell (/new-password): the screen is known only in the browser.
  return clientOnlyPrefixOf(pathname)?.app === 'AuthApp' ? { id: undefined } : undefined;
}

/** Webpack's record of the site's chunk groups (public/webpack.stats.json), the part read here. */
export interface SiteChunkGroups {
  namedChunkGroups: Record<string, { assets: ReadonlyArray<{ name: string } | string> }>;
}

/**
 * The site's own files a signed-out page needs before the remote can start, which Gatsby would otherwise find one
 * after the other: the page's data, the page's chunk, and the federation runtime and shared modules it imports.
 */
export function siteFilesForAuthPage(
  pagePath: string,
  componentChunkName: string | undefined,
  stats: SiteChunkGroups | undefined,
): string[] {
  const pageData = `/page-data${pagePath === '/' ? '/index' : pagePath}/page-data.json`;
  const groups = [componentChunkName, 'federation-runtime', 'federation-shared'];
  const scripts = groups.flatMap((group) =>
    (group && stats?.namedChunkGroups[group]?.assets ? stats.namedChunkGroups[group].assets : [])
      .map((asset) => (typeof asset === 'string' ? asset : asset.name))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `/${name.replace(/^\//, '')}`),
  );
  return [pageData, '/page-data/app-data.json', ...new Set(scripts)];
}

/** Head elements of a signed-out page: connections to the remote opened early, and the preload script. */
export function remotePreloadHead(
  pathname: string,
  remoteUrl: string,
  siteFiles: readonly string[] = [],
): ReactElement[] {
  const route = authRouteOf(pathname);
  if (!route) return [];
  const origin = new URL(remoteUrl).origin;
  return [
    // Scripts load without CORS, the manifest with it: each has its own connection.
    <link key="remote-preconnect" rel="preconnect" href={origin} />,
    <link key="remote-preconnect-cors" rel="preconnect" href={origin} crossOrigin="anonymous" />,
    <script
      key="remote-preload"
      dangerouslySetInnerHTML={{ __html: remotePreloadScript(remoteUrl, route.id, siteFiles) }}
    />,
  ];
}
