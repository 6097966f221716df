import type { PayAsYouGoPrice, PricingPlan } from '@dcipher/shared/contract';
import type { Queryable } from '../../db/database.js';

interface PriceColumns {
  priceUsd: number | null;
  priceEur: number | null;
  priceGpb: number | null;
}

/** A custom plan has no prices: all three columns are null together (a check constraint says so). */
const pricesOf = ({ priceUsd, priceEur, priceGpb }: PriceColumns) =>
  priceUsd === null || priceEur === null || priceGpb === null
    ? null
    : { usd: priceUsd, eur: priceEur, gpb: priceGpb };

const priceColumns = 'price_usd as "priceUsd", price_eur as "priceEur", price_gpb as "priceGpb"';

/** The plans on offer (retired ones left out), in pricing-page order, monthly before annual. */
export async function listActivePricingPlans(database: Queryable): Promise<PricingPlan[]> {
  const rows = await database.query<Omit<PricingPlan, 'prices'> & PriceColumns>(
    `select id, name, description, customer_type as "customerType", billing_period as "billingPeriod",
            ${priceColumns}, trial_days as "trialDays", features, quotas, is_custom as "isCustom",
            sort_order as "sortOrder"
     from pricing_plans
     where is_active
     order by sort_order, billing_period = 'annual', id`,
  );
  return rows.map(({ priceUsd, priceEur, priceGpb, ...plan }) => ({
    ...plan,
    prices: pricesOf({ priceUsd, priceEur, priceGpb }),
  }));
}

export async function listPayAsYouGoPrices(database: Queryable): Promise<PayAsYouGoPrice[]> {
  const rows = await database.query<
    Omit<PayAsYouGoPrice, 'prices'> & { priceUsd: number; priceEur: number; priceGpb: number }
  >(
    `select usage_category as "usageCategory", unit, ${priceColumns}
     from pay_as_you_go_prices
     order by sort_order, usage_category`,
  );
  return rows.map(({ priceUsd, priceEur, priceGpb, ...price }) => ({
    ...price,
    prices: { usd: priceUsd, eur: priceEur, gpb: priceGpb },
  }));
}
