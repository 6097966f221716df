import { randomUUID } from 'node:crypto';
import type { Invoice } from '@dcipher/shared/contract';
import { errorCodes } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Mailer, sendLoggingFailure } from '../../adapters/mailer/mailer.js';
import { CardDeclinedError, type PaymentGateway } from '../../adapters/payments/payment-gateway.js';
import type { Database, Queryable } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { CardDeclinedApiError } from '../credit-cards/credit-card-errors.js';
import { findActiveAdmins } from '../people/membership-repository.js';
import { lockOrganization } from '../people/organization-repository.js';
import { invoiceReceiptEmail } from './invoice-receipt.js';
import { findInvoice, findInvoiceByIdempotencyKey, insertPaidInvoice } from './invoice-repository.js';
import { createPaymentEffects, type PaymentEffects } from './payment-effects.js';
import {
  claimStalePayment,
  findPayment,
  findPaymentByKey,
  findPendingPayment,
  markPaymentFailed,
  markPaymentSucceeded,
  type PaymentDetails,
  redeemPromoCode,
  releasePromoRedemption,
  type StoredPayment,
  savePendingPayment,
} from './payment-repository.js';
import { PromoCodeInvalidError } from './promo-code-invalid-error.js';

/** The key was sent before for another endpoint, item or quantity (409). */
export class IdempotencyKeyReusedError extends ApiError {
  constructor() {
    super(errorCodes.idempotencyKeyReused);
  }
}

/** Another payment of the organization is still in flight after waiting for it (409). */
export class PaymentInProgressError extends ApiError {
  constructor() {
    super(errorCodes.paymentInProgress);
  }
}

/** The payment is recorded, but the gateway or the database failed after it: the repair job settles it (503). */
export class PaymentNotConfirmedError extends ApiError {
  constructor() {
    super(errorCodes.paymentNotConfirmed);
  }
}

/** The key's payment ended without a purchase and its money went back (409). */
export class PaymentNotCompletedError extends ApiError {
  constructor() {
    super(errorCodes.paymentNotCompleted);
  }
}

/** What one payment is for, priced inside the organization's lock. */
export interface PreparedCharge {
  /** What the card is charged: the invoice's total, VAT included. */
  amount: number;
  currency: CurrencyCode;
  /** The card; null only when nothing is charged (a total of 0). */
  gatewayToken: string | null;
  details: PaymentDetails;
  promoCode: string | null;
}

/**
 * What `prepare` decides, run with the organization locked and no other payment of it in flight: a charge, or an
 * answer that needs none (a downgrade, the plan already chosen).
 */
export type Preparation<TSettled> = { charge: PreparedCharge } | { settled: TSettled };

export interface PayRequest<TSettled> {
  organizationId: string;
  /** The caller's idempotency key; the same key answers the first result and never charges twice. */
  idempotencyKey: string;
  /** What the key pays for: endpoint, item and quantity. The same key for anything else is refused (409). */
  fingerprint: readonly (string | number)[];
  prepare(transaction: Queryable): Promise<Preparation<TSettled>>;
}

export type PayResult<TSettled> =
  | { kind: 'paid'; invoice: Invoice; replayed: boolean }
  | { kind: 'settled'; value: TSettled };

export type RepairOutcome = 'completed' | 'abandoned' | 'refunded';

export interface PaymentServiceDependencies {
  database: Database;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  /**
   * Where each admin's receipt of a paid invoice goes (docs/decisions/0078): sent once per invoice, by the request
   * or repair that issued it, never for a replayed answer. Without it (some tests), no receipts.
   */
  receipts?: { mailer: Mailer; webUrl: string };
  now?: () => Date;
  /**
   * How long a recorded payment is left to the request that made it before the repair job may settle it; longer
   * than a gateway call can take with its retries (Stripe's: 20 s, twice retried).
   */
  leaseSeconds?: number;
  /** How long a payment waits for another of the same organization to finish before answering 409. */
  waitForOtherMilliseconds?: number;
  /**
   * The effect handlers the modules that sell something registered (docs/decisions/0110): a new registry unless
   * given; a second service over the same database (tests: another process's repair job) shares the first's.
   */
  effects?: PaymentEffects;
}

/** What the locked first step of `pay` decided. */
type PayStep<TSettled> =
  | { settled: TSettled }
  | { replay: StoredPayment }
  | { invoice: Invoice }
  | { free: Invoice }
  | { charge: StoredPayment }
  | { wait: StoredPayment };

const fingerprintOf = (parts: readonly (string | number)[]) => parts.map(String).join('|');
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Payments in two steps (docs/decisions/0055; CONVENTIONS 18). Every charge:
 * 1. with the organization's row locked, waits until no other payment of the organization is in flight (at most
 *    one `pending` row per organization, across every process), re-checks and prices what is bought (`prepare`),
 *    takes the promo code's redemption and records the payment as `pending` with everything priced;
 * 2. calls the gateway under a key derived from the payment, so any repeat charges once;
 * 3. in one transaction, issues the invoice, applies what was bought and marks the payment `succeeded`.
 * A crash or an error between 2 and 3 leaves the payment `pending`: a retry with the same key finishes it with the
 * amounts first recorded, and the repair job (`repairStale`) asks the gateway whether the charge was made, then
 * completes it or gives the money back.
 */
export function createPaymentService({
  database,
  gateway,
  log,
  receipts,
  now = () => new Date(),
  leaseSeconds = 300,
  waitForOtherMilliseconds = 20_000,
  effects = createPaymentEffects(),
}: PaymentServiceDependencies) {
  const leaseEnd = () => new Date(now().getTime() + leaseSeconds * 1000);

  /** The receipt of a newly issued invoice to each active admin; a mail failure is logged, the payment stands. */
  async function sendReceipt(organizationId: string, invoice: Invoice): Promise<void> {
    if (!receipts) return;
    try {
      for (const admin of await findActiveAdmins(database, organizationId)) {
        await sendLoggingFailure(
          receipts.mailer,
          invoiceReceiptEmail(admin.email, receipts.webUrl, invoice),
          log,
        );
      }
    } catch (error) {
      log.error({ err: error, invoiceId: invoice.id }, 'the receipt of an invoice could not be sent');
    }
  }

  const withReceipt = async (organizationId: string, result: PayResult<never>): Promise<PayResult<never>> => {
    if (result.kind === 'paid' && !result.replayed) await sendReceipt(organizationId, result.invoice);
    return result;
  };

  async function replay(payment: StoredPayment): Promise<PayResult<never>> {
    const invoice = payment.invoiceId
      ? await findInvoice(database, payment.organizationId, payment.invoiceId)
      : undefined;
    if (!invoice) throw new Error(`payment ${payment.id} succeeded without an invoice`);
    return { kind: 'paid', invoice, replayed: true };
  }

  /** Step 3, in the caller's transaction (organization locked): the invoice, the purchase, `succeeded`. */
  async function completeIn(
    transaction: Queryable,
    payment: StoredPayment,
    reference: string | null,
  ): Promise<Invoice> {
    const draft = payment.details.invoice;
    const invoice = await insertPaidInvoice(transaction, {
      organizationId: payment.organizationId,
      ...draft,
      periodStart: new Date(draft.periodStart),
      periodEnd: new Date(draft.periodEnd),
      paymentReference: reference,
      idempotencyKey: payment.idempotencyKey,
    });
    // What was bought, applied by the module that sold it (payment-effects.ts), in the invoice's transaction.
    await effects.apply(transaction, {
      organizationId: payment.organizationId,
      effect: payment.details.effect,
      invoice,
    });
    await markPaymentSucceeded(transaction, payment.id, { reference, invoiceId: invoice.id });
    return invoice;
  }

  /**
   * Completes a charged payment, unless someone else did: answers its invoice, or throws
   * PaymentNotCompletedError (after refunding `reference`) when the payment was settled without it meanwhile.
   */
  async function complete(paymentId: string, reference: string): Promise<PayResult<never>> {
    type Outcome = { invoice: Invoice } | { done: StoredPayment } | { ended: StoredPayment };
    let organizationId = '';
    const outcome = await database.transaction(async (transaction): Promise<Outcome> => {
      const payment = await findPayment(transaction, paymentId);
      if (!payment) throw new Error(`payment ${paymentId} is gone`);
      organizationId = payment.organizationId;
      await lockOrganization(transaction, payment.organizationId);
      const locked = (await findPayment(transaction, paymentId, { lock: true }))!;
      if (locked.status === 'succeeded') return { done: locked };
      if (locked.status !== 'pending') return { ended: locked };
      const invoice = await completeIn(transaction, locked, reference);
      return { invoice };
    });
    if ('invoice' in outcome) {
      await sendReceipt(organizationId, outcome.invoice);
      return { kind: 'paid', invoice: outcome.invoice, replayed: false };
    }
    if ('done' in outcome) return replay(outcome.done);
    // Settled as never charged while this request was still at the gateway: the money goes back.
    if (outcome.ended.status === 'abandoned') await gateway.refund(reference);
    throw new PaymentNotCompletedError();
  }

  async function fail(
    payment: StoredPayment,
    status: 'declined' | 'abandoned' | 'refunded',
    failure: string | null,
    reference?: string,
  ): Promise<boolean> {
    return database.transaction(async (transaction) => {
      const changed = await markPaymentFailed(transaction, payment.id, status, { failure, reference });
      if (changed) await releasePromoRedemption(transaction, payment.id);
      return changed;
    });
  }

  /** Steps 2 and 3 for a recorded payment; the gateway's key makes a repeat of step 2 one charge. */
  async function chargeAndComplete(payment: StoredPayment): Promise<PayResult<never>> {
    let reference: string;
    try {
      ({ reference } = await gateway.charge({
        token: payment.gatewayToken ?? '',
        amount: payment.amount,
        currency: payment.currency,
        idempotencyKey: payment.gatewayKey,
        description: payment.details.description,
      }));
    } catch (error) {
      if (error instanceof CardDeclinedError) {
        await fail(payment, 'declined', error.reason);
        throw new CardDeclinedApiError(error.reason);
      }
      log.error(
        { err: error, paymentId: payment.id },
        'a payment could not be charged: left to the repair job',
      );
      throw new PaymentNotConfirmedError();
    }
    try {
      return await complete(payment.id, reference);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      log.error(
        { err: error, paymentId: payment.id },
        'a charged payment could not be recorded: left to repair',
      );
      throw new PaymentNotConfirmedError();
    }
  }

  /**
   * The repair of one payment left pending: completed when the gateway charged it (refunded if that fails),
   * abandoned when it never did.
   */
  async function repair(payment: StoredPayment): Promise<RepairOutcome> {
    const found = payment.amount > 0 ? await gateway.findCharge(payment.gatewayKey) : undefined;
    if (!found) {
      await fail(payment, 'abandoned', 'left pending and never charged');
      return 'abandoned';
    }
    if (found.refunded) {
      await fail(payment, 'refunded', 'refunded at the gateway', found.reference);
      return 'refunded';
    }
    try {
      await complete(payment.id, found.reference);
      return 'completed';
    } catch (error) {
      if (error instanceof PaymentNotCompletedError) return 'refunded';
      log.error(
        { err: error, paymentId: payment.id },
        'a charged payment could not be completed: refunding it',
      );
      await gateway.refund(found.reference);
      await fail(payment, 'refunded', 'charged, but could not be recorded', found.reference);
      return 'refunded';
    }
  }

  async function pay<TSettled>(request: PayRequest<TSettled>): Promise<PayResult<TSettled>> {
    const { organizationId, idempotencyKey } = request;
    const fingerprint = fingerprintOf(request.fingerprint);
    const waitUntil = Date.now() + waitForOtherMilliseconds;
    for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
      const step = await database.transaction(async (transaction): Promise<PayStep<TSettled>> => {
        await lockOrganization(transaction, organizationId);
        const earlier = await findPaymentByKey(transaction, organizationId, idempotencyKey);
        if (earlier && earlier.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
        if (earlier?.status === 'succeeded') return { replay: earlier };
        if (earlier?.status === 'pending') return { charge: earlier };
        if (earlier?.status === 'refunded') throw new PaymentNotCompletedError();
        if (!earlier) {
          // An invoice made under this key before payments were recorded (migration 0035) answers as before.
          const invoice = await findInvoiceByIdempotencyKey(transaction, organizationId, idempotencyKey);
          if (invoice) return { invoice };
        }
        const blocking = await findPendingPayment(transaction, organizationId, idempotencyKey);
        if (blocking) return { wait: blocking };

        const prepared = await request.prepare(transaction);
        if ('settled' in prepared) return { settled: prepared.settled };
        const { charge } = prepared;
        // A kind no module handles would be charged and then never applied: refused before anything is recorded.
        effects.check(charge.details.effect);
        const attempt = earlier ? earlier.attempt + 1 : 1;
        const baseKey = `${organizationId}:${idempotencyKey}`;
        const payment = await savePendingPayment(transaction, {
          id: randomUUID(),
          organizationId,
          idempotencyKey,
          fingerprint,
          purpose: charge.details.effect.kind,
          amount: charge.amount,
          currency: charge.currency,
          // After a decline (the customer changed card, a renewal's retry) or an abandon, the same key tries again,
          // re-checked and priced anew: a new charge at the gateway, as nothing was taken before.
          gatewayKey: attempt === 1 ? baseKey : `${baseKey}#${attempt}`,
          gatewayToken: charge.gatewayToken,
          attempt,
          details: charge.details,
          promoCode: charge.promoCode,
          leaseUntil: leaseEnd(),
        });
        if (charge.promoCode) {
          const redeemed = await redeemPromoCode(transaction, {
            code: charge.promoCode,
            organizationId,
            paymentId: payment.id,
          });
          if (redeemed !== 'redeemed') {
            throw new PromoCodeInvalidError(redeemed === 'used-up' ? 'usedUp' : 'alreadyUsed', 'promoCode');
          }
        }
        if (charge.amount === 0) return { free: await completeIn(transaction, payment, null) };
        return { charge: payment };
      });

      if ('settled' in step) return { kind: 'settled', value: step.settled };
      if ('replay' in step) return replay(step.replay);
      if ('invoice' in step) return { kind: 'paid', invoice: step.invoice, replayed: true };
      if ('free' in step)
        return withReceipt(organizationId, { kind: 'paid', invoice: step.free, replayed: false });
      if ('charge' in step) return chargeAndComplete(step.charge);
      // Another payment of the organization is in flight: wait for it, or repair it if its process is gone.
      if (step.wait.leaseUntil <= now()) {
        await repairStale({ limit: 1, paymentId: step.wait.id });
      } else if (Date.now() >= waitUntil) {
        throw new PaymentInProgressError();
      } else {
        await sleep(pause);
      }
    }
  }

  /**
   * The repair job: settles payments whose lease ran out (their request crashed or gave up after the charge).
   * Safe in any number of processes at once: each payment is claimed with `for update skip locked`.
   */
  async function repairStale({ limit = 50, paymentId }: { limit?: number; paymentId?: string } = {}) {
    const outcomes: RepairOutcome[] = [];
    for (let index = 0; index < limit; index += 1) {
      const payment = await claimStalePayment(database, { now: now(), leaseSeconds });
      if (!payment) break;
      outcomes.push(await repair(payment));
      if (paymentId && payment.id === paymentId) break;
    }
    return outcomes;
  }

  return {
    pay,
    repairStale,
    /**
     * Registers how a module applies an effect it sells (`payments.registerEffect('credits', handler)`): the
     * module owning the tables the effect writes, when it starts, before any payment of that kind.
     */
    registerEffect: effects.register,
    /** The registry, for a second service over the same database (tests of several processes). */
    effects,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
