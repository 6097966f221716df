import type { CardBrand } from '@dcipher/shared/contract';
import { cardBrands } from '@dcipher/shared/contract';
import Stripe from 'stripe';
import {
  CardDeclinedError,
  type ChargeRequest,
  type FoundCharge,
  type PaymentGateway,
  type SavePaymentMethodRequest,
  type TokenizedCard,
  UnreadablePaymentMethodError,
} from './payment-gateway.js';

/** The PaymentIntent metadata field that carries our idempotency key. */
const idempotencyKeyField = 'dcipher_idempotency_key';

export interface StripeSettings {
  secretKey: string;
  /** For tests and stripe-mock: where Stripe's API answers instead of https://api.stripe.com. */
  apiBaseUrl?: string | undefined;
}

/**
 * What the API keeps of a Stripe card: the organization's Stripe customer and the payment method attached to it,
 * as `cus_…/pm_…`; both are needed to charge it off-session.
 */
export function stripeCardToken(customer: string, paymentMethod: string): string {
  return `${customer}/${paymentMethod}`;
}

export function parseStripeCardToken(token: string): { customer: string; paymentMethod: string } | undefined {
  const match = /^(cus_[A-Za-z0-9]+)\/(pm_[A-Za-z0-9_]+)$/.exec(token);
  return match ? { customer: match[1]!, paymentMethod: match[2]! } : undefined;
}

function brandOf(stripeBrand: string | undefined): CardBrand {
  return cardBrands.find((brand) => brand === stripeBrand) ?? 'unknown';
}

/** Stripe's card errors, as the customer-facing decline the API answers with. */
function declineOf(error: unknown): CardDeclinedError | undefined {
  if (!(error instanceof Stripe.errors.StripeCardError)) return undefined;
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') {
    return new CardDeclinedError('insufficient_funds');
  }
  if (error.code === 'authentication_required' || error.decline_code === 'authentication_required') {
    return new CardDeclinedError('authentication_required');
  }
  return new CardDeclinedError('card_declined');
}

/**
 * The production gateway (docs/decisions/0043). The card is typed into Stripe Elements in the browser, whose
 * `createPaymentMethod` answers a `pm_…`; here it is attached to the organization's Stripe customer through a
 * SetupIntent confirmed for off-session use, and invoices are paid with PaymentIntents confirmed off-session with
 * our idempotency key as Stripe's, so a retried charge is one charge on Stripe's side too. Card numbers never
 * reach this server (PCI SAQ A).
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(settings: StripeSettings) {
    const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async savePaymentMethod(request: SavePaymentMethodRequest): Promise<TokenizedCard> {
    if (!/^pm_[A-Za-z0-9_]+$/.test(request.paymentMethod)) throw new UnreadablePaymentMethodError();
    try {
      const customer =
        request.customer ??
        (
          await this.stripe.customers.create({
            name: request.cardHolder,
            metadata: { organizationId: request.organizationId },
          })
        ).id;
      const setupIntent = await this.stripe.setupIntents.create({
        customer,
        payment_method: request.paymentMethod,
        usage: 'off_session',
        confirm: true,
      });
      if (setupIntent.status !== 'succeeded') throw new CardDeclinedError('authentication_required');
      const method = await this.stripe.paymentMethods.retrieve(request.paymentMethod);
      if (!method.card) throw new UnreadablePaymentMethodError();
      return {
        token: stripeCardToken(customer, method.id),
        brand: brandOf(method.card.brand),
        last4: method.card.last4,
        expiryMonth: method.card.exp_month,
        expiryYear: method.card.exp_year,
      };
    } catch (error) {
      const decline = declineOf(error);
      if (decline) throw decline;
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
        throw new UnreadablePaymentMethodError();
      }
      throw error;
    }
  }

  async charge(request: ChargeRequest): Promise<{ reference: string }> {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
      throw new RangeError('bad charge amount');
    const card = parseStripeCardToken(request.token);
    if (!card) throw new UnreadablePaymentMethodError();
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency,
          customer: card.customer,
          payment_method: card.paymentMethod,
          off_session: true,
          confirm: true,
          description: request.description,
          // Searchable, so the repair job can ask whether a charge was made under the key (findCharge).
          metadata: { [idempotencyKeyField]: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status !== 'succeeded') throw new CardDeclinedError('authentication_required');
      return { reference: intent.id };
    } catch (error) {
      throw declineOf(error) ?? error;
    }
  }

  /**
   * The PaymentIntent made under our key, by its metadata (Stripe's search; newly made intents can take up to a
   * minute to be found, well within the repair job's lease of docs/decisions/0055).
   */
  async findCharge(idempotencyKey: string): Promise<FoundCharge | undefined> {
    const quoted = idempotencyKey.replaceAll('\\', '\\\\').replaceAll("'", "\\'");
    const found = await this.stripe.paymentIntents.search({
      query: `metadata['${idempotencyKeyField}']:'${quoted}'`,
      limit: 1,
      expand: ['data.latest_charge'],
    });
    const intent = found.data.find((candidate) => candidate.status === 'succeeded');
    if (!intent) return undefined;
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return {
      reference: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      refunded: charge?.refunded ?? false,
    };
  }

  async refund(reference: string): Promise<void> {
    await this.stripe.refunds.create(
      { payment_intent: reference },
      { idempotencyKey: `refund-${reference}` },
    );
  }

  /** A webhook's event, only when Stripe signed it with our endpoint's secret; throws otherwise. */
  verifyWebhook(payload: Buffer, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(payload, signature, secret);
  }
}
