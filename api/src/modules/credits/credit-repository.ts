import type { AddOnPackage, CreditTransaction, OwnedAddOn, WalletPackage } from '@dcipher/shared/contract';
import type { Queryable } from '../../db/database.js';

/** The wallet's ledger and the add-ons (docs/decisions/0041): entries are only ever added. */

export async function listWalletPackages(database: Queryable): Promise<WalletPackage[]> {
  const rows = await database.query<{
    id: string;
    name: string;
    credits: number;
    usd: number;
    eur: number;
    gpb: number;
  }>(
    `select id, name, credits, price_usd as usd, price_eur as eur, price_gpb as gpb
     from wallet_packages order by sort_order`,
  );
  return rows.map(({ usd, eur, gpb, ...row }) => ({ ...row, prices: { usd, eur, gpb } }));
}

export async function findWalletPackage(database: Queryable, id: string): Promise<WalletPackage | undefined> {
  return (await listWalletPackages(database)).find((entry) => entry.id === id);
}

export async function creditBalance(database: Queryable, organizationId: string): Promise<number> {
  const [row] = await database.query<{ balance: number }>(
    'select coalesce(sum(credits), 0)::integer as balance from credit_transactions where organization_id = $1',
    [organizationId],
  );
  return row?.balance ?? 0;
}

export async function appendCreditEntry(
  database: Queryable,
  entry: {
    organizationId: string;
    kind: CreditTransaction['kind'];
    credits: number;
    description: string;
    invoiceId?: string | null;
  },
): Promise<void> {
  await database.query(
    `insert into credit_transactions (organization_id, kind, credits, description, invoice_id)
     values ($1, $2, $3, $4, $5)`,
    [entry.organizationId, entry.kind, entry.credits, entry.description, entry.invoiceId ?? null],
  );
}

/** A page of the ledger, newest first, each entry with the balance right after it. */
export async function listCreditTransactions(
  database: Queryable,
  organizationId: string,
  page: number,
  pageSize = 50,
): Promise<{ transactions: CreditTransaction[]; total: number }> {
  const rows = await database.query<Omit<CreditTransaction, 'createdAt'> & { createdAt: Date | string }>(
    `select id, kind, credits, description, created_at as "createdAt",
            (sum(credits) over (order by created_at, id))::integer as balance
     from credit_transactions where organization_id = $1
     order by created_at desc, id desc
     limit $2 offset $3`,
    [organizationId, pageSize, (page - 1) * pageSize],
  );
  const [count] = await database.query<{ total: number }>(
    'select count(*)::integer as total from credit_transactions where organization_id = $1',
    [organizationId],
  );
  return {
    transactions: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
    total: count?.total ?? 0,
  };
}

export async function listAddOnPackages(database: Queryable): Promise<AddOnPackage[]> {
  const rows = await database.query<Omit<AddOnPackage, 'prices'> & { usd: number; eur: number; gpb: number }>(
    `select id, name, description, usage_category as "usageCategory", quantity, unit,
            price_usd as usd, price_eur as eur, price_gpb as gpb
     from addon_packages order by sort_order`,
  );
  return rows.map(({ usd, eur, gpb, ...row }) => ({ ...row, prices: { usd, eur, gpb } }));
}

export async function insertAddOnPurchase(
  database: Queryable,
  purchase: { organizationId: string; packageId: string; validUntil: Date; invoiceId: string },
): Promise<void> {
  await database.query(
    `insert into addon_purchases (organization_id, package_id, valid_until, invoice_id) values ($1, $2, $3, $4)`,
    [purchase.organizationId, purchase.packageId, purchase.validUntil, purchase.invoiceId],
  );
}

/** The organization's add-ons still valid `at`, newest first; or the one bought with `invoiceId`. */
export async function listOwnedAddOns(
  database: Queryable,
  organizationId: string,
  { at, invoiceId }: { at?: Date; invoiceId?: string },
): Promise<OwnedAddOn[]> {
  const rows = await database.query<{
    id: string;
    packageId: string;
    name: string;
    quantity: number;
    unit: string;
    purchasedAt: Date | string;
    validUntil: Date | string;
  }>(
    `select purchase.id, purchase.package_id as "packageId", package.name, package.quantity, package.unit,
            purchase.created_at as "purchasedAt", purchase.valid_until as "validUntil"
     from addon_purchases purchase join addon_packages package on package.id = purchase.package_id
     where purchase.organization_id = $1
       and ($2::timestamptz is null or purchase.valid_until > $2)
       and ($3::uuid is null or purchase.invoice_id = $3)
     order by purchase.created_at desc`,
    [organizationId, at ?? null, invoiceId ?? null],
  );
  return rows.map((row) => ({
    ...row,
    purchasedAt: new Date(row.purchasedAt).toISOString(),
    validUntil: new Date(row.validUntil).toISOString(),
  }));
}

/** The pay-as-you-go price of one unit of a usage category, in US cents (one credit each), and its unit. */
export async function payAsYouGoPrice(
  database: Queryable,
  usageCategory: string,
): Promise<{ usd: number; unit: string } | undefined> {
  const [row] = await database.query<{ usd: number; unit: string }>(
    'select price_usd as usd, unit from pay_as_you_go_prices where usage_category = $1',
    [usageCategory],
  );
  return row;
}
