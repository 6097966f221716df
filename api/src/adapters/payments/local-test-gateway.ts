import { createHash, randomBytes } from 'node:crypto';
import { parseLocalPaymentMethod } from '@dcipher/shared/payments';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import {
  CardDeclinedError,
  type ChargeRequest,
  type FoundCharge,
  type PaymentGateway,
  type SavePaymentMethodRequest,
  type TokenizedCard,
  UnreadablePaymentMethodError,
} from './payment-gateway.js';

export { localTestCards } from '@dcipher/shared/payments';

const chargeDeclinedTokenPrefix = 'tok_local_chargefail_';

/**
 * The embedded payment gateway, the default outside production: no network, no account, no money. Like Stripe,
 * the card is tokenised in the browser (`createLocalPaymentMethod` in @dcipher/shared/payments), so the API only
 * ever receives a payment method naming brand, last four digits, expiry and the test card's outcome; this side
 * keeps it as a random opaque token and answers the documented declines, so local stacks and tests exercise the
 * same code paths as a real gateway.
 */
export class LocalTestGateway implements PaymentGateway {
  readonly name = 'local';

  async savePaymentMethod(request: SavePaymentMethodRequest): Promise<TokenizedCard> {
    const card = parseLocalPaymentMethod(request.paymentMethod);
    if (!card) throw new UnreadablePaymentMethodError();
    if (card.outcome === 'declined') throw new CardDeclinedError('card_declined');
    if (card.outcome === 'insufficient') throw new CardDeclinedError('insufficient_funds');
    const prefix = card.outcome === 'chargefail' ? chargeDeclinedTokenPrefix : 'tok_local_';
    return {
      token: `${prefix}${randomBytes(16).toString('hex')}`,
      brand: card.brand,
      last4: card.last4,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
    };
  }

  /** Charges made, by idempotency key, when no database keeps the ledger (unit tests). */
  readonly charges = new Map<string, ChargeRequest & { reference: string; refunded: boolean }>();

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
      await db(this.ledger)
        .insertInto('localGatewayCharges')
        .values({
          idempotencyKey: request.idempotencyKey,
          reference,
          amount: request.amount,
          currency: request.currency,
        })
        .onConflict((conflict) => conflict.column('idempotencyKey').doNothing())
        .execute();
    } else {
      this.charges.set(request.idempotencyKey, { ...request, reference, refunded: false });
    }
    return { reference };
  }

  async findCharge(key: string): Promise<FoundCharge | undefined> {
    if (!this.ledger) {
      const charge = this.charges.get(key);
      return (
        charge && {
          reference: charge.reference,
          amount: charge.amount,
          currency: charge.currency,
          refunded: charge.refunded,
        }
      );
    }
    const row = await db(this.ledger)
      .selectFrom('localGatewayCharges')
      .select(['amount', 'currency', 'reference', 'refundedAt'])
      .where('idempotencyKey', '=', key)
      .executeTakeFirst();
    return (
      row && {
        amount: row.amount,
        currency: row.currency,
        reference: row.reference,
        refunded: row.refundedAt !== null,
      }
    );
  }

  async refund(reference: string): Promise<void> {
    if (!this.ledger) {
      for (const charge of this.charges.values()) if (charge.reference === reference) charge.refunded = true;
      return;
    }
    await db(this.ledger)
      .updateTable('localGatewayCharges')
      .set((eb) => ({ refundedAt: eb.fn.coalesce('refundedAt', sql<Date>`now()`) }))
      .where('reference', '=', reference)
      .execute();
  }
}
