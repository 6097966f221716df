import * as v from 'valibot';
import type { CurrencyCode } from '../domain/constants.js';
import { usageCategories } from '../domain/enumerations.js';
import { idempotencyKeyField } from '../validation/fields.js';
import { validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';
import { InvoiceSchema, PurchaseQuoteSchema } from './subscriptions.js';

/**
 * The wallet and add-ons (docs/decisions/0041). Credits pay for pay-as-you-go usage past a plan's quotas: one credit
 * is worth one US cent of the pay-as-you-go price list. The balance is the sum of an append-only ledger.
 */

const Minor = v.pipe(v.number(), v.integer(), v.minValue(0));
const PricesSchema = v.object({ usd: Minor, eur: Minor, gpb: Minor } satisfies Record<
  CurrencyCode,
  typeof Minor
>);
const id = v.pipe(
  v.string(validationMessages.required),
  v.nonEmpty(validationMessages.required),
  v.maxLength(100),
);
const idempotencyKey = idempotencyKeyField;
const currency = v.optional(v.picklist(['usd', 'eur', 'gpb'], 'Please choose a currency: usd, eur or gpb.'));

export const WalletPackageSchema = v.object({
  id: v.string(),
  name: v.string(),
  credits: v.pipe(v.number(), v.integer(), v.minValue(1)),
  prices: PricesSchema,
});
export type WalletPackage = v.InferOutput<typeof WalletPackageSchema>;

export const listWalletPackages = defineEndpoint({
  operation: 'listWalletPackages',
  errors: [],
  summary: 'The credit packages on sale for the wallet',
  method: 'GET',
  path: '/wallet-packages',
  auth: 'public',
  response: v.array(WalletPackageSchema),
});

export const CreditBalanceSchema = v.object({ balance: v.pipe(v.number(), v.integer()) });

export const getCustomerCredits = defineEndpoint({
  operation: 'getCustomerCredits',
  errors: [],
  summary: "The organization's wallet balance in credits (the sum of its ledger)",
  method: 'GET',
  path: '/customer-credits',
  auth: 'bearer',
  permission: { resource: 'wallet-transaction', action: 'read' },
  response: CreditBalanceSchema,
});

export const creditTransactionKinds = ['purchase', 'gift', 'usage', 'reset'] as const;

export const CreditTransactionSchema = v.object({
  id: v.string(),
  kind: v.picklist(creditTransactionKinds),
  /** Added (positive) or spent (negative). */
  credits: v.pipe(v.number(), v.integer()),
  description: v.string(),
  /** The balance right after this entry. */
  balance: v.pipe(v.number(), v.integer()),
  createdAt: v.string(),
});
export type CreditTransaction = v.InferOutput<typeof CreditTransactionSchema>;

export const listCreditTransactions = defineEndpoint({
  operation: 'listCreditTransactions',
  errors: [],
  summary: "The wallet's ledger, newest first (50 a page)",
  method: 'GET',
  path: '/customer-credits/transactions',
  auth: 'bearer',
  permission: { resource: 'wallet-transaction', action: 'read' },
  query: v.object({
    page: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,5}$/, 'Please enter a page number from 1.'),
        v.transform(Number),
      ),
    ),
  }),
  response: v.object({ transactions: v.array(CreditTransactionSchema), total: v.number() }),
});

export const buyCredits = defineEndpoint({
  operation: 'buyCredits',
  errors: [
    'NOT_FOUND',
    'NO_PAYMENT_METHOD',
    'CARD_DECLINED',
    'IDEMPOTENCY_KEY_REUSED',
    'PAYMENT_IN_PROGRESS',
    'PAYMENT_NOT_CONFIRMED',
    'PAYMENT_NOT_COMPLETED',
  ],
  summary:
    'Buy a credit package: the card is charged (VAT applied), invoiced, and the credits added (admins)',
  method: 'POST',
  path: '/customer-credits/credits',
  auth: 'bearer',
  permission: { resource: 'wallet-transaction', action: 'create' },
  body: { name: 'buyCreditsInput', schema: v.object({ packageId: id, currency, idempotencyKey }) },
  response: v.object({ balance: v.pipe(v.number(), v.integer()), invoice: InvoiceSchema }),
  successStatus: 201,
});

export { type PurchaseQuote, PurchaseQuoteSchema } from './subscriptions.js';

export const getCreditsQuote = defineEndpoint({
  operation: 'getCreditsQuote',
  errors: ['NOT_FOUND', 'NO_PAYMENT_METHOD'],
  summary: 'What buying a credit package would charge now (VAT included), before confirming (admins)',
  method: 'GET',
  path: '/customer-credits/quote',
  auth: 'bearer',
  permission: { resource: 'wallet-transaction', action: 'create' },
  query: v.object({ packageId: id, currency }),
  response: PurchaseQuoteSchema,
});

export const calculateCreditCost = defineEndpoint({
  operation: 'calculateCreditCost',
  errors: [],
  summary: 'How many credits an amount of pay-as-you-go usage costs',
  method: 'POST',
  path: '/customer-credits/calculate-cost',
  auth: 'public',
  body: {
    name: 'creditCostInput',
    schema: v.object({
      usageCategory: v.picklist(usageCategories, 'Please choose a usage category from the price list.'),
      quantity: v.pipe(
        v.number('Please enter a number of units.'),
        v.integer('Please enter a whole number of units.'),
        v.minValue(1, 'Please enter at least 1 unit.'),
        v.maxValue(1_000_000, 'Please enter at most 1,000,000 units.'),
      ),
    }),
  },
  response: v.object({ usageCategory: v.string(), quantity: v.number(), unit: v.string(), credits: Minor }),
});

const GiftInputSchema = v.object({
  organizationId: v.pipe(v.string(), v.uuid('Please enter an organization id.')),
  credits: v.pipe(
    v.number('Please enter a number of credits.'),
    v.integer('Please enter a whole number of credits.'),
    v.minValue(1, 'Please enter at least 1 credit.'),
    v.maxValue(10_000_000, 'Please enter at most 10,000,000 credits.'),
  ),
  reason: v.pipe(v.string(), v.trim(), v.nonEmpty('Please give a reason.'), v.maxLength(200)),
});

export const giftCredits = defineEndpoint({
  operation: 'giftCredits',
  errors: ['NOT_FOUND'],
  summary: 'Give an organization credits, with a reason kept in its ledger (Dcipher staff)',
  method: 'POST',
  path: '/customer-credits/gift-credits',
  auth: 'bearer',
  permission: 'internal-admin',
  body: { name: 'giftCreditsInput', schema: GiftInputSchema },
  response: CreditBalanceSchema,
});

export const resetCredits = defineEndpoint({
  operation: 'resetCredits',
  errors: ['NOT_FOUND'],
  summary: "Bring an organization's balance to zero with one ledger entry, with a reason (Dcipher staff)",
  method: 'POST',
  path: '/customer-credits/reset-credits',
  auth: 'bearer',
  permission: 'internal-admin',
  body: { name: 'resetCreditsInput', schema: v.omit(GiftInputSchema, ['credits']) },
  response: CreditBalanceSchema,
});

export const AddOnPackageSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  usageCategory: v.picklist(usageCategories),
  /** Extra units of the category for the rest of the current period. */
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  unit: v.string(),
  prices: PricesSchema,
});
export type AddOnPackage = v.InferOutput<typeof AddOnPackageSchema>;

export const listAddOnPackages = defineEndpoint({
  operation: 'listAddOnPackages',
  errors: [],
  summary: 'The add-on packages on sale',
  method: 'GET',
  path: '/addon-packages',
  auth: 'public',
  response: v.array(AddOnPackageSchema),
});

export const OwnedAddOnSchema = v.object({
  id: v.string(),
  packageId: v.string(),
  name: v.string(),
  quantity: v.number(),
  unit: v.string(),
  purchasedAt: v.string(),
  /** ISO 8601: the end of the period it adds to. */
  validUntil: v.string(),
});
export type OwnedAddOn = v.InferOutput<typeof OwnedAddOnSchema>;

export const listOwnedAddOns = defineEndpoint({
  operation: 'listOwnedAddOns',
  errors: [],
  summary: "The organization's add-ons for the current period (not in the spec; the add-ons screen's list)",
  method: 'GET',
  path: '/addon-packages/mine',
  auth: 'bearer',
  permission: { resource: 'add-on-packages', action: 'read' },
  response: v.array(OwnedAddOnSchema),
});

export const getAddOnQuote = defineEndpoint({
  operation: 'getAddOnQuote',
  errors: ['NOT_FOUND', 'SUBSCRIPTION_CONFLICT', 'NO_PAYMENT_METHOD'],
  summary:
    'What buying an add-on would charge now (VAT included) and until when it counts, before confirming (admins)',
  method: 'GET',
  path: '/addon-packages/quote',
  auth: 'bearer',
  permission: { resource: 'add-on-packages', action: 'create' },
  query: v.object({ packageId: id }),
  response: PurchaseQuoteSchema,
});

export const purchaseAddOn = defineEndpoint({
  operation: 'purchaseAddOn',
  errors: [
    'NOT_FOUND',
    'SUBSCRIPTION_CONFLICT',
    'NO_PAYMENT_METHOD',
    'CARD_DECLINED',
    'IDEMPOTENCY_KEY_REUSED',
    'PAYMENT_IN_PROGRESS',
    'PAYMENT_NOT_CONFIRMED',
    'PAYMENT_NOT_COMPLETED',
  ],
  summary: 'Buy an add-on package for the rest of the current period: charged and invoiced at once (admins)',
  method: 'POST',
  path: '/addon-packages/purchase',
  auth: 'bearer',
  permission: { resource: 'add-on-packages', action: 'create' },
  body: { name: 'purchaseAddOnInput', schema: v.object({ packageId: id, idempotencyKey }) },
  response: v.object({ addOn: OwnedAddOnSchema, invoice: InvoiceSchema }),
  successStatus: 201,
});
