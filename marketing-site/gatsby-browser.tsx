import type { GatsbyBrowser } from 'gatsby';
import { hydratePage, yieldToBrowser } from './src/app-shell/hydrate';
import { SiteShell } from './src/app-shell/site-shell';
import { withAnalytics } from './src/app-shell/with-analytics';
import { startAuth } from './src/auth/start-auth';

// One auth store for the whole page: configured here, shared with the remote as a federation singleton. Gatsby
// waits for the returned promise, so the page starts in a task of its own after the scripts' evaluation (0051).
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => yieldToBrowser().then(startAuth);

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

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element }) => (
  <SiteShell>{element}</SiteShell>
);
