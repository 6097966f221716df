import type { AddOnPackage, CreditTransaction, OwnedAddOn, WalletPackage } from '@dcipher/shared/contract';
import { creditTransactionKinds } from '@dcipher/shared/contract/credits';
import { usageCategories } from '@dcipher/shared/domain';
import * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** The wallet's ledger and the add-ons (docs/decisions/0041): entries are only ever added. */

/** Text columns whose values are an enumeration (a check constraint, or product data), checked as read. */
const creditKindOf = v.parser(v.picklist(creditTransactionKinds));
const usageCategoryOf = v.parser(v.picklist(usageCategories));

export async function listWalletPackages(database: Queryable): Promise<WalletPackage[]> {
  const rows = await db(database)
    .selectFrom('walletPackages')
    .select(['id', 'name', 'credits', 'priceUsd', 'priceEur', 'priceGpb'])
    .orderBy('sortOrder')
    .execute();
  return rows.map(({ priceUsd, priceEur, priceGpb, ...row }) => ({
    ...row,
    prices: { usd: priceUsd, eur: priceEur, gpb: priceGpb },
  }));
}

export async function findWalletPackage(database: Queryable, id: string): Promise<WalletPackage | undefined> {
  return (await listWalletPackages(database)).find((entry) => entry.id === id);
}

export async function creditBalance(database: Queryable, organizationId: string): Promise<number> {
  const row = await db(database)
    .selectFrom('creditTransactions')
    .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum('credits'), eb.lit(0)), 'integer').as('balance'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
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
  await db(database)
    .insertInto('creditTransactions')
    .values({
      organizationId: entry.organizationId,
      kind: entry.kind,
      credits: entry.credits,
      description: entry.description,
      invoiceId: entry.invoiceId ?? null,
    })
    .execute();
}

/** A page of the ledger, newest first, each entry with the balance right after it. */
export async function listCreditTransactions(
  database: Queryable,
  organizationId: string,
  page: number,
  pageSize = 50,
): Promise<{ transactions: CreditTransaction[]; total: number }> {
  const rows = await db(database)
    .selectFrom('creditTransactions')
    .select((eb) => [
      'id',
      'kind',
      'credits',
      'description',
      'createdAt',
      eb
        .cast<number>(
          eb.fn.sum('credits').over((over) => over.orderBy('createdAt').orderBy('id')),
          'integer',
        )
        .as('balance'),
    ])
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await db(database)
    .selectFrom('creditTransactions')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
  return {
    transactions: rows.map((row) => ({
      ...row,
      kind: creditKindOf(row.kind),
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    total: Number(count?.total ?? 0),
  };
}

export async function listAddOnPackages(database: Queryable): Promise<AddOnPackage[]> {
  const rows = await db(database)
    .selectFrom('addonPackages')
    .select([
      'id',
      'name',
      'description',
      'usageCategory',
      'quantity',
      'unit',
      'priceUsd',
      'priceEur',
      'priceGpb',
    ])
    .orderBy('sortOrder')
    .execute();
  return rows.map(({ priceUsd, priceEur, priceGpb, ...row }) => ({
    ...row,
    usageCategory: usageCategoryOf(row.usageCategory),
    prices: { usd: priceUsd, eur: priceEur, gpb: priceGpb },
  }));
}

export async function insertAddOnPurchase(
  database: Queryable,
  purchase: { organizationId: string; packageId: string; validUntil: Date; invoiceId: string },
): Promise<void> {
  await db(database)
    .insertInto('addonPurchases')
    .values({
      organizationId: purchase.organizationId,
      packageId: purchase.packageId,
      validUntil: purchase.validUntil,
      invoiceId: purchase.invoiceId,
    })
    .execute();
}

/** The organization's add-ons still valid `at`, newest first; or the one bought with `invoiceId`. */
export async function listOwnedAddOns(
  database: Queryable,
  organizationId: string,
  { at, invoiceId }: { at?: Date; invoiceId?: string },
): Promise<OwnedAddOn[]> {
  let query = db(database)
    .selectFrom('addonPurchases as purchase')
    .innerJoin('addonPackages as package', 'package.id', 'purchase.packageId')
    .select([
      'purchase.id',
      'purchase.packageId',
      'package.name',
      'package.quantity',
      'package.unit',
      'purchase.createdAt as purchasedAt',
      'purchase.validUntil',
    ])
    .where('purchase.organizationId', '=', organizationId);
  if (at !== undefined) query = query.where('purchase.validUntil', '>', at);
  if (invoiceId !== undefined) query = query.where('purchase.invoiceId', '=', invoiceId);
  const rows = await query.orderBy('purchase.createdAt', 'desc').execute();
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
  return db(database)
    .selectFrom('payAsYouGoPrices')
    .select(['priceUsd as usd', 'unit'])
    .where('usageCategory', '=', usageCategory)
    .executeTakeFirst();
}
