import * as v from 'valibot';
import type { CurrencyCode } from '../domain/constants.js';
import {
  billingPeriods,
  customerTypes,
  subscriptionQuotaLabels,
  usageCategories,
} from '../domain/enumerations.js';
import { phoneField, requiredText } from '../validation/fields.js';
import { defineEndpoint } from './endpoint.js';
import { leadFields } from './lead-fields.js';

/** A whole number of minor units (cents, pence): money never travels as a fraction. */
const MinorUnitsSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One amount per display currency, keyed as the spec spells the codes (`gpb` for pounds). */
export const PricesSchema = v.object({
  usd: MinorUnitsSchema,
  eur: MinorUnitsSchema,
  gpb: MinorUnitsSchema,
} satisfies Record<CurrencyCode, typeof MinorUnitsSchema>);
export type Prices = v.InferOutput<typeof PricesSchema>;

export const PlanQuotaSchema = v.object({
  label: v.picklist(subscriptionQuotaLabels),
  /** Ready to show: "10,000 per month", "50 GB", "Unlimited". */
  value: v.string(),
});
export type PlanQuota = v.InferOutput<typeof PlanQuotaSchema>;

export const PricingPlanSchema = v.object({
  /** A stable slug such as `starter-monthly`. */
  id: v.string(),
  name: v.string(),
  description: v.string(),
  customerType: v.picklist(customerTypes),
  billingPeriod: v.picklist(billingPeriods),
  /** What one billing period costs (an annual plan: the whole year); null for a custom plan, priced on request. */
  prices: v.nullable(PricesSchema),
  /** Days of free trial (no credit card) before the first charge; 0 when there is none. */
  trialDays: v.pipe(v.number(), v.integer(), v.minValue(0)),
  features: v.array(v.string()),
  quotas: v.array(PlanQuotaSchema),
  /** A "contact us" plan (Enterprise): no list price, sold through the sales team. */
  isCustom: v.boolean(),
  /** Position on the pricing page; a plan's monthly and annual variants share it. */
  sortOrder: v.pipe(v.number(), v.integer()),
});
export type PricingPlan = v.InferOutput<typeof PricingPlanSchema>;

export const PayAsYouGoPriceSchema = v.object({
  usageCategory: v.picklist(usageCategories),
  /** What one price buys: "10,000 tokens", "answer". */
  unit: v.string(),
  prices: PricesSchema,
});
export type PayAsYouGoPrice = v.InferOutput<typeof PayAsYouGoPriceSchema>;

export const listPricingPlans = defineEndpoint({
  operation: 'listPricingPlans',
  errors: [],
  summary: 'The subscription plans on offer, in pricing-page order',
  method: 'GET',
  path: '/pricing-plans',
  auth: 'public',
  response: v.array(PricingPlanSchema),
});

export const listPayAsYouGoPrices = defineEndpoint({
  operation: 'listPayAsYouGoPrices',
  errors: [],
  summary: 'Prices of usage bought with pay-as-you-go credits, per usage category',
  method: 'GET',
  path: '/pricing-plans/pay-as-you-go-prices',
  auth: 'public',
  response: v.array(PayAsYouGoPriceSchema),
});

/** A plan the organization may move to, and what moving would be (docs/decisions/0039). */
export const PlanUpgradeSchema = v.object({
  plan: PricingPlanSchema,
  /** `start`: a first plan; `upgrade`: charged now, prorated; `downgrade`: from the period's end. */
  change: v.picklist(['start', 'upgrade', 'downgrade']),
});

export const listPlanUpgrades = defineEndpoint({
  operation: 'listPlanUpgrades',
  errors: [],
  summary:
    "The plans the organization may move to (its customer type's, priced), each marked upgrade or downgrade",
  method: 'GET',
  path: '/pricing-plans/upgrades',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  response: v.array(PlanUpgradeSchema),
});

export const CustomPlanRequestSchema = v.object({
  ...leadFields,
  phone: phoneField,
  /** Roughly how many people would use Dcipher. */
  seats: v.optional(
    v.pipe(
      v.number('Please enter a number of people.'),
      v.integer('Please enter a whole number of people.'),
      v.minValue(1, 'Please enter at least 1 person.'),
      v.maxValue(1_000_000, 'Please enter at most 1,000,000 people.'),
    ),
  ),
  message: requiredText(5000),
});

export const createCustomPlan = defineEndpoint({
  operation: 'createCustomPlan',
  errors: [],
  summary:
    'Ask for a custom (Enterprise) plan: the request is kept and emailed to the sales team (rate limited per IP)',
  method: 'POST',
  path: '/pricing-plans/create-custom-plan',
  auth: 'public',
  body: { name: 'customPlanRequest', schema: CustomPlanRequestSchema },
  response: v.object({ id: v.string(), receivedAt: v.string() }),
  successStatus: 201,
});
