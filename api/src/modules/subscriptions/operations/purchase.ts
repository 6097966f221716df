import type { Invoice, PurchaseQuote } from '@dcipher/shared/contract';
import { type CurrencyCode, priceAmount, vatRateFor } from '@dcipher/shared/domain';
import type { Queryable } from '../../../db/database.js';
import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import type { PaymentEffect } from '../../payments/payment-effects.js';
import { NoPaymentMethodError } from '../subscription-errors.js';
import type { BillingCard } from '../subscription-repository.js';
import { chosenCurrency, countryCurrency, findBillingAccount } from './billing-account.js';
import type { SubscriptionContext } from './subscription-context.js';

/** A one-off purchase: the item (binds the idempotency key), its invoice line and its price in each currency. */
export interface PurchaseInput {
  item: string;
  currency?: CurrencyCode | undefined;
  description: string;
  amount: (currency: CurrencyCode) => number;
}

/**
 * Prices a one-off purchase (credits, an add-on) for the organization: in its plan's currency (else the one asked,
 * else usd), VAT by the default card's billing details. The one calculation behind both the quote the confirmation
 * shows and the charge.
 */
async function pricePurchase(
  database: Queryable,
  organizationId: string,
  {
    item,
    currency: requested,
    description,
    amount,
    validUntil,
  }: PurchaseInput & { validUntil?: Date | undefined },
): Promise<{ card: BillingCard; quote: PurchaseQuote }> {
  const { subscription, organization, card } = await findBillingAccount(database, organizationId);
  if (!card) throw new NoPaymentMethodError();
  const currency = chosenCurrency(subscription, organization) ?? requested ?? countryCurrency(card);
  const vat = vatRateFor(card);
  const subtotal = amount(currency);
  const priced = priceAmount(subtotal, undefined, vat.rateBasisPoints);
  return {
    card,
    quote: {
      packageId: item,
      description,
      currency,
      subtotal,
      vatRateBasisPoints: priced.vatRateBasisPoints,
      reverseCharge: vat.reverseCharge,
      vat: priced.vat,
      total: priced.total,
      chargedAt: 'now',
      validUntil: validUntil?.toISOString() ?? null,
    },
  };
}

/**
 * A one-off purchase (credits, an add-on): charged once to the card (VAT by the billing details), invoiced, and
 * what was bought recorded in the invoice's transaction. `item` and `quantity` bind the key to the purchase;
 * `effect` runs with the organization locked (an add-on checks the plan there). A repeated key answers the first
 * invoice and charges nothing again.
 */
export async function purchase(
  { payments, now }: SubscriptionContext,
  user: AuthenticatedUser,
  {
    idempotencyKey,
    operation,
    item,
    currency: requested,
    description,
    amount: amountIn,
    effect,
  }: PurchaseInput & {
    idempotencyKey: string;
    operation: string;
    effect: (transaction: Queryable) => Promise<{ effect: PaymentEffect; periodEnd?: Date }>;
  },
): Promise<{ invoice: Invoice; replayed: boolean }> {
  const result = await payments.pay<never>({
    organizationId: user.organizationId,
    idempotencyKey,
    fingerprint: [operation, item, 1],
    prepare: async (transaction) => {
      const bought = await effect(transaction);
      const { card, quote } = await pricePurchase(transaction, user.organizationId, {
        item,
        currency: requested,
        description,
        amount: amountIn,
        validUntil: bought.periodEnd,
      });
      const at = now();
      return {
        charge: {
          amount: quote.total,
          currency: quote.currency,
          gatewayToken: card.gatewayToken,
          promoCode: null,
          details: {
            description: `Dcipher ${description}`,
            invoice: {
              currency: quote.currency,
              periodStart: at.toISOString(),
              periodEnd: (bought.periodEnd ?? at).toISOString(),
              lines: [{ description, amount: quote.subtotal }],
              subtotal: quote.subtotal,
              discount: 0,
              promoCode: null,
              vatRateBasisPoints: quote.vatRateBasisPoints,
              reverseCharge: quote.reverseCharge,
              vat: quote.vat,
              total: quote.total,
              billingCountry: card.country,
            },
            effect: bought.effect,
          },
        },
      };
    },
  });
  if (result.kind !== 'paid') throw new Error('a purchase settled without a payment');
  return { invoice: result.invoice, replayed: result.replayed };
}

/**
 * What `purchase` would charge now for the same item, priced by the same code (`pricePurchase`); `check` runs the
 * purchase's own refusals first (an add-on without a plan) and answers the period it would count until.
 */
export async function purchaseQuote(
  { database }: SubscriptionContext,
  user: AuthenticatedUser,
  input: PurchaseInput & { check?: (database: Queryable) => Promise<{ periodEnd?: Date }> },
): Promise<PurchaseQuote> {
  const checked = (await input.check?.(database)) ?? {};
  const { quote } = await pricePurchase(database, user.organizationId, {
    ...input,
    validUntil: checked.periodEnd,
  });
  return quote;
}
