import { createHash, randomBytes } from 'node:crypto';
import { passesLuhnCheck } from '@dcipher/shared/validation';
import type { Queryable } from '../../db/database.js';
import { cardBrandOf } from './card-brand.js';
import {
  CardDeclinedError,
  type CardDetails,
  type ChargeRequest,
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
  /** Saved without trouble, declined when charged (as Stripe's 4000 0000 0000 0341). */
  chargeDeclined: '4000000000000341',
} as const;

const chargeDeclinedTokenPrefix = 'tok_local_chargefail_';

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
    const prefix = card.number === localTestCards.chargeDeclined ? chargeDeclinedTokenPrefix : 'tok_local_';
    return {
      token: `${prefix}${randomBytes(16).toString('hex')}`,
      brand: cardBrandOf(card.number),
      last4: card.number.slice(-4),
    };
  }

  /** Charges made, by idempotency key, when no database keeps the ledger (unit tests). */
  readonly charges = new Map<string, ChargeRequest & { reference: string }>();

  /**
   * With a database, charges are remembered in `local_gateway_charges`, so a repeated idempotency key charges once
   * across restarts and across API processes, as with a real gateway.
   */
  constructor(private readonly ledger?: Queryable) {}

  async charge(request: ChargeRequest): Promise<{ reference: string }> {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
      throw new RangeError('bad charge amount');
    const earlier = await this.findCharge(request.idempotencyKey);
    if (earlier) {
      if (earlier.amount !== request.amount || earlier.currency !== request.currency) {
        throw new Error('an idempotency key was reused for a different charge');
      }
      return { reference: earlier.reference };
    }
    if (request.token.startsWith(chargeDeclinedTokenPrefix)) throw new CardDeclinedError('card_declined');
    const reference = `ch_local_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
    if (this.ledger) {
      await this.ledger.query(
        `insert into local_gateway_charges (idempotency_key, reference, amount, currency)
         values ($1, $2, $3, $4) on conflict (idempotency_key) do nothing`,
        [request.idempotencyKey, reference, request.amount, request.currency],
      );
    } else {
      this.charges.set(request.idempotencyKey, { ...request, reference });
    }
    return { reference };
  }

  private async findCharge(
    key: string,
  ): Promise<{ amount: number; currency: string; reference: string } | undefined> {
    if (!this.ledger) return this.charges.get(key);
    const [row] = await this.ledger.query<{ amount: number; currency: string; reference: string }>(
      'select amount, currency, reference from local_gateway_charges where idempotency_key = $1',
      [key],
    );
    return row;
  }
}
