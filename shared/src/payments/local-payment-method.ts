import { type CardBrand, cardBrands } from '../contract/credit-cards.js';
import { cardBrandOf } from './card-brand.js';

/**
 * The local test gateway's card numbers, answered in a set way (any expiry not in the past, any CVC). Every other
 * Luhn-valid number is accepted with the brand its prefix names. Listed in README.md and
 * docs/decisions/0012-payment-methods.md.
 */
export const localTestCards = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saved without trouble, declined when charged (as Stripe's 4000 0000 0000 0341). */
  chargeDeclined: '4000000000000341',
} as const;

/** What the local gateway does with a card: keep it, refuse it when saved, or refuse it when charged. */
export const localCardOutcomes = ['ok', 'declined', 'insufficient', 'chargefail'] as const;
export type LocalCardOutcome = (typeof localCardOutcomes)[number];

/** The card as the local gateway's payment method carries it: never the number or the CVC. */
export interface LocalPaymentMethod {
  outcome: LocalCardOutcome;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

function outcomeOf(number: string): LocalCardOutcome {
  switch (number) {
    case localTestCards.declined:
      return 'declined';
    case localTestCards.insufficientFunds:
      return 'insufficient';
    case localTestCards.chargeDeclined:
      return 'chargefail';
    default:
      return 'ok';
  }
}

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(values);
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/**
 * Tokenises a card in the browser for the local test gateway, as Stripe.js does for Stripe: the answer names the
 * card (brand, last four digits, expiry, what the gateway will do with it) and carries a random part, and it is
 * all the API ever receives. The number and the CVC stay in the page. Only for the local gateway, which charges
 * nothing: the token is not secret and can be made by anyone, which is why production refuses that gateway.
 */
export function createLocalPaymentMethod(card: {
  number: string;
  expiryMonth: number;
  expiryYear: number;
}): string {
  const digits = card.number.replace(/\D/g, '');
  const month = String(card.expiryMonth).padStart(2, '0');
  return `pm_local_${outcomeOf(digits)}_${cardBrandOf(digits)}_${digits.slice(-4)}_${month}${card.expiryYear}_${randomHex(12)}`;
}

const localPaymentMethodPattern = new RegExp(
  `^pm_local_(${localCardOutcomes.join('|')})_([a-z]+)_(\\d{4})_(0[1-9]|1[0-2])(\\d{4})_[0-9a-f]{24}$`,
);

/** Reads a local payment method back (the local gateway's side); undefined for anything it did not make. */
export function parseLocalPaymentMethod(token: string): LocalPaymentMethod | undefined {
  const match = localPaymentMethodPattern.exec(token);
  if (!match) return undefined;
  const [, outcome, brand, last4, month, year] = match;
  const knownBrand = cardBrands.find((candidate) => candidate === brand);
  const knownOutcome = localCardOutcomes.find((candidate) => candidate === outcome);
  if (!knownBrand || !knownOutcome) return undefined;
  return {
    outcome: knownOutcome,
    brand: knownBrand,
    last4: last4!,
    expiryMonth: Number(month),
    expiryYear: Number(year),
  };
}
