import type { PayAsYouGoPrice, PricingPlan } from '@dcipher/shared/contract';
import { listPayAsYouGoPrices, listPricingPlans } from '@dcipher/shared/contract/pricing';
import * as v from 'valibot';

/** The two price lists the pricing page shows. */
export interface PricingData {
  plans: PricingPlan[];
  payAsYouGo: PayAsYouGoPrice[];
}

/** The API's two answers checked against the contract's schemas (throws on anything else). */
export function parsePricing(plans: unknown, payAsYouGo: unknown): PricingData {
  return {
    plans: v.parse(listPricingPlans.response, plans),
    payAsYouGo: v.parse(listPayAsYouGoPrices.response, payAsYouGo),
  };
}
