import { currencyCodes } from '@dcipher/shared/contract';
import {
  type BillingPeriod,
  billingPeriods,
  type CurrencyCode,
  type CustomerType,
  customerTypes,
} from '@dcipher/shared/domain';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** Text columns whose check constraint lists an enumeration, checked as they are read. */
const currencyOf = v.parser(v.picklist(currencyCodes));
const customerTypeOf = v.parser(v.picklist(customerTypes));
const billingPeriodOf = v.parser(v.picklist(billingPeriods));

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
  const plan = await db(database)
    .selectFrom('pricingPlans')
    .select(['id', 'name', 'customerType', 'billingPeriod', 'priceUsd', 'priceEur', 'priceGpb', 'isActive'])
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan) return undefined;
  const { priceUsd: usd, priceEur: eur, priceGpb: gpb } = plan;
  return {
    id: plan.id,
    name: plan.name,
    customerType: customerTypeOf(plan.customerType),
    billingPeriod: billingPeriodOf(plan.billingPeriod),
    isActive: plan.isActive,
    prices: usd === null || eur === null || gpb === null ? null : { usd, eur, gpb },
  };
}

export const subscriptionStatuses = ['active', 'past_due', 'expired'] as const;
const subscriptionStatusOf = v.parser(v.picklist(subscriptionStatuses));

export interface StoredSubscription {
  organizationId: string;
  planId: string;
  currency: CurrencyCode;
  status: (typeof subscriptionStatuses)[number];
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  scheduledPlanId: string | null;
  cancelAtPeriodEnd: boolean;
  /** What the current period was paid, before VAT and after discounts (null: before it was recorded). */
  periodAmount: number | null;
}

const subscriptionColumns = [
  'organizationId',
  'planId',
  'currency',
  'status',
  'currentPeriodStart',
  'currentPeriodEnd',
  'scheduledPlanId',
  'cancelAtPeriodEnd',
  'periodAmount',
] as const satisfies readonly (keyof StoredSubscription)[];

export async function findSubscription(
  database: Queryable,
  organizationId: string,
  { lock = false } = {},
): Promise<StoredSubscription | undefined> {
  const row = await db(database)
    .selectFrom('subscriptions')
    .select(subscriptionColumns)
    .where('organizationId', '=', organizationId)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  return (
    row && {
      ...row,
      currency: currencyOf(row.currency),
      status: subscriptionStatusOf(row.status),
      currentPeriodStart: new Date(row.currentPeriodStart),
      currentPeriodEnd: new Date(row.currentPeriodEnd),
    }
  );
}

export async function saveSubscription(
  transaction: Queryable,
  subscription: Omit<StoredSubscription, 'status'> & { status?: StoredSubscription['status'] },
): Promise<void> {
  await db(transaction)
    .insertInto('subscriptions')
    .values({
      organizationId: subscription.organizationId,
      planId: subscription.planId,
      currency: subscription.currency,
      status: subscription.status ?? 'active',
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: subscription.currentPeriodEnd,
      scheduledPlanId: subscription.scheduledPlanId,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      periodAmount: subscription.periodAmount,
    })
    .onConflict((conflict) =>
      conflict.column('organizationId').doUpdateSet((eb) => ({
        planId: eb.ref('excluded.planId'),
        currency: eb.ref('excluded.currency'),
        status: eb.ref('excluded.status'),
        currentPeriodStart: eb.ref('excluded.currentPeriodStart'),
        currentPeriodEnd: eb.ref('excluded.currentPeriodEnd'),
        scheduledPlanId: eb.ref('excluded.scheduledPlanId'),
        cancelAtPeriodEnd: eb.ref('excluded.cancelAtPeriodEnd'),
        periodAmount: eb.ref('excluded.periodAmount'),
        updatedAt: sql<Date>`now()`,
      })),
    )
    .execute();
}

/**
 * A paid renewal (docs/decisions/0055): the subscription moves to the next period, on `planId` (a scheduled
 * downgrade), active again. Answers false, changing nothing, when the renewed period is no longer the current one.
 */
export async function renewSubscriptionPeriod(
  transaction: Queryable,
  renewal: {
    organizationId: string;
    planId: string;
    periodStart: string;
    periodEnd: string;
    periodAmount: number;
  },
): Promise<boolean> {
  const renewed = await db(transaction)
    .updateTable('subscriptions')
    .set({
      planId: renewal.planId,
      currentPeriodStart: renewal.periodStart,
      currentPeriodEnd: renewal.periodEnd,
      periodAmount: renewal.periodAmount,
      scheduledPlanId: null,
      status: 'active',
      renewalAttempts: 0,
      nextAttemptAt: null,
      updatedAt: sql<Date>`now()`,
    })
    .where('organizationId', '=', renewal.organizationId)
    .where('currentPeriodEnd', '=', new Date(renewal.periodStart))
    .returning('organizationId')
    .execute();
  return renewed.length > 0;
}

/**
 * Claims one subscription due for renewal (its period ended, no retry waiting) for this process: the row is taken
 * with `for update skip locked` and leased for `leaseMinutes` (its next attempt moved on), in one transaction.
 */
export function claimDueSubscription(
  database: Database,
  { now, leaseMinutes }: { now: Date; leaseMinutes: number },
): Promise<StoredSubscription | undefined> {
  return database.transaction(async (transaction) => {
    const due = await db(transaction)
      .selectFrom('subscriptions')
      .select('organizationId')
      .where('status', '=', 'active')
      .where('currentPeriodEnd', '<=', now)
      .where((eb) => eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]))
      .orderBy('currentPeriodEnd')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!due) return undefined;
    await db(transaction)
      .updateTable('subscriptions')
      .set({ nextAttemptAt: sql<Date>`${now}::timestamptz + ${leaseMinutes}::integer * interval '1 minute'` })
      .where('organizationId', '=', due.organizationId)
      .execute();
    return findSubscription(transaction, due.organizationId);
  });
}

/** Ends a subscription cancelled at its period's end, if that period is still the current one. */
export async function expireSubscriptionAtPeriodEnd(
  database: Queryable,
  organizationId: string,
  currentPeriodEnd: Date,
): Promise<void> {
  await db(database)
    .updateTable('subscriptions')
    .set({ status: 'expired', nextAttemptAt: null, updatedAt: sql<Date>`now()` })
    .where('organizationId', '=', organizationId)
    .where('currentPeriodEnd', '=', currentPeriodEnd)
    .execute();
}

/** Which renewal attempt a failed one is: those already counted, plus one. */
export async function countFailedRenewal(database: Queryable, organizationId: string): Promise<number> {
  const { attempts } = await db(database)
    .selectFrom('subscriptions')
    .select((eb) => eb('renewalAttempts', '+', 1).as('attempts'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return attempts;
}

/** Records a failed renewal and when it is tried again. */
export async function scheduleRenewalRetry(
  database: Queryable,
  organizationId: string,
  { attempts, retryAt }: { attempts: number; retryAt: Date },
): Promise<void> {
  await db(database)
    .updateTable('subscriptions')
    .set({ renewalAttempts: attempts, nextAttemptAt: retryAt, updatedAt: sql<Date>`now()` })
    .where('organizationId', '=', organizationId)
    .execute();
}

/** The last renewal attempt failed: the subscription has a payment problem, and is not retried. */
export async function markSubscriptionPastDue(
  database: Queryable,
  organizationId: string,
  attempts: number,
): Promise<void> {
  await db(database)
    .updateTable('subscriptions')
    .set({ status: 'past_due', renewalAttempts: attempts, nextAttemptAt: null, updatedAt: sql<Date>`now()` })
    .where('organizationId', '=', organizationId)
    .execute();
}

/** The card a charge goes to (the default one) and the billing details VAT is decided by. */
export interface BillingCard {
  gatewayToken: string;
  country: string;
  vatNumber: string | null;
  billingType: CustomerType;
}

export async function findDefaultCard(
  database: Queryable,
  organizationId: string,
): Promise<BillingCard | undefined> {
  const card = await db(database)
    .selectFrom('paymentMethods as card')
    .leftJoin('billingDetails as details', 'details.organizationId', 'card.organizationId')
    .select((eb) => [
      'card.gatewayToken',
      eb.fn.coalesce('details.country', 'card.country').as('country'),
      eb
        .case()
        .when('details.organizationId', 'is', null)
        .then(eb.ref('card.vatNumber'))
        .else(eb.ref('details.vatNumber'))
        .end()
        .as('vatNumber'),
      eb.fn.coalesce('details.billingType', 'card.billingType').as('billingType'),
    ])
    .where('card.organizationId', '=', organizationId)
    .orderBy('card.isDefault', 'desc')
    .orderBy('card.createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return card && { ...card, billingType: customerTypeOf(card.billingType) };
}

export const promoCodeKinds = ['percent', 'fixed'] as const;
const promoCodeKindOf = v.parser(v.picklist(promoCodeKinds));

export interface PromoCode {
  code: string;
  kind: (typeof promoCodeKinds)[number];
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
  const row = await db(database)
    .selectFrom('promoCodes')
    .select((eb) => [
      'code',
      'kind',
      'percent',
      'amountUsd',
      'amountEur',
      'amountGpb',
      'planIds',
      eb.fn<boolean>('coalesce', [eb('expiresAt', '<=', sql<Date>`now()`), eb.lit(false)]).as('expired'),
      eb
        .fn<boolean>('coalesce', [eb('redemptions', '>=', eb.ref('maxRedemptions')), eb.lit(false)])
        .as('usedUp'),
      'oncePerOrganization',
      'firstPlanOnly',
    ])
    .where('code', '=', code)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) return undefined;
  const { amountUsd: usd, amountEur: eur, amountGpb: gpb, ...rest } = row;
  return {
    ...rest,
    kind: promoCodeKindOf(row.kind),
    amounts: usd === null || eur === null || gpb === null ? null : { usd, eur, gpb },
  };
}

/** Who the organization's invoices are addressed to: its billing details, or else its paying card's. */
export async function findBillingDetails(
  database: Queryable,
  organizationId: string,
): Promise<
  | { name: string; company: string | null; address: string; country: string; vatNumber: string | null }
  | undefined
> {
  // The name is empty without a card. A row exists only with billing details or a card (the `where`), whose address
  // and country are never null: their empty fallbacks are never answered, they tell the types so.
  const kysely = db(database);
  return kysely
    .selectFrom(
      kysely.selectNoFrom(sql<string>`${organizationId}::uuid`.as('organizationId')).as('organization'),
    )
    .leftJoin('billingDetails as details', 'details.organizationId', 'organization.organizationId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('paymentMethods')
          .selectAll()
          .whereRef('paymentMethods.organizationId', '=', 'organization.organizationId')
          .orderBy('isDefault', 'desc')
          .orderBy('createdAt', 'desc')
          .limit(1)
          .as('card'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      eb.fn.coalesce('card.cardHolder', eb.val('')).as('name'),
      eb
        .case()
        .when('details.organizationId', 'is', null)
        .then(eb.ref('card.company'))
        .else(eb.ref('details.company'))
        .end()
        .as('company'),
      eb.fn.coalesce('details.address', 'card.address', eb.val('')).as('address'),
      eb.fn.coalesce('details.country', 'card.country', eb.val('')).as('country'),
      eb
        .case()
        .when('details.organizationId', 'is', null)
        .then(eb.ref('card.vatNumber'))
        .else(eb.ref('details.vatNumber'))
        .end()
        .as('vatNumber'),
    ])
    .where((eb) => eb.or([eb('details.organizationId', 'is not', null), eb('card.id', 'is not', null)]))
    .executeTakeFirst();
}

// The organization's currency and trial pick are the people module's rows (people-ownership.test.ts); the billing
// code reaches them through these, re-exported for its callers.
export {
  chooseOrganizationCurrency,
  claimDueTrialPlans,
  saveTrialPlan,
} from '../people/organization-repository.js';
