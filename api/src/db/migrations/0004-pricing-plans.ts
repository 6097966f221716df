import type { PayAsYouGoPrice, PlanQuota, Prices, PricingPlan } from '@dcipher/shared/contract';
import type { Migration } from './migration.js';

// The plans and pay-as-you-go prices on offer at launch. They are product data every environment needs (the
// pricing page and sign-up read them), so a migration creates them, not the demo seed. Like any migration this
// one is frozen once shipped: a price change is a new migration that updates these rows.

type Tier = Pick<
  PricingPlan,
  'name' | 'description' | 'customerType' | 'features' | 'quotas' | 'sortOrder'
> & {
  slug: string;
  monthlyPrices: Prices;
  /** The annual plan's price for the whole year: twelve cheaper months. */
  annualPrices: Prices;
};

const quotas = (values: readonly string[]): PlanQuota[] => {
  const labels = [
    'Custom workflow quota',
    'Social media posts',
    'News media articles',
    'Landscape generation',
    'Research bot interactions',
    'Knowledge base index texts',
    'Research agent tasks',
    'Report sections (cost-efficient models)',
    'Report sections (state-of-the-art models)',
    'Storage',
    'Max file size',
    'Compute hours',
  ] as const;
  if (values.length !== labels.length) throw new Error('a plan has one value per quota label');
  return labels.map((label, index) => ({ label, value: values[index] as string }));
};

const perYear = (monthly: Prices): Prices => ({
  usd: monthly.usd * 12,
  eur: monthly.eur * 12,
  gpb: monthly.gpb * 12,
});

const selfServeTiers: readonly Tier[] = [
  {
    slug: 'starter',
    name: 'Starter',
    description: 'For individual analysts getting started with insight automation.',
    customerType: 'Individual',
    sortOrder: 1,
    monthlyPrices: { usd: 4900, eur: 4500, gpb: 3900 },
    annualPrices: perYear({ usd: 3900, eur: 3600, gpb: 3100 }),
    features: [
      'Text analysis studio',
      'Predefined workflows',
      'Research bot',
      'One knowledge base',
      'Email support',
    ],
    quotas: quotas([
      '2',
      '10,000 per month',
      '5,000 per month',
      '5 per month',
      '200 per month',
      '1,000',
      '10 per month',
      '100 per month',
      '20 per month',
      '5 GB',
      '50 MB',
      '10 per month',
    ]),
  },
  {
    slug: 'professional',
    name: 'Professional',
    description: 'For power users who run workflows and reports every week.',
    customerType: 'Individual',
    sortOrder: 2,
    monthlyPrices: { usd: 14900, eur: 13900, gpb: 11900 },
    annualPrices: perYear({ usd: 11900, eur: 11100, gpb: 9500 }),
    features: [
      'Everything in Starter',
      'Custom workflows',
      'Insight booster projects and report templates',
      'Up to five knowledge bases',
      'Workflow store',
      'Priority email support',
    ],
    quotas: quotas([
      '10',
      '50,000 per month',
      '25,000 per month',
      '20 per month',
      '1,000 per month',
      '10,000',
      '50 per month',
      '500 per month',
      '100 per month',
      '25 GB',
      '200 MB',
      '40 per month',
    ]),
  },
  {
    slug: 'business',
    name: 'Business',
    description: 'For teams that share projects, knowledge bases and reports.',
    customerType: 'Business',
    sortOrder: 3,
    monthlyPrices: { usd: 49900, eur: 45900, gpb: 39900 },
    annualPrices: perYear({ usd: 39900, eur: 36900, gpb: 31900 }),
    features: [
      'Everything in Professional',
      'Organization with admins, teammates and guests',
      'Roles and permissions per resource',
      'Choice of cloud region',
      'Single sign-on (SSO)',
      'Unlimited knowledge bases',
      'Phone and email support',
    ],
    quotas: quotas([
      '50',
      '250,000 per month',
      '100,000 per month',
      '100 per month',
      '5,000 per month',
      '100,000',
      '250 per month',
      '2,500 per month',
      '500 per month',
      '250 GB',
      '1 GB',
      '200 per month',
    ]),
  },
];

const plans: readonly PricingPlan[] = [
  ...selfServeTiers.flatMap(({ slug, monthlyPrices, annualPrices, ...tier }) =>
    (['monthly', 'annual'] as const).map(
      (billingPeriod): PricingPlan => ({
        ...tier,
        id: `${slug}-${billingPeriod}`,
        billingPeriod,
        prices: billingPeriod === 'monthly' ? monthlyPrices : annualPrices,
        // The spec's free trial: 14 days, no credit card.
        trialDays: 14,
        isCustom: false,
      }),
    ),
  ),
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For organizations that need custom volumes, security reviews and dedicated support.',
    customerType: 'Business',
    // Sold on yearly contracts through the sales team.
    billingPeriod: 'annual',
    prices: null,
    trialDays: 0,
    features: [
      'Everything in Business',
      'Custom quotas and volume pricing',
      'Dedicated cloud deployment',
      'Password expiration policies',
      'Dedicated customer success manager',
      'Service-level agreement',
    ],
    quotas: quotas(Array.from({ length: 12 }, () => 'Custom')),
    isCustom: true,
    sortOrder: 4,
  },
];

const payAsYouGoPrices: readonly PayAsYouGoPrice[] = [
  { usageCategory: 'LLM', unit: '10,000 tokens', prices: { usd: 10, eur: 9, gpb: 8 } },
  { usageCategory: 'ResearchBotAnswer', unit: 'answer', prices: { usd: 5, eur: 5, gpb: 4 } },
  { usageCategory: 'KnowledgeBaseTraining', unit: '1,000 texts', prices: { usd: 100, eur: 90, gpb: 80 } },
  { usageCategory: 'LandscapeGeneration', unit: 'landscape', prices: { usd: 500, eur: 460, gpb: 400 } },
  {
    usageCategory: 'ReportSectionGenerationLowLLM',
    unit: 'report section',
    prices: { usd: 10, eur: 9, gpb: 8 },
  },
  {
    usageCategory: 'ReportSectionGenerationHighLLM',
    unit: 'report section',
    prices: { usd: 50, eur: 46, gpb: 40 },
  },
  { usageCategory: 'ResearchAgentTask', unit: 'task', prices: { usd: 200, eur: 185, gpb: 160 } },
  { usageCategory: 'GoogleTranslate', unit: '10,000 characters', prices: { usd: 25, eur: 23, gpb: 20 } },
  { usageCategory: 'SocialMedia', unit: '1,000 posts', prices: { usd: 150, eur: 140, gpb: 120 } },
  { usageCategory: 'News', unit: '1,000 articles', prices: { usd: 200, eur: 185, gpb: 160 } },
];

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
const jsonb = (value: unknown) => `${text(JSON.stringify(value))}::jsonb`;
const amount = (prices: Prices | null, currency: keyof Prices) =>
  prices ? String(prices[currency]) : 'null';

const planRows = plans.map((plan) =>
  [
    text(plan.id),
    text(plan.name),
    text(plan.description),
    text(plan.customerType),
    text(plan.billingPeriod),
    amount(plan.prices, 'usd'),
    amount(plan.prices, 'eur'),
    amount(plan.prices, 'gpb'),
    plan.trialDays,
    jsonb(plan.features),
    jsonb(plan.quotas),
    plan.isCustom,
    plan.sortOrder,
  ].join(', '),
);

const payAsYouGoRows = payAsYouGoPrices.map((price, index) =>
  [
    text(price.usageCategory),
    text(price.unit),
    price.prices.usd,
    price.prices.eur,
    price.prices.gpb,
    index + 1,
  ].join(', '),
);

/** Subscription plans and pay-as-you-go prices, with the plans and prices on offer at launch. */
export const pricingPlansMigration: Migration = {
  version: '0004-pricing-plans',
  sql: /* sql */ `
    -- Money is whole minor units (cents, pence) per currency; the pound column follows the spec's key, gpb.
    create table pricing_plans (
      id text primary key,
      name text not null,
      description text not null,
      customer_type text not null check (customer_type in ('Individual', 'Business')),
      billing_period text not null check (billing_period in ('monthly', 'annual')),
      price_usd integer check (price_usd >= 0),
      price_eur integer check (price_eur >= 0),
      price_gpb integer check (price_gpb >= 0),
      trial_days integer not null check (trial_days >= 0),
      features jsonb not null,
      quotas jsonb not null,
      -- A custom plan is priced on request: it has no price at all, any other plan has all three.
      is_custom boolean not null,
      sort_order integer not null,
      -- Plans are retired, not deleted: subscriptions will refer to them.
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      check (
        (is_custom and price_usd is null and price_eur is null and price_gpb is null)
        or (not is_custom and price_usd is not null and price_eur is not null and price_gpb is not null)
      )
    );

    create table pay_as_you_go_prices (
      usage_category text primary key,
      unit text not null,
      price_usd integer not null check (price_usd >= 0),
      price_eur integer not null check (price_eur >= 0),
      price_gpb integer not null check (price_gpb >= 0),
      sort_order integer not null
    );

    insert into pricing_plans (id, name, description, customer_type, billing_period, price_usd, price_eur,
                               price_gpb, trial_days, features, quotas, is_custom, sort_order)
    values
      (${planRows.join('),\n      (')});

    insert into pay_as_you_go_prices (usage_category, unit, price_usd, price_eur, price_gpb, sort_order)
    values
      (${payAsYouGoRows.join('),\n      (')});
  `,
};
