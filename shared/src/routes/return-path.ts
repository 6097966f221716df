import { clientOnlyPrefixOf, matchRoute, pathTo, routes } from './browser-routes.js';

// An account page asked for without a session: the visitor signs in at /login and comes back to the page they
// asked for. The page travels in the login address's query (`/login?returnTo=%2Faccount%2Fprivacy`), so a reload
// or a link keeps it, and it is read back only when it is one of this site's account pages (never another site's
// address: no open redirect). docs/decisions/0084.

/** The query parameter of the login page naming the page to open once signed in. */
export const returnToParameter = 'returnTo';

const checkoutIds: ReadonlySet<string> = new Set(['checkout', 'checkoutAccount', 'checkoutBilling']);

/** Whether a path is one of the account area's pages (the remote's AccountApp), declared or below its prefixes. */
function isAccountPage(pathname: string): boolean {
  return (
    matchRoute(pathname, 'AccountApp') !== undefined || clientOnlyPrefixOf(pathname)?.app === 'AccountApp'
  );
}

/**
 * Whether an account page shows a visitor without a session a screen of its own instead of sending them to log
 * in: the checkout, whose first step welcomes a visitor who chose a plan on the pricing page (docs/decisions/0039).
 */
export function keepsAnonymousVisitors(pathname: string): boolean {
  const match = matchRoute(pathname, 'AccountApp');
  if (match) return checkoutIds.has(match.route.id);
  return clientOnlyPrefixOf(pathname)?.prefix === routes.checkout.path;
}

/** Whether a visitor without a session who opens this path is sent to log in (and brought back afterwards). */
export function sendsAnonymousToLogin(pathname: string): boolean {
  return isAccountPage(pathname) && !keepsAnonymousVisitors(pathname);
}

/** The login page's address that brings the visitor back to `path` (a path, with its query and hash) once signed in. */
export function loginReturningTo(path: string): string {
  return pathTo('login', {}, { [returnToParameter]: path });
}

const probeOrigin = 'https://return-to.invalid';

/**
 * The page a login address's query asks to return to after signing in: a path of this site's account area, with
 * its query and hash; undefined when there is none or it is anything else (another site, a protocol-relative or
 * malformed address, a page outside the account area).
 */
export function returnPathFrom(search: string): string | undefined {
  return returnPathOf(new URLSearchParams(search).get(returnToParameter) ?? undefined);
}

/** A `returnTo` value as {@link returnPathFrom} checks it: an account page of this site, or undefined. */
export function returnPathOf(value: string | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return undefined;
  }
  if (url.origin !== probeOrigin || !isAccountPage(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
