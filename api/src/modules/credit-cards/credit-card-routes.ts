import { randomUUID } from 'node:crypto';
import { type CreditCard, contract, type PaymentGatewayInfo } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import {
  CardDeclinedError,
  type PaymentGateway,
  type TokenizedCard,
  UnreadablePaymentMethodError,
} from '../../adapters/payments/payment-gateway.js';
import { StripeGateway } from '../../adapters/payments/stripe-gateway.js';
import type { VatNumberChecker } from '../../adapters/vat-numbers/vat-number-checker.js';
import type { PaymentSettings } from '../../config.js';
import type { Database } from '../../db/database.js';
import { ValidationError } from '../../http/api-error.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimiter } from '../abuse/rate-limiter.js';
import {
  BillingDetailsNotFoundError,
  CardDeclinedApiError,
  PaymentMethodNotFoundError,
  VatCheckUnavailableError,
  VatNumberNotRegisteredError,
} from './credit-card-errors.js';
import {
  deleteBillingDetails,
  deleteCreditCard,
  findBillingDetails,
  findGatewayCustomer,
  insertCreditCard,
  listCreditCards,
  saveBillingDetails,
} from './credit-card-repository.js';
import { registerStripeWebhookRoutes } from './stripe-webhook-routes.js';

/**
 * Card attempts per organization: 10 an hour. Adding a card takes one or two tries; a stolen-card tester needs
 * hundreds, and each attempt is a tokenisation the gateway counts (and, with a real provider, may bill or flag).
 */
export const cardAttemptLimit = { limit: 10, windowSeconds: 60 * 60 } as const;

/**
 * The organization's payment cards. Who may list, add or delete them is the endpoints' declared permission
 * (every member lists; admins, and sign-up's payment step, add; admins delete). The card number and CVC never
 * reach the API: the browser's gateway script turns them into a payment method token (the contract refuses a body
 * carrying them), and what is kept is the gateway's token, brand, last four digits, expiry and the billing details.
 */
export function registerCreditCardRoutes(
  app: FastifyInstance,
  database: Database,
  gateway: PaymentGateway,
  rateLimiter: RateLimiter,
  payments: PaymentSettings,
  vatNumbers: VatNumberChecker,
): void {
  /**
   * The contract has checked the number against the country (prefix, format, check digits); the configured checker
   * may ask VIES whether anyone holds it. Saved only when it is valid, so a stored number means reverse charge.
   */
  const assertVatNumberHeld = async ({
    country,
    vatNumber,
  }: {
    country: string;
    vatNumber?: string | undefined;
  }) => {
    if (!vatNumber) return;
    const verdict = await vatNumbers.check(country, vatNumber);
    if (verdict === 'invalid') throw new VatNumberNotRegisteredError();
    if (verdict === 'unavailable') throw new VatCheckUnavailableError();
  };

  const gatewayInfo: PaymentGatewayInfo =
    payments.provider === 'stripe'
      ? { provider: 'stripe', publishableKey: payments.publishableKey }
      : { provider: 'local' };
  registerEndpoint(app, contract.creditCards.getPaymentGateway, async () => gatewayInfo);
  if (payments.provider === 'stripe' && gateway instanceof StripeGateway) {
    registerStripeWebhookRoutes(app, database, gateway, payments.webhookSecret);
  }

  registerEndpoint(app, contract.creditCards.listCreditCards, async (_input, { user }) =>
    listCreditCards(database, user.organizationId),
  );

  registerEndpoint(app, contract.creditCards.addCreditCard, async ({ body }, { user }) => {
    await rateLimiter.consume(
      { bucket: contract.creditCards.addCreditCard.operation, ...cardAttemptLimit },
      user.organizationId,
    );
    const { paymentMethod, cardNumber: _number, cvc: _cvc, ...billing } = body;
    await assertVatNumberHeld(billing);
    let tokenized: TokenizedCard;
    try {
      tokenized = await gateway.savePaymentMethod({
        paymentMethod,
        cardHolder: billing.cardHolder,
        organizationId: user.organizationId,
        customer: await findGatewayCustomer(database, user.organizationId, gateway.name),
      });
    } catch (error) {
      if (error instanceof CardDeclinedError) throw new CardDeclinedApiError(error.reason);
      if (error instanceof UnreadablePaymentMethodError) {
        throw new ValidationError('invalidPaymentMethod', 'paymentMethod');
      }
      throw error;
    }
    if (user.kind === 'payment-setup' && user.existingAddress) {
      // A sign-up for an address that already had an account: answered as if stored, so step 2 does not reveal
      // the account (its owner was emailed instead); the gateway still checked the card, so declines show alike.
      return {
        id: randomUUID(),
        brand: tokenized.brand,
        last4: tokenized.last4,
        expiryMonth: tokenized.expiryMonth,
        expiryYear: tokenized.expiryYear,
        cardHolder: billing.cardHolder,
        isDefault: true,
        createdAt: new Date().toISOString(),
      } satisfies CreditCard;
    }
    return insertCreditCard(database, {
      organizationId: user.organizationId,
      gateway: gateway.name,
      token: tokenized.token,
      brand: tokenized.brand,
      last4: tokenized.last4,
      expiryMonth: tokenized.expiryMonth,
      expiryYear: tokenized.expiryYear,
      billing,
    });
  });

  registerEndpoint(app, contract.creditCards.deleteCreditCard, async ({ body }, { user }) => {
    if (!(await deleteCreditCard(database, user.organizationId, body.id))) {
      throw new PaymentMethodNotFoundError();
    }
    return { deleted: true } as const;
  });

  // Nothing set and no card yet is an empty state, answered as null rather than an error.
  registerEndpoint(
    app,
    contract.creditCards.getBillingDetails,
    async (_input, { user }) => (await findBillingDetails(database, user.organizationId)) ?? null,
  );
  registerEndpoint(app, contract.creditCards.saveBillingDetails, async ({ body }, { user }) => {
    await assertVatNumberHeld(body);
    return saveBillingDetails(database, user.organizationId, body);
  });
  registerEndpoint(app, contract.creditCards.deleteBillingDetails, async (_input, { user }) => {
    if (!(await deleteBillingDetails(database, user.organizationId))) throw new BillingDetailsNotFoundError();
    return { deleted: true } as const;
  });
}
