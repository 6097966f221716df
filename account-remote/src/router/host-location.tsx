import {
  matchRoute,
  type PathParams,
  pathTo,
  type RemoteAppName,
  type RouteId,
  routes,
  sitePageOf,
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

/** Where the browser is: the parts of a URL a screen reads. */
export interface HostLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The location the remote shows, fed by the host (docs/decisions/0080): the browser's at mount and after the back
 * button; `go` navigates through the host's `navigate` (the site's Gatsby navigation, or the standalone shell's)
 * and, with `inPlace`, shows at once a target `app` serves on the same site page. No router library here: AuthApp uses this alone, so
 * /login loads no more than its form needs; the account area puts React Router on top (`remote-router.tsx`).
 */
export function useHostLocation(app: RemoteAppName, navigate: (to: string) => void, inPlace: boolean) {
  const [location, setLocation] = useState<HostLocation>(currentLocation);
  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  // The page this app is shown on is the one of the path it shows (a move in place stays on it); not the browser's,
  // which a host that navigates at once (the standalone shell) has already changed when `navigate` returns.
  const shownPath = location.pathname;
  const go = useCallback(
    (to: string) => {
      navigate(to);
      const url = new URL(to, window.location.href);
      // Only on the same site page: another page (/workflows to /account/password) mounts the app afresh once the
      // host has navigated, and a screen shown here first would be replaced, losing what was typed in it.
      if (
        inPlace &&
        url.origin === window.location.origin &&
        matchRoute(url.pathname, app) &&
        sitePageOf(url.pathname) === sitePageOf(shownPath)
      ) {
        setLocation({ pathname: url.pathname, search: url.search, hash: url.hash });
      }
    },
    [navigate, app, inPlace, shownPath],
  );
  /** Changes the query of the page shown, in place: no history entry, nothing for the host to do. */
  const replaceSearch = useCallback((search: string) => {
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
    setLocation(currentLocation());
  }, []);
  return { location, go, replaceSearch };
}

export function currentLocation(): HostLocation {
  const root = routes.home.path;
  if (typeof window === 'undefined') return { pathname: root, search: '', hash: '' };
  const { pathname, search, hash } = window.location;
  // A trailing slash is the same page (the static server serves both).
  return { pathname: pathname.length > 1 ? pathname.replace(/\/+$/, '') || root : pathname, search, hash };
}

/** Gives links and screens below the navigation to use (`useGo`). */
export function GoProvider({ go, children }: { go: (to: string) => void; children: ReactNode }) {
  return <GoContext.Provider value={go}>{children}</GoContext.Provider>;
}

/** The location the router shows and the way to change its query in place (the account area's router only). */
interface ShownLocation {
  location: HostLocation;
  replaceSearch: (search: string) => void;
}

const LocationContext = createContext<ShownLocation | undefined>(undefined);

/** Gives screens below the router the location it shows (`useRouteQuery`). */
export function LocationProvider({ value, children }: { value: ShownLocation; children: ReactNode }) {
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

/** The query parameters route `TId` declares (`browser-routes.ts`), by name. */
export type RouteQueryName<TId extends RouteId> = (typeof routes)[TId] extends {
  readonly query: readonly (infer TName extends string)[];
}
  ? TName
  : never;

/** Route `TId`'s query as the address gives it: only its declared parameters, each absent or a string. */
export type RouteQuery<TId extends RouteId> = Readonly<Partial<Record<RouteQueryName<TId>, string>>>;

/** The declared parameters of route `id` in a query string. */
export function routeQueryOf<TId extends RouteId>(id: TId, search: string): RouteQuery<TId> {
  const found = new URLSearchParams(search);
  const declared: readonly string[] =
    'query' in routes[id] ? (routes[id] as { query: readonly string[] }).query : [];
  return Object.fromEntries(
    declared.flatMap((name) => {
      const value = found.get(name);
      return value === null ? [] : [[name, value]];
    }),
  ) as RouteQuery<TId>;
}

/**
 * URL state through the router (docs/decisions/0119): route `id`'s query as the router shows it, typed by the
 * parameters the route declares (`useRouteQuery('workflows')[0].flowType`; an undeclared name does not compile),
 * and `setQuery` to change it in place (a filter: the address keeps it, no history entry). A screen outside the
 * account area's router (AuthApp's, mounted afresh on each page) reads the browser's address.
 */
export function useRouteQuery<TId extends RouteId>(
  id: TId,
): readonly [RouteQuery<TId>, (query: RouteQuery<TId>) => void] {
  const shown = useContext(LocationContext);
  const search = shown ? shown.location.search : currentLocation().search;
  const query = useMemo(() => routeQueryOf(id, search), [id, search]);
  const replaceSearch = shown?.replaceSearch;
  const setQuery = useCallback(
    (next: RouteQuery<TId>) => {
      const pairs = Object.entries(next as Record<string, string | undefined>)
        .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
      const search = pairs.length ? `?${pairs.join('&')}` : '';
      if (replaceSearch) replaceSearch(search);
      else {
        const { pathname, hash } = window.location;
        window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
      }
    },
    [id, replaceSearch],
  );
  return [query, setQuery] as const;
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
