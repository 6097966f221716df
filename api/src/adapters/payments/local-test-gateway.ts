import { randomBytes } from 'node:crypto';
import { passesLuhnCheck } from '@dcipher/shared/validation';
import { cardBrandOf } from './card-brand.js';
import {
  CardDeclinedError,
  type CardDetails,
  type PaymentGateway,
  type TokenizedCard,
} from './payment-gateway.js';

/**
 * The test card numbers the local gateway answers in a set way (any expiry not in the past, any CVC). Every other
 * Luhn-valid number is accepted, with the brand its prefix names. Listed in README.md and
 * docs/decisions/0012-payment-methods.md.
 */
export const localTestCards = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const declinedCards: ReadonlyMap<string, CardDeclinedError['reason']> = new Map([
  [localTestCards.declined, 'card_declined'],
  [localTestCards.insufficientFunds, 'insufficient_funds'],
]);

/**
 * The embedded payment gateway, the default outside production: no network, no account, no money. It behaves
 * like a real gateway at the API's door (random opaque tokens, declines for the documented numbers) so that
 * local stacks and tests exercise the same code paths. It keeps nothing: the card details are dropped as soon as
 * the answer is made.
 */
export class LocalTestGateway implements PaymentGateway {
  readonly name = 'local';

  async tokenizeCard(card: CardDetails): Promise<TokenizedCard> {
    const declineReason = declinedCards.get(card.number);
    if (declineReason) throw new CardDeclinedError(declineReason);
    // The API checks the number first; a gateway refuses what is not a card number anyway.
    if (!/^\d{12,19}$/.test(card.number) || !passesLuhnCheck(card.number)) {
      throw new CardDeclinedError('card_declined');
    }
    return {
      token: `tok_local_${randomBytes(16).toString('hex')}`,
      brand: cardBrandOf(card.number),
      last4: card.number.slice(-4),
    };
  }
}
