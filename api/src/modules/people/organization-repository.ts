import type { CompanySizeBand, CurrencyCode, CustomerType } from '@dcipher/shared/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { type DB, db } from '../../db/kysely.js';

/** The database's clock, as a value. */
const now = () => sql<Date>`now()`;

/** `days` days from now by the database's clock. */
const daysFromNow = (days: number) => sql<Date>`now() + ${days}::integer * interval '1 day'`;

/**
 * Creates an organization; with `trialDays`, its free trial ends that many days from now by the database's
 * clock.
 */
export async function createOrganization(
  database: Queryable,
  organization: {
    name: string;
    customerType: CustomerType;
    companySize: CompanySizeBand | null;
    trialDays: number;
  },
): Promise<{ id: string }> {
  return db(database)
    .insertInto('organizations')
    .values({
      name: organization.name,
      customerType: organization.customerType,
      companySize: organization.companySize,
      trialEndsAt: daysFromNow(organization.trialDays),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Creates an organization with a fixed id (the demo seed's, the workflow store's) unless it exists. With
 * `trialDays` its free trial ends that many days from now, and an existing one without a trial end (a database
 * seeded before the seed gave one) gets that end too; a trial end already set is kept. Without it, no trial.
 */
export async function ensureOrganization(
  database: Queryable,
  organization: { id: string; name: string; customerType: CustomerType; trialDays?: number },
): Promise<void> {
  const { trialDays } = organization;
  await db(database)
    .insertInto('organizations')
    .values({
      id: organization.id,
      name: organization.name,
      customerType: organization.customerType,
      ...(trialDays === undefined ? {} : { trialEndsAt: daysFromNow(trialDays) }),
    })
    .onConflict((oc) =>
      trialDays === undefined
        ? oc.column('id').doNothing()
        : oc
            .column('id')
            .doUpdateSet({ trialEndsAt: daysFromNow(trialDays) })
            .where('organizations.trialEndsAt', 'is', null),
    )
    .execute();
}

/**
 * Locks the organization's row for the caller's transaction, so that writes about the organization as a whole
 * (its first card becoming the default...) are made one at a time.
 */
export async function lockOrganization(transaction: Queryable, organizationId: string): Promise<void> {
  await db(transaction)
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forUpdate()
    .execute();
}

/** Who may receive (and use) an organization's reactivation link: its verified, active, unsuspended admins. */
const eligibleAdmin = (eb: ExpressionBuilder<DB, 'users'>) =>
  eb.and([
    eb('users.role', '=', 'admin'),
    eb('users.status', '=', 'Active'),
    eb('users.emailVerifiedAt', 'is not', null),
    eb('users.suspendedAt', 'is', null),
  ]);

/**
 * Claims every organization whose trial ended (before `endedBefore` too, when given), that was not emailed in
 * the last `intervalDays` and has an admin to email, recording that it is emailed now. The claim is one `update`,
 * so two runs at once cannot both claim an organization. Organizations without a trial end count as active.
 */
export function claimOrganizationsDueTrialReactivation(
  transaction: Queryable,
  endedBefore: Date | undefined,
  intervalDays: number,
): Promise<{ id: string }[]> {
  const claim = db(transaction)
    .updateTable('organizations')
    .set({ trialReactivationEmailedAt: now() })
    .where('organizations.trialEndsAt', '<=', now())
    .where((eb) =>
      eb.or([
        eb('organizations.trialReactivationEmailedAt', 'is', null),
        eb(
          'organizations.trialReactivationEmailedAt',
          '<=',
          sql<Date>`now() - ${intervalDays}::integer * interval '1 day'`,
        ),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('users')
          .select('users.id')
          .whereRef('users.organizationId', '=', 'organizations.id')
          .where(eligibleAdmin),
      ),
    );
  return (endedBefore ? claim.where('organizations.trialEndsAt', '<', endedBefore) : claim)
    .returning('organizations.id')
    .execute();
}

/** The admins of the organizations who may receive a reactivation link, by email. */
export async function findTrialReactivationAdmins(
  database: Queryable,
  organizationIds: readonly string[],
): Promise<{ id: string; email: string; organizationId: string }[]> {
  if (organizationIds.length === 0) return [];
  return db(database)
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.organizationId'])
    .where('users.organizationId', 'in', organizationIds)
    .where(eligibleAdmin)
    .orderBy('users.email')
    .execute();
}

/**
 * Whether `adminId` may still use a reactivation link of the organization, and whether the organization's trial
 * (or subscription) is active. The organization's row is locked for the caller's transaction, so two clicks cannot
 * both restart the trial. Undefined when the organization is gone.
 */
export async function lockTrialState(
  transaction: Queryable,
  organizationId: string,
  adminId: string,
): Promise<{ adminEligible: boolean; active: boolean } | undefined> {
  return db(transaction)
    .selectFrom('organizations')
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .where('users.id', '=', adminId)
            .whereRef('users.organizationId', '=', 'organizations.id')
            .where(eligibleAdmin),
        )
        .$castTo<boolean>()
        .as('adminEligible'),
      eb
        .or([eb('organizations.trialEndsAt', 'is', null), eb('organizations.trialEndsAt', '>', now())])
        .$castTo<boolean>()
        .as('active'),
    ])
    .where('organizations.id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/** Restarts the organization's free trial for `days` from now; answers the new end. */
export async function restartTrial(
  transaction: Queryable,
  organizationId: string,
  days: number,
): Promise<Date | undefined> {
  const organization = await db(transaction)
    .updateTable('organizations')
    .set({ trialEndsAt: daysFromNow(days) })
    .where('id', '=', organizationId)
    .returning('trialEndsAt')
    .executeTakeFirst();
  return organization?.trialEndsAt ?? undefined;
}

export async function findOrganizationName(
  database: Queryable,
  organizationId: string,
): Promise<string | undefined> {
  const organization = await db(database)
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return organization?.name;
}

/** The organization's trial end and customer type, for billing (the trial precedes any subscription, 0039). */
export async function findOrganizationBilling(
  database: Queryable,
  organizationId: string,
): Promise<
  | {
      trialEndsAt: Date | null;
      customerType: CustomerType;
      currency: CurrencyCode | null;
      trialPlanId: string | null;
      trialPlanPromoCode: string | null;
      /** The plan the trial was started from on the pricing page (docs/decisions/0085). */
      signupPlanId: string | null;
    }
  | undefined
> {
  return db(database)
    .selectFrom('organizations')
    .select(['trialEndsAt', 'customerType', 'currency', 'trialPlanId', 'trialPlanPromoCode', 'signupPlanId'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
}

/**
 * Claims the "trial ended" notice of every organization whose trial ended without a subscription and was not told
 * yet (docs/decisions/0040): the notice row is inserted once, so whichever process inserts it sends the email.
 */
export async function claimEndedTrialNotices(database: Queryable, now: Date): Promise<string[]> {
  const claimed = await db(database)
    .insertInto('billingNotices')
    .columns(['organizationId', 'kind', 'noticeKey'])
    .expression((eb) =>
      eb
        .selectFrom('organizations')
        .select((eb) => [
          'organizations.id',
          sql.lit('trial-ended').as('kind'),
          eb.cast<string>('organizations.trialEndsAt', 'text').as('noticeKey'),
        ])
        .where('organizations.trialEndsAt', '<=', now)
        // A plan picked during the trial is starting (docs/decisions/0078): no "trial ended" for it.
        .where('organizations.trialPlanId', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('subscriptions')
                .select('subscriptions.organizationId')
                .whereRef('subscriptions.organizationId', '=', 'organizations.id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('organizationId')
    .execute();
  return claimed.map((row) => row.organizationId);
}

/**
 * Records the organization's currency if none was chosen yet (docs/decisions/0078): the first choice stays, so a
 * later page or request cannot switch what the organization pays in.
 */
export async function chooseOrganizationCurrency(
  database: Queryable,
  organizationId: string,
  currency: CurrencyCode,
): Promise<void> {
  await db(database)
    .updateTable('organizations')
    .set({ currency })
    .where('id', '=', organizationId)
    .where('currency', 'is', null)
    .execute();
}

/**
 * The plan a visitor started the trial from on the pricing page, kept when it is a self-serve plan of the
 * organization's customer type (docs/decisions/0085): the trial gives its features and quotas. Charges nothing.
 */
export async function saveSignupPlan(
  database: Queryable,
  organizationId: string,
  planId: string,
): Promise<void> {
  await db(database)
    .updateTable('organizations')
    .set({ signupPlanId: planId })
    .where('id', '=', organizationId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('pricingPlans')
          .select('pricingPlans.id')
          .where('pricingPlans.id', '=', planId)
          .where('pricingPlans.isCustom', '=', false)
          .where('pricingPlans.isActive', '=', true)
          .whereRef('pricingPlans.customerType', '=', 'organizations.customerType'),
      ),
    )
    .execute();
}

/** The plan a trial customer picked to start when the trial ends (null: none, or cleared when started). */
export async function saveTrialPlan(
  database: Queryable,
  organizationId: string,
  plan: { planId: string; promoCode: string | null } | null,
): Promise<void> {
  await db(database)
    .updateTable('organizations')
    .set({ trialPlanId: plan?.planId ?? null, trialPlanPromoCode: plan?.promoCode ?? null })
    .where('id', '=', organizationId)
    .execute();
}

/**
 * Claims the organizations whose trial ended with a plan picked to start then (docs/decisions/0078): a
 * `trial-plan-start` notice row per trial end is inserted once, so in any number of processes exactly one starts
 * each. The pick itself stays until the plan starts (or fails to), so the "trial ended" notice waits for it.
 */
export async function claimDueTrialPlans(
  database: Queryable,
  now: Date,
): Promise<{ organizationId: string; planId: string; promoCode: string | null; trialEndsAt: Date }[]> {
  const result = await sql<{
    organizationId: string;
    planId: string;
    promoCode: string | null;
    trialEndsAt: Date;
  }>`
    with claimed as (
      insert into billing_notices (organization_id, kind, notice_key)
      select id, 'trial-plan-start', trial_ends_at::text from organizations
      where trial_plan_id is not null and trial_ends_at <= ${now}
        and not exists (
          select 1 from subscriptions where subscriptions.organization_id = organizations.id
            and subscriptions.status <> 'expired'
        )
      on conflict do nothing
      returning organization_id
    )
    select organizations.id as "organizationId", organizations.trial_plan_id as "planId",
      organizations.trial_plan_promo_code as "promoCode", organizations.trial_ends_at as "trialEndsAt"
    from organizations join claimed on claimed.organization_id = organizations.id
  `.execute(db(database));
  return result.rows.map((row) => ({ ...row, trialEndsAt: new Date(row.trialEndsAt) }));
}
