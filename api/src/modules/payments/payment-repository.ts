import { currencyCodes } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { type Selectable, sql } from 'kysely';
import * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import type { DB } from '../../db/schema.generated.js';
import type { NewInvoice } from './invoice-repository.js';
import { type PaymentEffect, paymentEffectSchema } from './payment-effects.js';

/** Where a payment stands (docs/decisions/0055); only `pending` may still change. */
export const paymentStatuses = ['pending', 'succeeded', 'declined', 'abandoned', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * The invoice a payment issues when it succeeds, priced once when the payment was recorded: the invoice as
 * `insertPaidInvoice` takes it, less what only completion knows, with its dates as stored in JSON.
 */
export type InvoiceDraft = Omit<
  NewInvoice,
  'organizationId' | 'paymentReference' | 'idempotencyKey' | 'periodStart' | 'periodEnd'
> & { periodStart: string; periodEnd: string };

export interface PaymentDetails {
  description: string;
  invoice: InvoiceDraft;
  effect: PaymentEffect;
}

export interface StoredPayment {
  id: string;
  organizationId: string;
  idempotencyKey: string;
  fingerprint: string;
  /** The kind of its effect (what was bought), kept in a column of its own for reading payments by it. */
  purpose: string;
  status: PaymentStatus;
  amount: number;
  currency: CurrencyCode;
  gatewayKey: string;
  gatewayToken: string | null;
  attempt: number;
  details: PaymentDetails;
  promoCode: string | null;
  paymentReference: string | null;
  invoiceId: string | null;
  failure: string | null;
  leaseUntil: Date;
}

/**
 * `details` as read back: the JSON the payment was recorded with, checked against `PaymentDetails` (the schema
 * must give that type, so a field added to the invoice or an effect fails the typecheck here until it is read too).
 */
const invoiceDraftSchema = v.object({
  currency: v.picklist(currencyCodes),
  periodStart: v.string(),
  periodEnd: v.string(),
  lines: v.array(v.object({ description: v.string(), amount: v.number() })),
  subtotal: v.number(),
  discount: v.number(),
  promoCode: v.nullable(v.string()),
  vatRateBasisPoints: v.number(),
  reverseCharge: v.boolean(),
  vat: v.number(),
  total: v.number(),
  billingCountry: v.string(),
});
const paymentDetailsSchema: v.GenericSchema<unknown, PaymentDetails> = v.object({
  description: v.string(),
  invoice: invoiceDraftSchema,
  effect: paymentEffectSchema,
});

const paymentColumns = [
  'id',
  'organizationId',
  'idempotencyKey',
  'fingerprint',
  'purpose',
  'status',
  'amount',
  'currency',
  'gatewayKey',
  'gatewayToken',
  'attempt',
  'details',
  'promoCode',
  'paymentReference',
  'invoiceId',
  'failure',
  'leaseUntil',
] as const satisfies readonly (keyof StoredPayment)[];

type PaymentRow = Pick<Selectable<DB['payments']>, (typeof paymentColumns)[number]>;

const statusOf = v.parser(v.picklist(paymentStatuses));
const currencyOf = v.parser(v.picklist(currencyCodes));
const detailsOf = v.parser(paymentDetailsSchema);

/** A stored payment; its enumerations and details checked as they are read (their columns are text and JSON). */
const toPayment = (row: PaymentRow): StoredPayment => ({
  ...row,
  purpose: row.purpose,
  status: statusOf(row.status),
  currency: currencyOf(row.currency),
  details: detailsOf(row.details),
  leaseUntil: new Date(row.leaseUntil),
});

export async function findPaymentByKey(
  database: Queryable,
  organizationId: string,
  idempotencyKey: string,
): Promise<StoredPayment | undefined> {
  const row = await db(database)
    .selectFrom('payments')
    .select(paymentColumns)
    .where('organizationId', '=', organizationId)
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirst();
  return row && toPayment(row);
}

export async function findPayment(
  database: Queryable,
  paymentId: string,
  { lock = false } = {},
): Promise<StoredPayment | undefined> {
  const row = await db(database)
    .selectFrom('payments')
    .select(paymentColumns)
    .where('id', '=', paymentId)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  return row && toPayment(row);
}

/** The organization's payment still in flight, other than the one with `exceptKey`. */
export async function findPendingPayment(
  database: Queryable,
  organizationId: string,
  exceptKey: string,
): Promise<StoredPayment | undefined> {
  const row = await db(database)
    .selectFrom('payments')
    .select(paymentColumns)
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'pending')
    .where('idempotencyKey', '<>', exceptKey)
    .executeTakeFirst();
  return row && toPayment(row);
}

export interface NewPaymentAttempt {
  id: string;
  organizationId: string;
  idempotencyKey: string;
  fingerprint: string;
  purpose: string;
  amount: number;
  currency: CurrencyCode;
  gatewayKey: string;
  gatewayToken: string | null;
  attempt: number;
  details: PaymentDetails;
  promoCode: string | null;
  leaseUntil: Date;
}

/** Records a payment as pending (a first attempt, or a new attempt of a declined or abandoned one). */
export async function savePendingPayment(
  transaction: Queryable,
  payment: NewPaymentAttempt,
): Promise<StoredPayment> {
  const row = await db(transaction)
    .insertInto('payments')
    .values({
      id: payment.id,
      organizationId: payment.organizationId,
      idempotencyKey: payment.idempotencyKey,
      fingerprint: payment.fingerprint,
      purpose: payment.purpose,
      status: 'pending',
      amount: payment.amount,
      currency: payment.currency,
      gatewayKey: payment.gatewayKey,
      gatewayToken: payment.gatewayToken,
      attempt: payment.attempt,
      details: JSON.stringify(payment.details),
      promoCode: payment.promoCode,
      leaseUntil: payment.leaseUntil,
    })
    .onConflict((conflict) =>
      conflict.columns(['organizationId', 'idempotencyKey']).doUpdateSet((eb) => ({
        status: 'pending',
        amount: eb.ref('excluded.amount'),
        currency: eb.ref('excluded.currency'),
        gatewayKey: eb.ref('excluded.gatewayKey'),
        gatewayToken: eb.ref('excluded.gatewayToken'),
        attempt: eb.ref('excluded.attempt'),
        details: eb.ref('excluded.details'),
        promoCode: eb.ref('excluded.promoCode'),
        leaseUntil: eb.ref('excluded.leaseUntil'),
        paymentReference: null,
        invoiceId: null,
        failure: null,
        updatedAt: sql<Date>`now()`,
      })),
    )
    .returning(paymentColumns)
    .executeTakeFirstOrThrow();
  return toPayment(row);
}

export async function markPaymentSucceeded(
  transaction: Queryable,
  paymentId: string,
  { reference, invoiceId }: { reference: string | null; invoiceId: string },
): Promise<void> {
  await db(transaction)
    .updateTable('payments')
    .set({ status: 'succeeded', paymentReference: reference, invoiceId, updatedAt: sql<Date>`now()` })
    .where('id', '=', paymentId)
    .execute();
}

/**
 * Ends a pending payment without a purchase (declined, abandoned or refunded); answers whether it was still
 * pending, so two processes settling it at once act once.
 */
export async function markPaymentFailed(
  transaction: Queryable,
  paymentId: string,
  status: 'declined' | 'abandoned' | 'refunded',
  { failure, reference }: { failure: string | null; reference?: string | null },
): Promise<boolean> {
  const rows = await db(transaction)
    .updateTable('payments')
    .set((eb) => ({
      status,
      failure,
      paymentReference: eb.fn.coalesce(eb.val(reference ?? null), 'paymentReference'),
      updatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.length > 0;
}

/**
 * Claims one pending payment whose lease has run out (its process crashed or lost track of it) for the repair
 * job, renewing the lease so no other process takes it meanwhile.
 */
export async function claimStalePayment(
  database: Queryable,
  { now, leaseSeconds }: { now: Date; leaseSeconds: number },
): Promise<StoredPayment | undefined> {
  const row = await db(database)
    .updateTable('payments')
    .set({
      leaseUntil: sql<Date>`${now}::timestamptz + ${leaseSeconds}::integer * interval '1 second'`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('payments')
        .select('id')
        .where('status', '=', 'pending')
        .where('leaseUntil', '<=', now)
        .orderBy('leaseUntil')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(paymentColumns)
    .executeTakeFirst();
  return row && toPayment(row);
}

/**
 * Takes one redemption of a promo code for a payment, atomically: the last one goes to one payment only, and a
 * code an organization may use once is refused the second time. Throws `reason` when it cannot be taken.
 */
export async function redeemPromoCode(
  transaction: Queryable,
  { code, organizationId, paymentId }: { code: string; organizationId: string; paymentId: string },
): Promise<'redeemed' | 'used-up' | 'already-used'> {
  const promo = await db(transaction)
    .selectFrom('promoCodes')
    .select('oncePerOrganization')
    .where('code', '=', code)
    .executeTakeFirst();
  if (!promo) return 'used-up';
  if (promo.oncePerOrganization && (await hasRedeemed(transaction, organizationId, code))) {
    return 'already-used';
  }
  const taken = await db(transaction)
    .updateTable('promoCodes')
    .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
    .where('code', '=', code)
    .where((eb) =>
      eb.or([eb('maxRedemptions', 'is', null), eb('redemptions', '<', eb.ref('maxRedemptions'))]),
    )
    .returning('code')
    .execute();
  if (taken.length === 0) return 'used-up';
  await db(transaction).insertInto('promoRedemptions').values({ organizationId, code, paymentId }).execute();
  return 'redeemed';
}

/** Gives back the promo redemption a payment took, when the payment did not go through. */
export async function releasePromoRedemption(transaction: Queryable, paymentId: string): Promise<void> {
  const released = await db(transaction)
    .deleteFrom('promoRedemptions')
    .where('paymentId', '=', paymentId)
    .returning('code')
    .execute();
  for (const { code } of released) {
    await db(transaction)
      .updateTable('promoCodes')
      .set((eb) => ({ redemptions: eb.fn<number>('greatest', [eb('redemptions', '-', 1), eb.lit(0)]) }))
      .where('code', '=', code)
      .execute();
  }
}

export async function hasRedeemed(
  database: Queryable,
  organizationId: string,
  code: string,
): Promise<boolean> {
  const rows = await db(database)
    .selectFrom('promoRedemptions')
    .select((eb) => eb.lit(1).as('one'))
    .where('organizationId', '=', organizationId)
    .where('code', '=', code)
    .limit(1)
    .execute();
  return rows.length > 0;
}
