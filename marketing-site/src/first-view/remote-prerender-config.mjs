import { join } from 'node:path';

/** The module the site's pages import to render the remote's login screen at build time (0054). */
export const remotePrerenderModule = '@dcipher/account-remote/prerender';

/** Its stand-in in the browser bundle, which exports nothing to render. */
export const browserPrerenderStandIn = (siteDirectory) =>
  join(siteDirectory, 'src', 'first-view', 'prerender-in-browser.ts');

/**
 * Webpack settings for `stage`: the browser's stages (`build-javascript`, `develop`) resolve the remote's
 * prerender module to the stand-in, so the remote's code is only in the HTML renderer; the HTML renderer's stages
 * get nothing and import the remote's own module.
 */
export function remotePrerenderAlias(stage, siteDirectory) {
  if (stage !== 'build-javascript' && stage !== 'develop') return {};
  return { resolve: { alias: { [`${remotePrerenderModule}$`]: browserPrerenderStandIn(siteDirectory) } } };
}
