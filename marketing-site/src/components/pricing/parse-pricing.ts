import { listPayAsYouGoPrices, listPricingPlans } from '@dcipher/shared/contract/pricing';
import * as v from 'valibot';
import type { PricingData } from './latest-pricing';

/** The API's two answers checked against the contract's schemas (throws on anything else). */
export function parsePricing(plans: unknown, payAsYouGo: unknown): PricingData {
  return {
    plans: v.parse(listPricingPlans.response, plans),
    payAsYouGo: v.parse(listPayAsYouGoPrices.response, payAsYouGo),
  };
}
