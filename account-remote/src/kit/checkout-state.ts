import { returnPathFrom, routes } from '@dcipher/shared/routes';

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
  (typeof window === 'undefined' ? undefined : returnPathFrom(window.location.search)) ??
  (pendingCheckoutPlan() ? routes.checkoutBilling.path : routes.workflows.path);
