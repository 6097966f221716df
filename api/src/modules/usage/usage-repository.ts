import * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** The plan's quotas as usage counts them (label and stated value), and its billing period. */
const quotasOf = v.parser(v.array(v.object({ label: v.string(), value: v.string() })));

export async function findPlanAllowance(
  database: Queryable,
  planId: string,
): Promise<{ quotas: { label: string; value: string }[]; billingPeriod: string } | undefined> {
  const plan = await db(database)
    .selectFrom('pricingPlans')
    .select(['quotas', 'billingPeriod'])
    .where('id', '=', planId)
    .executeTakeFirst();
  return plan && { quotas: quotasOf(plan.quotas), billingPeriod: plan.billingPeriod };
}

/** What the organization's add-ons valid at `now` and bought before `boughtBefore` add, per usage category. */
export function sumAddOnQuantities(
  database: Queryable,
  organizationId: string,
  { now, boughtBefore }: { now: Date; boughtBefore: Date },
): Promise<{ category: string; quantity: number }[]> {
  return db(database)
    .selectFrom('addonPurchases as purchase')
    .innerJoin('addonPackages as package', 'package.id', 'purchase.packageId')
    .select((eb) => [
      'package.usageCategory as category',
      eb.cast<number>(eb.fn.sum('package.quantity'), 'integer').as('quantity'),
    ])
    .where('purchase.organizationId', '=', organizationId)
    .where('purchase.validUntil', '>', now)
    .where('purchase.createdAt', '<', boughtBefore)
    .groupBy('package.usageCategory')
    .execute();
}

/** The organization's recorded use from `start` to `end`, per usage category (sub-categories apart). */
export function sumUsage(
  database: Queryable,
  organizationId: string,
  { start, end }: { start: Date; end: Date },
): Promise<{ category: string; quantity: number }[]> {
  return db(database)
    .selectFrom('usageRecords')
    .select((eb) => [
      'usageCategory as category',
      eb.cast<number>(eb.fn.sum('quantity'), 'integer').as('quantity'),
    ])
    .where('organizationId', '=', organizationId)
    .where('recordedAt', '>=', start)
    .where('recordedAt', '<', end)
    .groupBy('usageCategory')
    .execute();
}

/** The credits a use recorded under the key took, when it was recorded already. */
export async function findRecordedUsage(
  database: Queryable,
  organizationId: string,
  idempotencyKey: string,
): Promise<{ creditsCharged: number } | undefined> {
  return db(database)
    .selectFrom('usageRecords')
    .select('creditsCharged')
    .where('organizationId', '=', organizationId)
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function insertUsageRecord(
  database: Queryable,
  record: {
    organizationId: string;
    usageCategory: string;
    quantity: number;
    creditsCharged: number;
    idempotencyKey: string;
  },
): Promise<void> {
  await db(database)
    .insertInto('usageRecords')
    .values({
      organizationId: record.organizationId,
      usageCategory: record.usageCategory,
      quantity: record.quantity,
      creditsCharged: record.creditsCharged,
      idempotencyKey: record.idempotencyKey,
    })
    .execute();
}

/** Claims a quota notice (`kind`, once per `noticeKey`): true for the one caller that should send it. */
export async function claimQuotaNotice(
  database: Queryable,
  notice: { organizationId: string; kind: string; noticeKey: string },
): Promise<boolean> {
  const claimed = await db(database)
    .insertInto('billingNotices')
    .values({ organizationId: notice.organizationId, kind: notice.kind, noticeKey: notice.noticeKey })
    .onConflict((conflict) => conflict.doNothing())
    .returning('organizationId')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Brings a recorded use to `quantity` (a reservation settled); a use of nothing is removed. */
export async function updateUsageRecord(
  database: Queryable,
  record: { organizationId: string; idempotencyKey: string; quantity: number; creditsCharged: number },
): Promise<void> {
  if (record.quantity <= 0) {
    await db(database)
      .deleteFrom('usageRecords')
      .where('organizationId', '=', record.organizationId)
      .where('idempotencyKey', '=', record.idempotencyKey)
      .execute();
    return;
  }
  await db(database)
    .updateTable('usageRecords')
    .set({ quantity: record.quantity, creditsCharged: record.creditsCharged })
    .where('organizationId', '=', record.organizationId)
    .where('idempotencyKey', '=', record.idempotencyKey)
    .execute();
}
