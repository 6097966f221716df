import { createApiClient } from '@dcipher/shared/client';
import {
  listPayAsYouGoPrices,
  listPricingPlans,
  type PayAsYouGoPrice,
  type PricingPlan,
} from '@dcipher/shared/contract';

export interface PricingData {
  plans: PricingPlan[];
  payAsYouGo: PayAsYouGoPrice[];
}

/**
 * The plans and pay-as-you-go prices as the API has them now, or `undefined` when they are what the page was
 * built with (so the page does not render again for nothing). Imported on its own, after the first view: the
 * named imports let the bundler keep only these two declarations of the contract and their schemas, not all of
 * them.
 */
export async function latestPricing(
  apiBaseUrl: string,
  built: PricingData,
): Promise<PricingData | undefined> {
  const api = createApiClient({ baseUrl: apiBaseUrl });
  const [plans, payAsYouGo] = await Promise.all([api.call(listPricingPlans), api.call(listPayAsYouGoPrices)]);
  if (plans.length === 0) return undefined;
  const latest = { plans, payAsYouGo };
  return JSON.stringify(latest) === JSON.stringify({ plans: built.plans, payAsYouGo: built.payAsYouGo })
    ? undefined
    : latest;
}
