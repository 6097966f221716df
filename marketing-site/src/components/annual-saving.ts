import type { PricingPlan } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';

/**
 * What paying yearly saves against twelve monthly payments, from the plans' own prices: whole percent, rounded down,
 * "up to" the best tier's when the tiers differ.
 */
export function annualSavingLabel(plans: readonly PricingPlan[], currency: CurrencyCode): string {
  const savings = plans
    .filter((plan) => plan.billingPeriod === 'annual' && plan.prices && !plan.isCustom)
    .map((annual) => {
      const tier = annual.id.replace(/-annual$/, '');
      const monthly = plans.find((plan) => plan.id === `${tier}-monthly`)?.prices?.[currency];
      if (!monthly) return undefined;
      // Integer arithmetic: 1 - 9,600 / 12,000 is 0.19999999999999996 in floating point.
      const yearOfMonths = 12 * monthly;
      return Math.floor(((yearOfMonths - (annual.prices?.[currency] ?? 0)) * 100) / yearOfMonths);
    })
    .filter((saving): saving is number => saving !== undefined && saving > 0);
  if (savings.length === 0) return 'Annual';
  const lowest = Math.min(...savings);
  const highest = Math.max(...savings);
  return lowest === highest ? `Annual (save ${highest}%)` : `Annual (save up to ${highest}%)`;
}
