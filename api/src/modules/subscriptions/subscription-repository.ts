import type { Invoice } from '@dcipher/shared/contract';
import type { BillingPeriod, CurrencyCode, CustomerType } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';

/** A plan as billing needs it: its price in each currency (null for a custom plan, priced on request). */
export interface BillablePlan {
  id: string;
  name: string;
  customerType: CustomerType;
  billingPeriod: BillingPeriod;
  prices: Record<CurrencyCode, number> | null;
  isActive: boolean;
}

export async function findPlan(database: Queryable, planId: string): Promise<BillablePlan | undefined> {
  const [plan] = await database.query<{
    id: string;
    name: string;
    customerType: CustomerType;
    billingPeriod: BillingPeriod;
    usd: number | null;
    eur: number | null;
    gpb: number | null;
    isActive: boolean;
  }>(
    `select id, name, customer_type as "customerType", billing_period as "billingPeriod",
            price_usd as usd, price_eur as eur, price_gpb as gpb, is_active as "isActive"
     from pricing_plans where id = $1`,
    [planId],
  );
  if (!plan) return undefined;
  const { usd, eur, gpb, ...rest } = plan;
  return { ...rest, prices: usd === null || eur === null || gpb === null ? null : { usd, eur, gpb } };
}

export interface StoredSubscription {
  organizationId: string;
  planId: string;
  currency: CurrencyCode;
  status: 'active' | 'past_due' | 'expired';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  scheduledPlanId: string | null;
  cancelAtPeriodEnd: boolean;
  /** What the current period was paid, before VAT and after discounts (null: before it was recorded). */
  periodAmount: number | null;
}

export async function findSubscription(
  database: Queryable,
  organizationId: string,
  { lock = false } = {},
): Promise<StoredSubscription | undefined> {
  const [row] = await database.query<StoredSubscription>(
    `select organization_id as "organizationId", plan_id as "planId", currency, status,
            current_period_start as "currentPeriodStart", current_period_end as "currentPeriodEnd",
            scheduled_plan_id as "scheduledPlanId", cancel_at_period_end as "cancelAtPeriodEnd",
            period_amount as "periodAmount"
     from subscriptions where organization_id = $1 ${lock ? 'for update' : ''}`,
    [organizationId],
  );
  return (
    row && {
      ...row,
      currentPeriodStart: new Date(row.currentPeriodStart),
      currentPeriodEnd: new Date(row.currentPeriodEnd),
    }
  );
}

export async function saveSubscription(
  transaction: Queryable,
  subscription: Omit<StoredSubscription, 'status'> & { status?: StoredSubscription['status'] },
): Promise<void> {
  await transaction.query(
    `insert into subscriptions (organization_id, plan_id, currency, status, current_period_start,
                                current_period_end, scheduled_plan_id, cancel_at_period_end, period_amount)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (organization_id) do update set
       plan_id = excluded.plan_id, currency = excluded.currency, status = excluded.status,
       current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
       scheduled_plan_id = excluded.scheduled_plan_id, cancel_at_period_end = excluded.cancel_at_period_end,
       period_amount = excluded.period_amount, updated_at = now()`,
    [
      subscription.organizationId,
      subscription.planId,
      subscription.currency,
      subscription.status ?? 'active',
      subscription.currentPeriodStart,
      subscription.currentPeriodEnd,
      subscription.scheduledPlanId,
      subscription.cancelAtPeriodEnd,
      subscription.periodAmount,
    ],
  );
}

/** The card a charge goes to (the default one) and the billing details VAT is decided by. */
export interface BillingCard {
  gatewayToken: string;
  country: string;
  vatNumber: string | null;
  billingType: 'Individual' | 'Business';
}

export async function findDefaultCard(
  database: Queryable,
  organizationId: string,
): Promise<BillingCard | undefined> {
  const [card] = await database.query<BillingCard>(
    `select card.gateway_token as "gatewayToken",
            coalesce(details.country, card.country) as country,
            case when details.organization_id is null then card.vat_number else details.vat_number end as "vatNumber",
            coalesce(details.billing_type, card.billing_type) as "billingType"
     from payment_methods card
     left join billing_details details on details.organization_id = card.organization_id
     where card.organization_id = $1
     order by card.is_default desc, card.created_at desc limit 1`,
    [organizationId],
  );
  return card;
}

export interface PromoCode {
  code: string;
  kind: 'percent' | 'fixed';
  percent: number | null;
  amounts: Record<CurrencyCode, number> | null;
  planIds: string[] | null;
  expired: boolean;
  usedUp: boolean;
  /** The rules the catalogue declares for the code (migration 0035). */
  oncePerOrganization: boolean;
  firstPlanOnly: boolean;
}

export async function findPromoCode(
  database: Queryable,
  code: string,
  { lock = false } = {},
): Promise<PromoCode | undefined> {
  const [row] = await database.query<{
    code: string;
    kind: 'percent' | 'fixed';
    percent: number | null;
    usd: number | null;
    eur: number | null;
    gpb: number | null;
    planIds: string[] | null;
    expired: boolean;
    usedUp: boolean;
    oncePerOrganization: boolean;
    firstPlanOnly: boolean;
  }>(
    `select code, kind, percent, amount_usd as usd, amount_eur as eur, amount_gpb as gpb, plan_ids as "planIds",
            coalesce(expires_at <= now(), false) as expired,
            coalesce(redemptions >= max_redemptions, false) as "usedUp",
            once_per_organization as "oncePerOrganization", first_plan_only as "firstPlanOnly"
     from promo_codes where code = $1 ${lock ? 'for update' : ''}`,
    [code],
  );
  if (!row) return undefined;
  const { usd, eur, gpb, ...rest } = row;
  return { ...rest, amounts: usd === null || eur === null || gpb === null ? null : { usd, eur, gpb } };
}

export type StoredInvoice = Omit<Invoice, 'number'> & { number: number };

const invoiceColumns = `
  id, number, issued_at as "issuedAt", period_start as "periodStart", period_end as "periodEnd", currency, lines,
  subtotal, discount, promo_code as "promoCode", vat_rate_basis_points as "vatRateBasisPoints",
  reverse_charge as "reverseCharge", vat, total, status`;

const toInvoice = (row: Record<string, unknown>): Invoice => ({
  ...(row as unknown as Invoice),
  number: `DC-${String(row.number).padStart(6, '0')}`,
  issuedAt: new Date(row.issuedAt as string).toISOString(),
  periodStart: new Date(row.periodStart as string).toISOString(),
  periodEnd: new Date(row.periodEnd as string).toISOString(),
});

export async function findInvoiceByIdempotencyKey(
  database: Queryable,
  organizationId: string,
  idempotencyKey: string,
): Promise<Invoice | undefined> {
  const [row] = await database.query<Record<string, unknown>>(
    `select ${invoiceColumns} from invoices where organization_id = $1 and idempotency_key = $2`,
    [organizationId, idempotencyKey],
  );
  return row && toInvoice(row);
}

export interface NewInvoice {
  organizationId: string;
  currency: CurrencyCode;
  periodStart: Date;
  periodEnd: Date;
  lines: { description: string; amount: number }[];
  subtotal: number;
  discount: number;
  promoCode: string | null;
  vatRateBasisPoints: number;
  reverseCharge: boolean;
  vat: number;
  total: number;
  billingCountry: string;
  paymentReference: string | null;
  idempotencyKey: string;
}

/**
 * Issues a paid invoice. Its number is the counter's next, taken in the same transaction: should the transaction
 * roll back, the number is not used, so numbers have no gaps.
 */
export async function insertPaidInvoice(transaction: Queryable, invoice: NewInvoice): Promise<Invoice> {
  const [counter] = await transaction.query<{ number: number }>(
    'update invoice_number_counter set last_number = last_number + 1 returning last_number as number',
  );
  const [row] = await transaction.query<Record<string, unknown>>(
    `insert into invoices (organization_id, number, currency, period_start, period_end, lines, subtotal, discount,
                           promo_code, vat_rate_basis_points, reverse_charge, vat, total, status, billing_country,
                           payment_reference, idempotency_key, paid_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, 'paid', $14, $15, $16, now())
     returning ${invoiceColumns}`,
    [
      invoice.organizationId,
      Number(counter!.number),
      invoice.currency,
      invoice.periodStart,
      invoice.periodEnd,
      JSON.stringify(invoice.lines),
      invoice.subtotal,
      invoice.discount,
      invoice.promoCode,
      invoice.vatRateBasisPoints,
      invoice.reverseCharge,
      invoice.vat,
      invoice.total,
      invoice.billingCountry,
      invoice.paymentReference,
      invoice.idempotencyKey,
    ],
  );
  return toInvoice(row!);
}

/** Invoices issued from `from` to `to` (inclusive dates, UTC; either may be open), newest first. */
export async function listInvoices(
  database: Queryable,
  organizationId: string,
  { from, to }: { from?: string | undefined; to?: string | undefined },
): Promise<Invoice[]> {
  const rows = await database.query<Record<string, unknown>>(
    `select ${invoiceColumns} from invoices
     where organization_id = $1
       and ($2::date is null or issued_at >= $2::date)
       and ($3::date is null or issued_at < $3::date + 1)
     order by issued_at desc, number desc`,
    [organizationId, from ?? null, to ?? null],
  );
  return rows.map(toInvoice);
}

/** One of the organization's invoices; undefined for another organization's or an unknown id. */
export async function findInvoice(
  database: Queryable,
  organizationId: string,
  invoiceId: string,
): Promise<Invoice | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(invoiceId)) return undefined;
  const [row] = await database.query<Record<string, unknown>>(
    `select ${invoiceColumns} from invoices where organization_id = $1 and id = $2`,
    [organizationId, invoiceId],
  );
  return row && toInvoice(row);
}

/** Who the organization's invoices are addressed to: its billing details, or else its paying card's. */
export async function findBillingDetails(
  database: Queryable,
  organizationId: string,
): Promise<
  | { name: string; company: string | null; address: string; country: string; vatNumber: string | null }
  | undefined
> {
  const [details] = await database.query<{
    name: string;
    company: string | null;
    address: string;
    country: string;
    vatNumber: string | null;
  }>(
    `select coalesce(card.card_holder, '') as name,
            case when details.organization_id is null then card.company else details.company end as company,
            coalesce(details.address, card.address) as address, coalesce(details.country, card.country) as country,
            case when details.organization_id is null then card.vat_number else details.vat_number end as "vatNumber"
     from (select $1::uuid as organization_id) organization
     left join billing_details details on details.organization_id = organization.organization_id
     left join lateral (select * from payment_methods where payment_methods.organization_id = organization.organization_id
                        order by is_default desc, created_at desc limit 1) card on true
     where details.organization_id is not null or card.id is not null`,
    [organizationId],
  );
  return details;
}
