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
 * and, with `inPlace`, shows a target `app` serves at once. No router library here: AuthApp uses this alone, so
 * /login loads no more than its form needs; the account area puts React Router on top (`remote-router.tsx`).
 */
export function useHostLocation(app: RemoteAppName, navigate: (to: string) => void, inPlace: boolean) {
  const [location, setLocation] = useState<HostLocation>(currentLocation);
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
  return { location, go };
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
