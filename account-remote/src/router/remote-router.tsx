import type { RemoteScreenProps } from '@dcipher/shared/federation';
import {
  matchRoute,
  type PathParams,
  pathTo,
  type RemoteAppName,
  type RouteId,
  routes,
} from '@dcipher/shared/routes';
import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { type Navigator, type RouteObject, Router, useParams } from 'react-router';

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
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const go = useCallback(
    (to: string) => {
      navigate(to);
      const url = new URL(to, window.location.href);
      if (inPlace && url.origin === window.location.origin && matchRoute(url.pathname, app)) {
        setLocation({ pathname: url.pathname, search: url.search, hash: url.hash });
      }
    },
    [navigate, app, inPlace],
  );
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
      <GoContext.Provider value={go}>{children}</GoContext.Provider>
    </Router>
  );
}

function currentLocation() {
  if (typeof window === 'undefined') return { pathname: '/', search: '', hash: '' };
  const { pathname, search, hash } = window.location;
  // A trailing slash is the same page (the static server serves both).
  return { pathname: pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname, search, hash };
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

type Params<TId extends RouteId> =
  PathParams<(typeof routes)[TId]['path']> extends never
    ? { params?: undefined }
    : { params: Record<PathParams<(typeof routes)[TId]['path']>, string> };

export type RouteLinkProps<TId extends RouteId> = {
  /** The declared route's id: the path comes from `browser-routes.ts`, never written out. */
  to: TId;
  query?: Readonly<Record<string, string | undefined>>;
  children: ReactNode;
  /** Outside a router (a screen rendered on its own), the host's navigation to use. */
  navigate?: (to: string) => void;
  /** Called before navigating (closing a menu). */
  onNavigate?: () => void;
} & Params<TId> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick' | 'children'>;

/**
 * A link to a declared route: a real href (new tab, copy link) that navigates in place on a plain click. Typed:
 * `<RouteLink to="workflow" params={{ flowId }}>`, and a route without parameters takes none.
 */
export function RouteLink<TId extends RouteId>({
  to,
  params,
  query,
  children,
  navigate,
  onNavigate,
  ...anchor
}: RouteLinkProps<TId>) {
  const go = useGo(navigate);
  const href = (pathTo as (id: RouteId, params?: object, query?: object) => string)(to, params ?? {}, query);
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        onNavigate?.();
        go(href);
      }}
    >
      {children}
    </a>
  );
}

const GoContext = createContext<((to: string) => void) | undefined>(undefined);

/** The router's navigation (through the host), or `fallback` for a screen rendered outside a router. */
export function useGo(fallback?: (to: string) => void): (to: string) => void {
  return useContext(GoContext) ?? fallback ?? noNavigation;
}

function noNavigation(to: string) {
  window.location.assign(to);
}
