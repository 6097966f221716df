import { currencyCodes, type Invoice, InvoiceSchema } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { type Selectable, sql } from 'kysely';
import * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';
import type { DB } from '../../db/schema.generated.js';

// The invoices and their number counter are the payments module's rows: a payment issues its invoice in the
// transaction that applies what was bought (docs/decisions/0110). Subscriptions lists and renders them from here.

const currencyOf = v.parser(v.picklist(currencyCodes));

const invoiceColumns = [
  'id',
  'number',
  'issuedAt',
  'periodStart',
  'periodEnd',
  'currency',
  'lines',
  'subtotal',
  'discount',
  'promoCode',
  'vatRateBasisPoints',
  'reverseCharge',
  'vat',
  'total',
  'status',
] as const satisfies readonly (keyof Invoice)[];

type InvoiceRow = Pick<Selectable<DB['invoices']>, (typeof invoiceColumns)[number]>;

const invoiceLinesOf = v.parser(InvoiceSchema.entries.lines);
const invoiceStatusOf = v.parser(InvoiceSchema.entries.status);

/** An invoice as the contract has it: its number shown as `DC-000042`, its lines and enumerations checked. */
const toInvoice = (row: InvoiceRow): Invoice => ({
  ...row,
  number: `DC-${String(row.number).padStart(6, '0')}`,
  issuedAt: new Date(row.issuedAt).toISOString(),
  periodStart: new Date(row.periodStart).toISOString(),
  periodEnd: new Date(row.periodEnd).toISOString(),
  currency: currencyOf(row.currency),
  lines: invoiceLinesOf(row.lines),
  status: invoiceStatusOf(row.status),
});

export async function findInvoiceByIdempotencyKey(
  database: Queryable,
  organizationId: string,
  idempotencyKey: string,
): Promise<Invoice | undefined> {
  const row = await db(database)
    .selectFrom('invoices')
    .select(invoiceColumns)
    .where('organizationId', '=', organizationId)
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirst();
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
  const counter = await db(transaction)
    .updateTable('invoiceNumberCounter')
    .set({ lastNumber: sql<string>`${sql.ref('lastNumber')} + 1` })
    .returning('lastNumber')
    .executeTakeFirstOrThrow();
  // The organization first: a test makes this insert fail for one organization by its first parameter.
  const row = await db(transaction)
    .insertInto('invoices')
    .values({
      organizationId: invoice.organizationId,
      number: Number(counter.lastNumber),
      currency: invoice.currency,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      lines: JSON.stringify(invoice.lines),
      subtotal: invoice.subtotal,
      discount: invoice.discount,
      promoCode: invoice.promoCode,
      vatRateBasisPoints: invoice.vatRateBasisPoints,
      reverseCharge: invoice.reverseCharge,
      vat: invoice.vat,
      total: invoice.total,
      status: 'paid',
      billingCountry: invoice.billingCountry,
      paymentReference: invoice.paymentReference,
      idempotencyKey: invoice.idempotencyKey,
      paidAt: sql<Date>`now()`,
    })
    .returning(invoiceColumns)
    .executeTakeFirstOrThrow();
  return toInvoice(row);
}

/** Invoices issued from `from` to `to` (inclusive dates, UTC; either may be open), newest first. */
export async function listInvoices(
  database: Queryable,
  organizationId: string,
  { from, to }: { from?: string | undefined; to?: string | undefined },
): Promise<Invoice[]> {
  let query = db(database)
    .selectFrom('invoices')
    .select(invoiceColumns)
    .where('organizationId', '=', organizationId);
  if (from !== undefined) query = query.where('issuedAt', '>=', sql<Date>`${from}::date`);
  if (to !== undefined) query = query.where('issuedAt', '<', sql<Date>`${to}::date + 1`);
  const rows = await query.orderBy('issuedAt', 'desc').orderBy('number', 'desc').execute();
  return rows.map(toInvoice);
}

/** One of the organization's invoices; undefined for another organization's or an unknown id. */
export async function findInvoice(
  database: Queryable,
  organizationId: string,
  invoiceId: string,
): Promise<Invoice | undefined> {
  if (!isUuid(invoiceId)) return undefined;
  const row = await db(database)
    .selectFrom('invoices')
    .select(invoiceColumns)
    .where('organizationId', '=', organizationId)
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return row && toInvoice(row);
}

/**
 * The gateway's token of the card that paid an invoice (its succeeded payment), or undefined for an invoice nothing
 * paid (nothing due) or another organization's.
 */
export async function findInvoicePayingToken(
  database: Queryable,
  organizationId: string,
  invoiceId: string,
): Promise<string | undefined> {
  if (!isUuid(invoiceId)) return undefined;
  const row = await db(database)
    .selectFrom('payments')
    .select('gatewayToken')
    .where('organizationId', '=', organizationId)
    .where('invoiceId', '=', invoiceId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  return row?.gatewayToken ?? undefined;
}
