import type { CardBrand } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { paymentMessages } from '@dcipher/shared/validation';

/** A card as typed into the payment form, on its way to the gateway. Never stored, never logged. */
export interface CardDetails {
  /** Digits only. */
  number: string;
  cvc: string;
  expiryMonth: number;
  expiryYear: number;
  cardHolder: string;
}

/** What the gateway gives back for a card it accepted: all the API keeps of it. */
export interface TokenizedCard {
  /** The gateway's reference to the card, used to charge it later; meaningless outside that gateway. */
  token: string;
  brand: CardBrand;
  last4: string;
}

/**
 * The payment gateway: the one door to the outside service that holds card numbers. Two kinds of
 * implementation, chosen by `PAYMENTS_PROVIDER` (`createPaymentGateway`): a real provider, and the embedded
 * `LocalTestGateway` that accepts only Luhn-valid numbers, answers the documented test cards and charges nothing.
 */
export interface PaymentGateway {
  /** Which gateway issued the tokens (stored beside each one, as tokens only work with their own gateway). */
  readonly name: string;
  /** Exchanges card details for a token; rejects with CardDeclinedError when the card is refused. */
  tokenizeCard(card: CardDetails): Promise<TokenizedCard>;
  /**
   * Charges a tokenised card. The same `idempotencyKey` never charges twice: a repeat answers the first charge's
   * reference (as real gateways do with their idempotency keys). Rejects with CardDeclinedError when refused.
   */
  charge(request: ChargeRequest): Promise<{ reference: string }>;
}

export interface ChargeRequest {
  token: string;
  /** Integer minor units, more than zero. */
  amount: number;
  currency: CurrencyCode;
  idempotencyKey: string;
  description: string;
}

export const cardDeclineReasons = ['card_declined', 'insufficient_funds'] as const;
export type CardDeclineReason = (typeof cardDeclineReasons)[number];

const declineMessages: Record<CardDeclineReason, string> = {
  card_declined: paymentMessages.cardDeclined,
  insufficient_funds: paymentMessages.insufficientFunds,
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
