import type { CardBrand } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { paymentMessages } from '@dcipher/shared/validation';

/** A card the customer's browser turned into a payment method with the gateway's own script. */
export interface SavePaymentMethodRequest {
  /** The gateway's payment method token from the browser (Stripe's `pm_…`, the local gateway's `pm_local_…`). */
  paymentMethod: string;
  cardHolder: string;
  organizationId: string;
  /** The gateway's customer of this organization, when one of its cards already made one. */
  customer?: string | undefined;
}

/** What the gateway gives back for a card it accepted: all the API keeps of it. */
export interface TokenizedCard {
  /** The gateway's reference to the card, used to charge it later; meaningless outside that gateway. */
  token: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

/**
 * The payment gateway: the one door to the outside service that holds card numbers. Two kinds of
 * implementation, chosen by `PAYMENTS_PROVIDER` (`createPaymentGateway`): a real provider, and the embedded
 * `LocalTestGateway` that accepts only Luhn-valid numbers, answers the documented test cards and charges nothing.
 */
export interface PaymentGateway {
  /** Which gateway issued the tokens (stored beside each one, as tokens only work with their own gateway). */
  readonly name: string;
  /**
   * Keeps a payment method the browser made for later charges (Stripe: attached to the organization's customer
   * through a confirmed SetupIntent). Rejects with CardDeclinedError when the card is refused and with
   * UnreadablePaymentMethodError when the token is not one of this gateway's. The API never sees the number.
   */
  savePaymentMethod(request: SavePaymentMethodRequest): Promise<TokenizedCard>;
  /**
   * Charges a tokenised card. The same `idempotencyKey` never charges twice: a repeat answers the first charge's
   * reference (as real gateways do with their idempotency keys). Rejects with CardDeclinedError when refused.
   */
  charge(request: ChargeRequest): Promise<{ reference: string }>;
  /**
   * The charge made under `idempotencyKey`, or undefined when the gateway never made one: how the payment repair
   * job (docs/decisions/0055) tells whether a payment left pending by a crash took money. Never charges.
   */
  findCharge(idempotencyKey: string): Promise<FoundCharge | undefined>;
  /** Gives a charge's whole amount back. Repeating it for the same reference refunds once. */
  refund(reference: string): Promise<void>;
}

export interface FoundCharge {
  reference: string;
  amount: number;
  currency: string;
  refunded: boolean;
}

export interface ChargeRequest {
  token: string;
  /** Integer minor units, more than zero. */
  amount: number;
  currency: CurrencyCode;
  idempotencyKey: string;
  description: string;
}

export const cardDeclineReasons = ['card_declined', 'insufficient_funds', 'authentication_required'] as const;
export type CardDeclineReason = (typeof cardDeclineReasons)[number];

const declineMessages: Record<CardDeclineReason, string> = {
  card_declined: paymentMessages.cardDeclined,
  insufficient_funds: paymentMessages.insufficientFunds,
  authentication_required: paymentMessages.authenticationRequired,
};

/**
 * The gateway refused the card. The message is for the customer, whatever the gateway's own wording; it never
 * carries card details.
 */
export class CardDeclinedError extends Error {
  constructor(readonly reason: CardDeclineReason) {
    super(declineMessages[reason]);
    this.name = 'CardDeclinedError';
  }
}

/** The payment method token is not one this gateway made (forged, from another gateway, or expired). */
export class UnreadablePaymentMethodError extends Error {
  constructor() {
    super(paymentMessages.invalidPaymentMethod);
    this.name = 'UnreadablePaymentMethodError';
  }
}
