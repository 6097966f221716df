import * as v from 'valibot';
import { type CurrencyCode, currencySymbols } from '../domain/constants.js';
import { idempotencyKeyField } from '../validation/fields.js';
import { validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/** A whole number of minor units (cents, pence). */
const Minor = v.pipe(v.number(), v.integer(), v.minValue(0));

export const currencyCodes = Object.keys(currencySymbols) as CurrencyCode[];

/**
 * Where the organization stands (spec section 4): `trialing` and `active` allow access; `past_due` is a payment
 * problem (the renewal charge failed); `expired` is a trial or subscription that ended.
 */
export const subscriptionStates = ['trialing', 'active', 'past_due', 'expired'] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

const planId = v.pipe(
  v.string(validationMessages.required),
  v.nonEmpty(validationMessages.required),
  v.maxLength(100),
);
const promoCode = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.maxLength(40, 'Please enter a promo code of at most 40 characters.'),
  ),
);
/** A key the screen makes once per confirmation: a retried or double-clicked request charges once. */
const idempotencyKey = idempotencyKeyField;

/**
 * A plan picked during the free trial, waiting for the trial's end to start (docs/decisions/0078, 0113): what will be
 * charged then, in minor units. "Start now" charges the same plan with the same promo code at once.
 */
export const ScheduledTrialPlanSchema = v.object({
  id: v.string(),
  name: v.string(),
  billingPeriod: v.picklist(['monthly', 'annual']),
  currency: v.picklist(currencyCodes),
  /** The plan's price for its first period, before the promo code and VAT. */
  subtotal: Minor,
  discount: Minor,
  /** The promo code given when the plan was picked, kept for its start (null: none, or no longer valid). */
  promoCode: v.nullable(v.string()),
  vatRateBasisPoints: Minor,
  reverseCharge: v.boolean(),
  vat: Minor,
  /** What the card is charged when the plan starts, VAT included. */
  total: Minor,
  /** ISO 8601: when the plan starts and `total` is charged (the trial's end). */
  startsAt: v.string(),
});
export type ScheduledTrialPlan = v.InferOutput<typeof ScheduledTrialPlanSchema>;

export const SubscriptionSummarySchema = v.object({
  state: v.picklist(subscriptionStates),
  /** Spec section 4's label, ready to show: "Free trial ends in 9 days", "Active", "Payment problem"… */
  label: v.string(),
  /** Whole days left of the trial or the paid period (never negative); null when nothing is counting down. */
  daysLeft: v.nullable(v.pipe(v.number(), v.integer())),
  plan: v.nullable(
    v.object({
      id: v.string(),
      name: v.string(),
      billingPeriod: v.picklist(['monthly', 'annual']),
      price: Minor,
      currency: v.picklist(currencyCodes),
    }),
  ),
  /** ISO 8601: the trial's end, or the current paid period's end. */
  endsAt: v.nullable(v.string()),
  cancelAtPeriodEnd: v.boolean(),
  /** A downgrade waiting for the period's end. */
  scheduledPlan: v.nullable(v.object({ id: v.string(), name: v.string() })),
  /** Whether the organization has a card to charge (the default one). */
  hasPaymentMethod: v.boolean(),
  /**
   * The one currency the organization pays in (its plan's, else the one chosen at sign-up or by the billing
   * country, else usd): every price the account area shows is in it (docs/decisions/0078).
   */
  currency: v.picklist(currencyCodes),
  /** Whether that currency is settled (chosen at sign-up or with a first plan); if not, a first plan may choose. */
  currencyChosen: v.boolean(),
  /**
   * During the trial: the plan picked to start, and be charged, when the trial ends (`startsAt`, equal to `endsAt`),
   * with what will be charged then, priced as the charge will be (docs/decisions/0113): the promo code given when it
   * was picked, its discount, VAT by the default card's billing details, and the VAT-inclusive `total`.
   */
  trialPlan: v.nullable(ScheduledTrialPlanSchema),
  /**
   * During the trial: the plan whose features and quotas the trial gives (docs/decisions/0085): the plan picked,
   * else the customer type's most complete self-serve plan. Null when not on trial.
   */
  trialIncludes: v.nullable(v.object({ id: v.string(), name: v.string() })),
});
export type SubscriptionSummary = v.InferOutput<typeof SubscriptionSummarySchema>;

export const getSubscriptionSummary = defineEndpoint({
  operation: 'getSubscriptionSummary',
  errors: [],
  summary: "The organization's plan, its state and status label, and the days left (every member but guests)",
  method: 'GET',
  path: '/subscriptions/summary',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  response: SubscriptionSummarySchema,
});

/** What a change would cost now, priced exactly as the invoice it would create (docs/decisions/0039). */
export const PlanChangeQuoteSchema = v.object({
  planId: v.string(),
  planName: v.string(),
  /** `start`: a first subscription (after the trial); `upgrade`: charged now, prorated; `downgrade`: at period end. */
  kind: v.picklist(['start', 'upgrade', 'downgrade', 'unchanged']),
  currency: v.picklist(currencyCodes),
  /** The new plan's price for the part of the period it is charged for. */
  charge: Minor,
  /** The unused part of what was paid for the current plan. */
  credit: Minor,
  subtotal: Minor,
  discount: Minor,
  promoCode: v.nullable(v.string()),
  vatRateBasisPoints: Minor,
  reverseCharge: v.boolean(),
  vat: Minor,
  /** What the card is charged now: equal to the invoice's total. */
  total: Minor,
  /** ISO 8601: when the change takes effect (now, or the period's end for a downgrade). */
  effectiveAt: v.string(),
  /** ISO 8601: the end of the period the charge covers. */
  periodEnd: v.string(),
  /**
   * ISO 8601: when the card is charged `total`: now, or the trial's end for a plan picked during the trial (the
   * trial is kept); null when nothing is charged (a downgrade waits for the period's end, then renews).
   */
  chargedAt: v.nullable(v.string()),
  /** Whole days of free trial kept before the plan starts (0 when it starts now). */
  trialDaysKept: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type PlanChangeQuote = v.InferOutput<typeof PlanChangeQuoteSchema>;

export const UpgradeCostQuerySchema = v.object({
  nextPlanId: planId,
  promoCode,
  /** The currency of a first subscription; a running subscription keeps its own. Defaults to usd. */
  currency: v.optional(v.picklist(currencyCodes, 'Please choose a currency: usd, eur or gpb.')),
  /** During the trial: `false` prices the plan from the trial's end (the trial kept); `true` or absent, from now. */
  startNow: v.optional(v.picklist(['true', 'false'], 'Please answer true or false.')),
});

export const getUpgradeCost = defineEndpoint({
  operation: 'getUpgradeCost',
  errors: ['PLAN_NOT_AVAILABLE', 'PROMO_CODE_INVALID', 'NO_PAYMENT_METHOD', 'SUBSCRIPTION_CONFLICT'],
  summary:
    'What moving to a plan costs now (prorated for an upgrade, promo code and VAT applied), before confirming',
  method: 'GET',
  path: '/subscriptions/upgrade-cost',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  query: UpgradeCostQuerySchema,
  response: PlanChangeQuoteSchema,
});

export const SubscribeInputSchema = v.object({
  planId,
  currency: v.optional(v.picklist(currencyCodes, 'Please choose a currency: usd, eur or gpb.')),
  promoCode,
  idempotencyKey,
  /**
   * During the free trial: false keeps the trial, and the plan starts, and is charged, when the trial ends; true
   * ends the trial and charges the first period now. Absent means true, as before this choice existed: the account
   * area always sends it, false unless the person chose "Start now" (docs/decisions/0078).
   */
  startNow: v.optional(v.boolean()),
});

export const InvoiceLineSchema = v.object({
  description: v.string(),
  amount: v.pipe(v.number(), v.integer()),
});

export const InvoiceSchema = v.object({
  id: v.string(),
  /** From a gap-free sequence, shown as "DC-000042". */
  number: v.string(),
  issuedAt: v.string(),
  periodStart: v.string(),
  periodEnd: v.string(),
  currency: v.picklist(currencyCodes),
  lines: v.array(InvoiceLineSchema),
  subtotal: Minor,
  discount: Minor,
  promoCode: v.nullable(v.string()),
  vatRateBasisPoints: Minor,
  reverseCharge: v.boolean(),
  vat: Minor,
  total: Minor,
  status: v.picklist(['paid', 'open']),
});
export type Invoice = v.InferOutput<typeof InvoiceSchema>;

export const SubscriptionChangeSchema = v.object({
  summary: SubscriptionSummarySchema,
  /** The invoice the change created and paid; null when nothing was charged (a downgrade, an undo). */
  invoice: v.nullable(InvoiceSchema),
});

export const startSubscription = defineEndpoint({
  operation: 'startSubscription',
  errors: [
    'PLAN_NOT_AVAILABLE',
    'PROMO_CODE_INVALID',
    'NO_PAYMENT_METHOD',
    'CARD_DECLINED',
    'SUBSCRIPTION_CONFLICT',
    'IDEMPOTENCY_KEY_REUSED',
    'PAYMENT_IN_PROGRESS',
    'PAYMENT_NOT_CONFIRMED',
    'PAYMENT_NOT_COMPLETED',
  ],
  summary:
    'Subscribe to a plan after (or during) the trial: the default card is charged for the first period (admins)',
  method: 'POST',
  path: '/subscriptions',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'create' },
  body: { name: 'subscribeInput', schema: SubscribeInputSchema },
  response: SubscriptionChangeSchema,
  successStatus: 201,
});

export const changeSubscription = defineEndpoint({
  operation: 'changeSubscription',
  errors: [
    'PLAN_NOT_AVAILABLE',
    'PROMO_CODE_INVALID',
    'NO_PAYMENT_METHOD',
    'CARD_DECLINED',
    'SUBSCRIPTION_CONFLICT',
    'IDEMPOTENCY_KEY_REUSED',
    'PAYMENT_IN_PROGRESS',
    'PAYMENT_NOT_CONFIRMED',
    'PAYMENT_NOT_COMPLETED',
  ],
  summary:
    'Change plan: an upgrade is charged now for the rest of the period (prorated invoice); a downgrade waits for ' +
    "the period's end; the current plan undoes a waiting downgrade or cancellation (admins)",
  method: 'PUT',
  path: '/subscriptions',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'update' },
  body: { name: 'changeSubscriptionInput', schema: SubscribeInputSchema },
  response: SubscriptionChangeSchema,
});

export const cancelSubscription = defineEndpoint({
  operation: 'cancelSubscription',
  errors: ['SUBSCRIPTION_CONFLICT'],
  summary: "Cancel at the period's end; undone by choosing the current plan again until then (admins)",
  method: 'DELETE',
  path: '/subscriptions',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'delete' },
  response: SubscriptionSummarySchema,
});

export const cancelTrialPlan = defineEndpoint({
  operation: 'cancelTrialPlan',
  errors: ['SUBSCRIPTION_CONFLICT'],
  summary:
    'Cancel the plan picked during the free trial before it starts: nothing is charged when the trial ends (admins)',
  method: 'DELETE',
  path: '/subscriptions/trial-plan',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'delete' },
  response: SubscriptionSummarySchema,
});

export const InvoiceQuerySchema = v.object({
  from: v.optional(v.pipe(v.string(), v.isoDate('Please enter a date as YYYY-MM-DD.'))),
  to: v.optional(v.pipe(v.string(), v.isoDate('Please enter a date as YYYY-MM-DD.'))),
});

export const listInvoices = defineEndpoint({
  operation: 'listInvoices',
  errors: [],
  summary: "The organization's invoices issued between two dates (inclusive), newest first",
  method: 'GET',
  path: '/invoices',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  query: InvoiceQuerySchema,
  response: v.array(InvoiceSchema),
});

export const PromoCodeInputSchema = v.object({
  code: v.pipe(
    v.string(validationMessages.required),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty(validationMessages.required),
    v.maxLength(40, 'Please enter a promo code of at most 40 characters.'),
  ),
  planId,
  currency: v.optional(v.picklist(currencyCodes, 'Please choose a currency: usd, eur or gpb.')),
});

export const calculateDiscountedPrice = defineEndpoint({
  operation: 'calculateDiscountedPrice',
  errors: ['PLAN_NOT_AVAILABLE', 'PROMO_CODE_INVALID'],
  summary: "A plan's price with a promo code applied (before VAT), or why the code does not apply",
  method: 'POST',
  path: '/promocode/calculateDiscountedPrice',
  auth: 'public',
  body: { name: 'promoCodeInput', schema: PromoCodeInputSchema },
  response: v.object({
    code: v.string(),
    planId: v.string(),
    currency: v.picklist(currencyCodes),
    price: Minor,
    discount: Minor,
    discountedPrice: Minor,
  }),
});

/**
 * What a one-off charge (credits, an add-on, a renewal's payment) would charge now, priced by the same code as the purchase itself
 * (VAT by the billing details of the default card): shown in the confirmation before anything is charged.
 */
export const PurchaseQuoteSchema = v.object({
  packageId: v.string(),
  /** The invoice line: what is bought. */
  description: v.string(),
  currency: v.picklist(currencyCodes),
  /** Before VAT. */
  subtotal: Minor,
  vatRateBasisPoints: Minor,
  reverseCharge: v.boolean(),
  vat: Minor,
  /** What the card is charged on confirming: the invoice's total, VAT included. */
  total: Minor,
  /** One-off purchases are charged when confirmed. */
  chargedAt: v.literal('now'),
  /** ISO 8601: for an add-on or a renewal, the end of the period it pays for; null for credits (they do not expire). */
  validUntil: v.nullable(v.string()),
});
export type PurchaseQuote = v.InferOutput<typeof PurchaseQuoteSchema>;

export const getOutstandingQuote = defineEndpoint({
  operation: 'getOutstandingQuote',
  errors: ['SUBSCRIPTION_CONFLICT', 'NO_PAYMENT_METHOD'],
  summary:
    'What paying the renewal of a plan with a payment problem would charge now (VAT included), before confirming (admins)',
  method: 'GET',
  path: '/invoices/pay/quote',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'update' },
  response: PurchaseQuoteSchema,
});

export const payOutstandingInvoice = defineEndpoint({
  operation: 'payOutstandingInvoice',
  errors: [
    'SUBSCRIPTION_CONFLICT',
    'NO_PAYMENT_METHOD',
    'CARD_DECLINED',
    'PAYMENT_IN_PROGRESS',
    'PAYMENT_NOT_CONFIRMED',
    'PAYMENT_NOT_COMPLETED',
  ],
  summary:
    'Pay the renewal of a plan with a payment problem with the card on file; the plan is active again (admins)',
  method: 'PUT',
  path: '/invoices/pay',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'update' },
  response: SubscriptionSummarySchema,
});

export const InvoiceParamsSchema = v.object({
  invoiceId: v.pipe(v.string(validationMessages.required), v.nonEmpty(validationMessages.required)),
});

/** A file for the browser to save: JSON carries it like every other answer (docs/decisions/0039). */
export const InvoiceFileSchema = v.object({
  fileName: v.string(),
  contentType: v.literal('application/pdf'),
  /** The PDF, base64-encoded. */
  base64: v.string(),
});

export const downloadInvoice = defineEndpoint({
  operation: 'downloadInvoice',
  errors: ['NOT_FOUND'],
  summary: "One of the organization's invoices as a PDF",
  method: 'GET',
  path: '/invoices/{invoiceId}/pdf',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  params: InvoiceParamsSchema,
  response: InvoiceFileSchema,
});

export const SubscriptionSchema = v.object({
  planId: v.string(),
  currency: v.picklist(currencyCodes),
  status: v.picklist(['active', 'past_due', 'expired']),
  currentPeriodStart: v.string(),
  currentPeriodEnd: v.string(),
  scheduledPlanId: v.nullable(v.string()),
  cancelAtPeriodEnd: v.boolean(),
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;

export const getSubscription = defineEndpoint({
  operation: 'getSubscription',
  errors: [],
  summary: "The organization's subscription record, or null while it has none (on its trial)",
  method: 'GET',
  path: '/subscriptions',
  auth: 'bearer',
  permission: { resource: 'subscription', action: 'read' },
  response: v.nullable(SubscriptionSchema),
});
