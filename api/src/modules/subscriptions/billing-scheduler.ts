import { payOutstanding, quoteOutstanding } from './scheduler/outstanding.js';
import { runDue } from './scheduler/run-due.js';
import {
  type BillingSchedulerContext,
  type BillingSchedulerDependencies,
  createBillingSchedulerContext,
} from './scheduler/scheduler-context.js';

export type { RenewalOutcome } from './scheduler/renewal.js';
export { renewalKey, renewalRetryDelaysDays } from './scheduler/renewal.js';
export type { BillingSchedulerDependencies } from './scheduler/scheduler-context.js';

/**
 * The billing scheduler (docs/decisions/0040). `runDue` does what is due: renews subscriptions whose period ended
 * (charging the card, moving to a scheduled downgrade, or ending a cancelled one), retries failed renewals, marks
 * the last failure "Payment problem", and tells admins of trials that ended. Its work lives in the database: a due
 * subscription is claimed with `for update skip locked` and a lease, so any number of API processes share the work
 * and none does the same renewal twice; a process killed mid-renewal leaves a lease that expires, and whoever takes
 * it over charges under the same idempotency key, which the gateway answers with the first charge.
 *
 * Each step is a function of its own in `scheduler/`, taking the `BillingSchedulerContext` first; the emails are
 * `subscription-emails.ts`'s (docs/decisions/0130). This binds the steps to one context under the names the
 * module's job, the routes and the tests call.
 */
export function createBillingScheduler(dependencies: BillingSchedulerDependencies) {
  const context = createBillingSchedulerContext(dependencies);
  const bind =
    <TArguments extends unknown[], TResult>(
      step: (context: BillingSchedulerContext, ...rest: TArguments) => TResult,
    ) =>
    (...rest: TArguments) =>
      step(context, ...rest);
  return {
    payOutstanding: bind(payOutstanding),
    quoteOutstanding: bind(quoteOutstanding),
    runDue: bind(runDue),
  };
}

export type BillingScheduler = ReturnType<typeof createBillingScheduler>;
