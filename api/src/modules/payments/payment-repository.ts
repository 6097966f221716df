import type { CurrencyCode } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import type { NewInvoice } from '../subscriptions/subscription-repository.js';

/** Where a payment stands (docs/decisions/0055); only `pending` may still change. */
export type PaymentStatus = 'pending' | 'succeeded' | 'declined' | 'abandoned' | 'refunded';
export type PaymentPurpose = 'subscription' | 'credits' | 'add-on' | 'renewal';

/**
 * The invoice a payment issues when it succeeds, priced once when the payment was recorded: the invoice as
 * `insertPaidInvoice` takes it, less what only completion knows, with its dates as stored in JSON.
 */
export type InvoiceDraft = Omit<
  NewInvoice,
  'organizationId' | 'paymentReference' | 'idempotencyKey' | 'periodStart' | 'periodEnd'
> & { periodStart: string; periodEnd: string };

/** What a succeeded payment changes besides its invoice, as data, so the repair job can apply it after a crash. */
export type PaymentEffect =
  | {
      /** A first plan or an upgrade: the subscription moves to this plan and period. */
      kind: 'subscription';
      planId: string;
      currency: CurrencyCode;
      periodStart: string;
      periodEnd: string;
      /** What the period is paid, before VAT and after discounts: unused time is credited from it. */
      periodAmount: number;
    }
  | {
      /** The renewal of the period ending at `periodStart`: the next period, on `planId` (a scheduled downgrade). */
      kind: 'renewal';
      planId: string;
      periodStart: string;
      periodEnd: string;
      periodAmount: number;
    }
  | { kind: 'credits'; credits: number; packageName: string }
  | { kind: 'add-on'; packageId: string; validUntil: string };

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
  purpose: PaymentPurpose;
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

const paymentColumns = `
  id, organization_id as "organizationId", idempotency_key as "idempotencyKey", fingerprint, purpose, status,
  amount, currency, gateway_key as "gatewayKey", gateway_token as "gatewayToken", attempt, details,
  promo_code as "promoCode", payment_reference as "paymentReference", invoice_id as "invoiceId", failure,
  lease_until as "leaseUntil"`;

const toPayment = (row: StoredPayment): StoredPayment => ({ ...row, leaseUntil: new Date(row.leaseUntil) });

export async function findPaymentByKey(
  database: Queryable,
  organizationId: string,
  idempotencyKey: string,
): Promise<StoredPayment | undefined> {
  const [row] = await database.query<StoredPayment>(
    `select ${paymentColumns} from payments where organization_id = $1 and idempotency_key = $2`,
    [organizationId, idempotencyKey],
  );
  return row && toPayment(row);
}

export async function findPayment(
  database: Queryable,
  paymentId: string,
  { lock = false } = {},
): Promise<StoredPayment | undefined> {
  const [row] = await database.query<StoredPayment>(
    `select ${paymentColumns} from payments where id = $1 ${lock ? 'for update' : ''}`,
    [paymentId],
  );
  return row && toPayment(row);
}

/** The organization's payment still in flight, other than the one with `exceptKey`. */
export async function findPendingPayment(
  database: Queryable,
  organizationId: string,
  exceptKey: string,
): Promise<StoredPayment | undefined> {
  const [row] = await database.query<StoredPayment>(
    `select ${paymentColumns} from payments
     where organization_id = $1 and status = 'pending' and idempotency_key <> $2`,
    [organizationId, exceptKey],
  );
  return row && toPayment(row);
}

export interface NewPaymentAttempt {
  id: string;
  organizationId: string;
  idempotencyKey: string;
  fingerprint: string;
  purpose: PaymentPurpose;
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
  const [row] = await transaction.query<StoredPayment>(
    `insert into payments (id, organization_id, idempotency_key, fingerprint, purpose, status, amount, currency,
                           gateway_key, gateway_token, attempt, details, promo_code, lease_until)
     values ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10, $11::jsonb, $12, $13)
     on conflict (organization_id, idempotency_key) do update set
       status = 'pending', amount = excluded.amount, currency = excluded.currency,
       gateway_key = excluded.gateway_key, gateway_token = excluded.gateway_token, attempt = excluded.attempt,
       details = excluded.details, promo_code = excluded.promo_code, lease_until = excluded.lease_until,
       payment_reference = null, invoice_id = null, failure = null, updated_at = now()
     returning ${paymentColumns}`,
    [
      payment.id,
      payment.organizationId,
      payment.idempotencyKey,
      payment.fingerprint,
      payment.purpose,
      payment.amount,
      payment.currency,
      payment.gatewayKey,
      payment.gatewayToken,
      payment.attempt,
      JSON.stringify(payment.details),
      payment.promoCode,
      payment.leaseUntil,
    ],
  );
  return toPayment(row!);
}

export async function markPaymentSucceeded(
  transaction: Queryable,
  paymentId: string,
  { reference, invoiceId }: { reference: string | null; invoiceId: string },
): Promise<void> {
  await transaction.query(
    `update payments set status = 'succeeded', payment_reference = $2, invoice_id = $3, updated_at = now()
     where id = $1`,
    [paymentId, reference, invoiceId],
  );
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
  const rows = await transaction.query(
    `update payments set status = $2, failure = $3, payment_reference = coalesce($4, payment_reference),
            updated_at = now()
     where id = $1 and status = 'pending' returning id`,
    [paymentId, status, failure, reference ?? null],
  );
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
  const [row] = await database.query<StoredPayment>(
    `update payments set lease_until = $1::timestamptz + $2::integer * interval '1 second', updated_at = now()
     where id = (select id from payments where status = 'pending' and lease_until <= $1
                 order by lease_until limit 1 for update skip locked)
     returning ${paymentColumns}`,
    [now, leaseSeconds],
  );
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
  const [promo] = await transaction.query<{ oncePerOrganization: boolean }>(
    `select once_per_organization as "oncePerOrganization" from promo_codes where code = $1`,
    [code],
  );
  if (!promo) return 'used-up';
  if (promo.oncePerOrganization && (await hasRedeemed(transaction, organizationId, code))) {
    return 'already-used';
  }
  const taken = await transaction.query(
    `update promo_codes set redemptions = redemptions + 1
     where code = $1 and (max_redemptions is null or redemptions < max_redemptions) returning code`,
    [code],
  );
  if (taken.length === 0) return 'used-up';
  await transaction.query(
    'insert into promo_redemptions (organization_id, code, payment_id) values ($1, $2, $3)',
    [organizationId, code, paymentId],
  );
  return 'redeemed';
}

/** Gives back the promo redemption a payment took, when the payment did not go through. */
export async function releasePromoRedemption(transaction: Queryable, paymentId: string): Promise<void> {
  const released = await transaction.query<{ code: string }>(
    'delete from promo_redemptions where payment_id = $1 returning code',
    [paymentId],
  );
  for (const { code } of released) {
    await transaction.query(
      'update promo_codes set redemptions = greatest(redemptions - 1, 0) where code = $1',
      [code],
    );
  }
}

export async function hasRedeemed(
  database: Queryable,
  organizationId: string,
  code: string,
): Promise<boolean> {
  const rows = await database.query(
    'select 1 from promo_redemptions where organization_id = $1 and code = $2 limit 1',
    [organizationId, code],
  );
  return rows.length > 0;
}
