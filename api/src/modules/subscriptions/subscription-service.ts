import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { cancelSubscription, cancelTrialPlan } from './operations/cancel.js';
import { changePlan, startSubscription } from './operations/choose-plan.js';
import { invoicePdf, invoices } from './operations/invoices.js';
import { currentSubscription, discountedPrice, quote, upgrades } from './operations/plans.js';
import { purchase, purchaseQuote } from './operations/purchase.js';
import {
  createSubscriptionContext,
  type SubscriptionContext,
  type SubscriptionServiceDependencies,
} from './operations/subscription-context.js';
import { summary } from './operations/summary.js';
import { startDueTrialPlans } from './operations/trial-plans.js';

export { periodEnd } from './billing-period.js';
export type { SubscriptionServiceDependencies } from './operations/subscription-context.js';

/**
 * Plans, subscriptions and invoices (docs/decisions/0039, 0123). Every change that charges is a payment of the
 * payment service (docs/decisions/0055): decided and priced with the organization's row locked and no other payment
 * of the organization in flight, in any process, recorded before the gateway is called, and answered again for a
 * repeated idempotency key. Each operation is a function of its own in `operations/`, taking its dependencies (the
 * `SubscriptionContext`) explicitly; this binds them to one context, under the names the routes, the credits and
 * add-ons modules, the billing scheduler and the tests call.
 */
export function createSubscriptionService(dependencies: SubscriptionServiceDependencies) {
  const context = createSubscriptionContext(dependencies);
  const bind =
    <TArguments extends unknown[], TResult>(
      operation: (context: SubscriptionContext, ...rest: TArguments) => TResult,
    ) =>
    (...rest: TArguments) =>
      operation(context, ...rest);
  return {
    summary: (user: AuthenticatedUser) => summary(context, context.database, user.organizationId),
    quote: bind(quote),
    start: bind(startSubscription),
    change: bind(changePlan),
    purchase: bind(purchase),
    purchaseQuote: bind(purchaseQuote),
    startDueTrialPlans: bind(startDueTrialPlans),
    current: bind(currentSubscription),
    cancel: bind(cancelSubscription),
    cancelTrialPlan: bind(cancelTrialPlan),
    invoicePdf: bind(invoicePdf),
    invoices: bind(invoices),
    upgrades: bind(upgrades),
    discountedPrice: bind(discountedPrice),
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
