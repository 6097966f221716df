import type { ScheduledTrialPlan, SubscriptionState, SubscriptionSummary } from '@dcipher/shared/contract';
import { planStatusLabel, trialPlanOf } from '@dcipher/shared/domain';
import type { Queryable } from '../../../db/database.js';
import { PromoCodeInvalidError } from '../../payments/promo-code-invalid-error.js';
import { findPlan } from '../subscription-repository.js';
import { chosenCurrency, countryCurrency, findBillingAccount } from './billing-account.js';
import { type PricedChange, priceChange, quoteAmounts } from './price-change.js';
import type { SubscriptionContext } from './subscription-context.js';

const dayMs = 86_400_000;

/**
 * The plan picked during the trial, priced as its start at the trial's end will charge it (docs/decisions/0113):
 * with the promo code it was picked with, else (the code no longer applies to it) without; null if the plan can no
 * longer be priced at all (retired).
 */
async function scheduledTrialPlan(
  context: SubscriptionContext,
  database: Queryable,
  organizationId: string,
  planId: string,
): Promise<ScheduledTrialPlan | null> {
  const price = (keepPromo: boolean) =>
    priceChange(context, database, organizationId, { planId, startNow: false, keepPromo });
  let priced: PricedChange;
  try {
    priced = await price(true);
  } catch (error) {
    if (!(error instanceof PromoCodeInvalidError)) return null;
    priced = await price(false);
  }
  const { quote, plan } = priced;
  return {
    id: plan.id,
    name: plan.name,
    billingPeriod: plan.billingPeriod,
    ...quoteAmounts(quote),
    startsAt: quote.effectiveAt,
  };
}

/** The organization's plan, trial or subscription as the account screens show it. */
export async function summary(
  context: SubscriptionContext,
  database: Queryable,
  organizationId: string,
): Promise<SubscriptionSummary> {
  const at = context.now();
  const { subscription, organization, card } = await findBillingAccount(database, organizationId);
  const daysTo = (end: Date) => Math.max(0, Math.ceil((end.getTime() - at.getTime()) / dayMs));
  const trialPlan =
    !subscription && organization?.trialPlanId
      ? await findPlan(database, organization.trialPlanId)
      : undefined;
  const scheduled =
    trialPlan && organization?.trialEndsAt && organization.trialEndsAt > at
      ? await scheduledTrialPlan(context, database, organizationId, trialPlan.id)
      : null;
  // What the trial gives (docs/decisions/0085): the picked plan, else the pricing page's, else the type's most
  // complete self-serve plan.
  const trialIncludes =
    !subscription && organization
      ? (trialPlan ??
        (await findPlan(database, trialPlanOf(organization.customerType, organization.signupPlanId))))
      : undefined;
  const chosen = chosenCurrency(subscription, organization);
  const currency = chosen ?? countryCurrency(card);
  if (!subscription) {
    const trialEnd = organization?.trialEndsAt ?? null;
    const state: SubscriptionState = trialEnd === null || trialEnd > at ? 'trialing' : 'expired';
    const daysLeft = trialEnd && state === 'trialing' ? daysTo(trialEnd) : null;
    return {
      state,
      label: planStatusLabel(state, { daysLeft }),
      daysLeft,
      plan: null,
      endsAt: trialEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      hasPaymentMethod: card !== undefined,
      currency,
      currencyChosen: chosen !== undefined && chosen !== null,
      trialPlan: state === 'trialing' ? scheduled : null,
      trialIncludes:
        trialIncludes && state === 'trialing' ? { id: trialIncludes.id, name: trialIncludes.name } : null,
    };
  }
  const plan = await findPlan(database, subscription.planId);
  const downgrade = subscription.scheduledPlanId
    ? await findPlan(database, subscription.scheduledPlanId)
    : undefined;
  const state: SubscriptionState =
    subscription.status === 'past_due'
      ? 'past_due'
      : subscription.status === 'expired'
        ? 'expired'
        : 'active';
  const daysLeft = state === 'expired' ? null : daysTo(subscription.currentPeriodEnd);
  return {
    state,
    label: planStatusLabel(state, { daysLeft, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd }),
    daysLeft,
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          billingPeriod: plan.billingPeriod,
          price: plan.prices?.[subscription.currency] ?? 0,
          currency: subscription.currency,
        }
      : null,
    endsAt: subscription.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    scheduledPlan: downgrade ? { id: downgrade.id, name: downgrade.name } : null,
    hasPaymentMethod: card !== undefined,
    currency,
    currencyChosen: chosen !== undefined && chosen !== null,
    trialPlan: null,
    trialIncludes: null,
  };
}
