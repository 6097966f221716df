import type { RemoteScreenProps } from '@dcipher/shared/federation';
import {
  matchRoute,
  type PathParams,
  type RemoteAppName,
  type RouteId,
  routes,
} from '@dcipher/shared/routes';
import { type ReactNode, useMemo } from 'react';
import { type Navigator, type RouteObject, Router, useParams } from 'react-router';
import { GoProvider, LocationProvider, useHostLocation } from './host-location';

export {
  RouteLink,
  type RouteLinkProps,
  type RouteQuery,
  useGo,
  useRouteQuery,
} from './host-location';

/**
 * The remote's router (docs/decisions/0080): React Router in its declarative form, fed by the host. The site
 * (Gatsby) owns the browser's history and mounts the remote per page, so the remote does not listen to history on
 * its own: its location is the browser's at mount and after the back button, and every navigation goes through the
 * host's `navigate` (the site's, or the standalone shell's). A target another app or page serves is left to the
 * host; one this app serves is shown at once.
 */
export function RemoteRouter({
  app,
  navigate,
  inPlace = true,
  children,
}: RemoteScreenProps & {
  app: RemoteAppName;
  /**
   * Whether a target this app serves is shown at once (the account area: one site page for all its paths). False
   * for AuthApp, which the site mounts afresh on each of its pages: the host's navigation shows the next one.
   */
  inPlace?: boolean;
  children: ReactNode;
}) {
  const { location, go, replaceSearch } = useHostLocation(app, navigate, inPlace);
  const shown = useMemo(() => ({ location, replaceSearch }), [location, replaceSearch]);
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: (to) =>
        typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`,
      push: (to) =>
        go(typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
      replace: (to) =>
        go(typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
      go: (delta) => window.history.go(delta),
    }),
    [go],
  );
  return (
    <Router location={location} navigator={navigator}>
      <GoProvider go={go}>
        <LocationProvider value={shown}>{children}</LocationProvider>
      </GoProvider>
    </Router>
  );
}

/** A declared path in React Router's notation: `/workflows/{flowId}` → `/workflows/:flowId`. */
export const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Route objects for `useRoutes`, one per declared route id, in the table's order. */
export function routeObjects<TId extends RouteId>(
  ids: readonly TId[],
  element: (id: TId) => ReactNode,
): RouteObject[] {
  return ids.map((id) => ({ path: routerPath(routes[id].path), element: element(id) }));
}

/**
 * The `{name}` parameters of route `TId`, decoded, typed by its declared path. A screen rendered outside the router
 * (on its own in a test) reads them from the browser's path; a parameter not there is ''.
 */
export function useRouteParams<TId extends RouteId>(
  id: TId,
): Readonly<Record<PathParams<(typeof routes)[TId]['path']>, string>> {
  const params: Readonly<Record<string, string | undefined>> = useParams();
  const names = [...routes[id].path.matchAll(/\{(\w+)\}/g)].map((found) => found[1] as string);
  const fallback =
    typeof window !== 'undefined' && names.some((name) => params[name] === undefined)
      ? matchRoute(window.location.pathname)
      : undefined;
  const outside = fallback?.route.id === id ? fallback.params : {};
  return Object.fromEntries(names.map((name) => [name, params[name] ?? outside[name] ?? ''])) as Record<
    PathParams<(typeof routes)[TId]['path']>,
    string
  >;
}
