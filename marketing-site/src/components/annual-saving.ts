import type { PricingPlan } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';

/** What an annual plan saves against twelve payments of its tier's monthly plan, in one currency. */
export interface AnnualSaving {
  /** Whole percent, rounded down. */
  percent: number;
  /** Minor units saved over the year. */
  amount: number;
  /** The annual price spread over twelve months, in minor units (rounded down to a whole minor unit). */
  perMonth: number;
}

/** The saving of one annual plan against its tier's monthly plan (`starter-annual` against `starter-monthly`). */
export function annualSavingOf(
  plans: readonly PricingPlan[],
  annual: PricingPlan,
  currency: CurrencyCode,
): AnnualSaving | undefined {
  if (annual.billingPeriod !== 'annual' || annual.isCustom || !annual.prices) return undefined;
  const tier = annual.id.replace(/-annual$/, '');
  const monthly = plans.find((plan) => plan.id === `${tier}-monthly`)?.prices?.[currency];
  if (!monthly) return undefined;
  const yearly = annual.prices[currency];
  // Integer arithmetic: 1 - 9,600 / 12,000 is 0.19999999999999996 in floating point.
  const yearOfMonths = 12 * monthly;
  const amount = yearOfMonths - yearly;
  if (amount <= 0) return undefined;
  return {
    percent: Math.floor((amount * 100) / yearOfMonths),
    amount,
    perMonth: Math.floor(yearly / 12),
  };
}

/** The best saving of all annual plans, and whether the tiers differ ("up to"); undefined when none saves. */
export function bestAnnualSaving(
  plans: readonly PricingPlan[],
  currency: CurrencyCode,
): { percent: number; varies: boolean } | undefined {
  const savings = plans
    .map((plan) => annualSavingOf(plans, plan, currency)?.percent)
    .filter((saving): saving is number => saving !== undefined && saving > 0);
  if (savings.length === 0) return undefined;
  const lowest = Math.min(...savings);
  const highest = Math.max(...savings);
  return { percent: highest, varies: lowest !== highest };
}

/**
 * What paying yearly saves against twelve monthly payments, from the plans' own prices: whole percent, rounded down,
 * "up to" the best tier's when the tiers differ.
 */
export function annualSavingLabel(plans: readonly PricingPlan[], currency: CurrencyCode): string {
  const best = bestAnnualSaving(plans, currency);
  if (!best) return 'Annual';
  return best.varies ? `Annual (save up to ${best.percent}%)` : `Annual (save ${best.percent}%)`;
}
