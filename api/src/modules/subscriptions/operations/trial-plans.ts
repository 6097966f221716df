import { claimDueTrialPlans, findSubscription, saveTrialPlan } from '../subscription-repository.js';
import { isLive } from './billing-account.js';
import { priceChange, subscriptionCharge } from './price-change.js';
import type { SubscriptionContext } from './subscription-context.js';

export type TrialPlanOutcome = { organizationId: string; outcome: 'started' | 'failed'; failure?: string };

/**
 * Starts, and charges, the plans picked during trials that have now ended (docs/decisions/0078); run by the billing
 * scheduler before it tells admins of trials that ended. Each is claimed once across processes and charged under a
 * key of its trial's end, so a repeat charges once. Answers what happened to each.
 */
export async function startDueTrialPlans(context: SubscriptionContext): Promise<TrialPlanOutcome[]> {
  const { database, payments, now } = context;
  const outcomes: TrialPlanOutcome[] = [];
  for (const due of await claimDueTrialPlans(database, now())) {
    try {
      await payments.pay({
        organizationId: due.organizationId,
        idempotencyKey: `trial-plan:${due.trialEndsAt.toISOString()}`,
        fingerprint: ['trialPlanStart', due.planId, due.promoCode ?? ''],
        prepare: async (transaction) => {
          if (isLive(await findSubscription(transaction, due.organizationId))) return { settled: null };
          // The promo code picked with the plan is applied as kept (see `priceChange`).
          const priced = await priceChange(context, transaction, due.organizationId, {
            planId: due.planId,
            startNow: true,
          });
          return { charge: subscriptionCharge(priced, priced.periodStart) };
        },
      });
      outcomes.push({ organizationId: due.organizationId, outcome: 'started' });
    } catch (error) {
      // Declined, no card, a plan no longer sold: the pick is dropped and the trial ends like any other (the
      // scheduler's "trial ended" notice follows).
      await saveTrialPlan(database, due.organizationId, null);
      outcomes.push({
        organizationId: due.organizationId,
        outcome: 'failed',
        failure: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcomes;
}
