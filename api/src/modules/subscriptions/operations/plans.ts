import { type CurrencyCode, priceAmount } from '@dcipher/shared/domain';
import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { listActivePricingPlans } from '../../pricing/pricing-repository.js';
import { PlanNotAvailableError } from '../subscription-errors.js';
import { findPlan, findSubscription } from '../subscription-repository.js';
import { chosenCurrency, countryCurrency, findBillingAccount, isLive, isUpgrade } from './billing-account.js';
import { discountFor, priceChange } from './price-change.js';
import type { SubscriptionContext } from './subscription-context.js';

/** What moving to `nextPlanId` would cost now, as the invoice would be (`priceChange`). */
export async function quote(
  context: SubscriptionContext,
  user: AuthenticatedUser,
  query: {
    nextPlanId: string;
    promoCode?: string | undefined;
    currency?: CurrencyCode | undefined;
    startNow?: 'true' | 'false' | undefined;
  },
) {
  const priced = await priceChange(context, context.database, user.organizationId, {
    planId: query.nextPlanId,
    promoCode: query.promoCode,
    currency: query.currency,
    startNow: query.startNow !== 'false',
  });
  return priced.quote;
}

/** The current subscription (not expired, unless asked), for purchases that add to its period. */
export async function currentSubscription(
  { database }: SubscriptionContext,
  user: AuthenticatedUser,
  { includeExpired = false } = {},
) {
  const subscription = await findSubscription(database, user.organizationId);
  return includeExpired || isLive(subscription) ? subscription : undefined;
}

/** The plans the organization may move to, each marked as the change it would be (as `priceChange` decides). */
export async function upgrades({ database }: SubscriptionContext, user: AuthenticatedUser) {
  const { subscription, organization, card } = await findBillingAccount(database, user.organizationId);
  const current = isLive(subscription) ? await findPlan(database, subscription.planId) : undefined;
  const currency = chosenCurrency(subscription, organization) ?? countryCurrency(card);
  const plans = (await listActivePricingPlans(database)).filter(
    (plan) =>
      !plan.isCustom &&
      plan.prices &&
      plan.customerType === organization?.customerType &&
      plan.id !== current?.id,
  );
  return plans.map((plan) => {
    if (!current) return { plan, change: 'start' as const };
    return {
      plan,
      change: isUpgrade(current, plan, currency) ? ('upgrade' as const) : ('downgrade' as const),
    };
  });
}

/** A plan's price with a promo code, before VAT (public: the pricing page and checkout ask it). */
export async function discountedPrice(
  { database }: SubscriptionContext,
  { code, planId, currency = 'usd' }: { code: string; planId: string; currency?: CurrencyCode | undefined },
) {
  const plan = await findPlan(database, planId);
  if (!plan?.isActive || !plan.prices) throw new PlanNotAvailableError();
  const discount = await discountFor(database, code, plan, currency, 'code');
  const priced = priceAmount(plan.prices[currency], discount, 0);
  return {
    code,
    planId,
    currency,
    price: priced.subtotal,
    discount: priced.discount,
    discountedPrice: priced.net,
  };
}
