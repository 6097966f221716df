import { type PayAsYouGoPrice, type PricingPlan, PricingPlanSchema } from '@dcipher/shared/contract';
import { billingPeriods, customerTypes, usageCategories } from '@dcipher/shared/domain';
import * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

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

/** Columns holding an enumeration (text) or the plan's lists (JSON): checked as they are read. */
const customerTypeOf = v.parser(v.picklist(customerTypes));
const billingPeriodOf = v.parser(v.picklist(billingPeriods));
const usageCategoryOf = v.parser(v.picklist(usageCategories));
const featuresOf = v.parser(PricingPlanSchema.entries.features);
const quotasOf = v.parser(PricingPlanSchema.entries.quotas);

/** The plans on offer (retired ones left out), in pricing-page order, monthly before annual. */
export async function listActivePricingPlans(database: Queryable): Promise<PricingPlan[]> {
  const rows = await db(database)
    .selectFrom('pricingPlans')
    .select([
      'id',
      'name',
      'description',
      'customerType',
      'billingPeriod',
      'priceUsd',
      'priceEur',
      'priceGpb',
      'trialDays',
      'features',
      'quotas',
      'isCustom',
      'sortOrder',
    ])
    .where('isActive', '=', true)
    .orderBy('sortOrder')
    .orderBy((eb) => eb('billingPeriod', '=', 'annual'))
    .orderBy('id')
    .execute();
  return rows.map(({ priceUsd, priceEur, priceGpb, ...plan }) => ({
    ...plan,
    customerType: customerTypeOf(plan.customerType),
    billingPeriod: billingPeriodOf(plan.billingPeriod),
    prices: pricesOf({ priceUsd, priceEur, priceGpb }),
    features: featuresOf(plan.features),
    quotas: quotasOf(plan.quotas),
  }));
}

export async function listPayAsYouGoPrices(database: Queryable): Promise<PayAsYouGoPrice[]> {
  const rows = await db(database)
    .selectFrom('payAsYouGoPrices')
    .select(['usageCategory', 'unit', 'priceUsd', 'priceEur', 'priceGpb'])
    .orderBy('sortOrder')
    .orderBy('usageCategory')
    .execute();
  return rows.map(({ priceUsd, priceEur, priceGpb, ...price }) => ({
    ...price,
    usageCategory: usageCategoryOf(price.usageCategory),
    prices: { usd: priceUsd, eur: priceEur, gpb: priceGpb },
  }));
}
