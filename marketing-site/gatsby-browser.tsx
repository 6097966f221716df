import type { GatsbyBrowser } from 'gatsby';
import { withAnalytics } from './src/app-shell/with-analytics';
import { startAuth } from './src/auth/start-auth';
import { hydratePage, yieldToBrowser } from './src/first-view/hydrate';

/** The page wrapper (layout, consent, maintenance notice), set by `onClientEntry` before the first render. */
let SiteShell: typeof import('./src/app-shell/site-shell').SiteShell | undefined;

// Gatsby waits for the returned promise before it loads and renders the page. In between, in tasks of their own
// after React's and Gatsby's evaluation: the page wrapper's modules (the layout, header, footer, consent), imported
// "eager" (same chunk, no request; evaluated only when imported, docs/decisions/0052), then the one auth store of
// the page, configured here and shared with the remote as a federation singleton (0051).
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () =>
  yieldToBrowser()
    .then(() => import(/* webpackMode: "eager" */ './src/app-shell/site-shell'))
    .then((shell) => {
      SiteShell = shell.SiteShell;
    })
    .then(yieldToBrowser)
    .then(startAuth);

// Scroll depth restarts when a route change starts; the pageview is recorded once it has completed (after the
// new page's head is in place, so the title is the new one). The analytics shell loads on the first of these.
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = () => {
  withAnalytics((shell) => shell.routeTracker.onRouteChangeStart());
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => {
  window.setTimeout(
    () => withAnalytics((shell) => shell.routeTracker.onRouteChangeComplete({ path: location.pathname })),
    0,
  );
};

// The first render hydrates in slices (a transition), so it never blocks the page for long. docs/decisions/0049.
// (Gatsby's type is react-dom's legacy `render`; Gatsby calls it with the root element and #___gatsby.)
export const replaceHydrateFunction = (() =>
  hydratePage) as unknown as GatsbyBrowser['replaceHydrateFunction'];

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element }) =>
  SiteShell ? <SiteShell>{element}</SiteShell> : element;
