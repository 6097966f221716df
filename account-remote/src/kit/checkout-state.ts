import { returnPathOf, returnToParameter, routes } from '@dcipher/shared/routes';
import { currentLocation, routeQueryOf } from '../router/host-location';

/**
 * The account page the sign-in screen's address asks to open once signed in: its `returnTo`, a parameter the login
 * and SSO routes declare (`browser-routes.ts`), checked as an account page of this site.
 */
const askedReturnPath = (): string | undefined =>
  returnPathOf(routeQueryOf('login', currentLocation().search).returnTo);

/**
 * The plan a visitor chose on the pricing page, kept for this browser tab while they sign up or log in, so the
 * checkout picks up where they left it (docs/decisions/0039). Only the plan's id: nothing personal.
 */
const key = 'dcipher.checkout';

export function rememberCheckoutPlan(planId: string): void {
  try {
    sessionStorage.setItem(key, planId);
  } catch {
    // Storage refused (private mode): the checkout asks for the plan again.
  }
}

export function pendingCheckoutPlan(): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetCheckoutPlan(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

/**
 * Where a visitor goes once signed in: the account page they asked for when the login address names one
 * (`/login?returnTo=…`, docs/decisions/0084), else back to their checkout when they started one, else their
 * workflows, the product they signed up for (docs/decisions/0071).
 */
export const afterSignInPath = (): string =>
  askedReturnPath() ?? (pendingCheckoutPlan() ? routes.checkoutBilling.path : routes.workflows.path);

/**
 * Single sign-on leaves for the identity provider, which sends the browser back to `/login/sso?code&state`
 * without the login address's `returnTo`. So the page it names is kept for this tab as the browser leaves, and
 * taken back once the sign-in completes (docs/decisions/0084, amended). Read back through the same check as the
 * address: only this site's account pages.
 */
const ssoReturnKey = 'dcipher.ssoReturnTo';

function keptSsoReturnPath(): string | undefined {
  try {
    const kept = sessionStorage.getItem(ssoReturnKey);
    return kept ? returnPathOf(kept) : undefined;
  } catch {
    return undefined;
  }
}

/** The `returnTo` query that carries the page to open once signed in on to the next sign-in screen, if any. */
export function returnToQuery(): { returnTo: string } | undefined {
  if (typeof window === 'undefined') return undefined;
  const path = askedReturnPath() ?? keptSsoReturnPath();
  return path ? { [returnToParameter]: path } : undefined;
}

/** As the browser leaves for the identity provider: keeps the page the address asks to return to. */
export function keepReturnPathForSso(): void {
  const path = askedReturnPath();
  try {
    if (path) sessionStorage.setItem(ssoReturnKey, path);
  } catch {
    // Storage refused (private mode): the sign-in ends on the workflows, as without a page asked for.
  }
}

/** Where a completed SSO sign-in goes: the page kept as the browser left, taken once; else as `afterSignInPath`. */
export function afterSsoSignInPath(): string {
  const kept = keptSsoReturnPath();
  try {
    sessionStorage.removeItem(ssoReturnKey);
  } catch {
    // Nothing kept.
  }
  return kept ?? afterSignInPath();
}
