import type { CompanySizeBand, CustomerType } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';

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
  const [created] = await database.query<{ id: string }>(
    `insert into organizations (name, customer_type, company_size, trial_ends_at)
     values ($1, $2, $3, now() + $4::integer * interval '1 day')
     returning id`,
    [organization.name, organization.customerType, organization.companySize, organization.trialDays],
  );
  if (!created) throw new Error('organization insert returned no row');
  return created;
}

/** Creates an organization with a fixed id (the demo seed's) unless it exists; no trial. */
export async function ensureOrganization(
  database: Queryable,
  organization: { id: string; name: string; customerType: CustomerType },
): Promise<void> {
  await database.query(
    'insert into organizations (id, name, customer_type) values ($1, $2, $3) on conflict (id) do nothing',
    [organization.id, organization.name, organization.customerType],
  );
}

/**
 * Locks the organization's row for the caller's transaction, so that writes about the organization as a whole
 * (its first card becoming the default...) are made one at a time.
 */
export async function lockOrganization(transaction: Queryable, organizationId: string): Promise<void> {
  await transaction.query('select 1 from organizations where id = $1 for update', [organizationId]);
}

/** Who may receive (and use) an organization's reactivation link: its verified, active, unsuspended admins. */
const eligibleAdmin = (alias: string) => `
  ${alias}.role = 'admin' and ${alias}.status = 'Active' and ${alias}.email_verified_at is not null
  and ${alias}.suspended_at is null`;

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
  return transaction.query<{ id: string }>(
    `update organizations organization set trial_reactivation_emailed_at = now()
     where organization.trial_ends_at <= now()
       and ($1::timestamptz is null or organization.trial_ends_at < $1::timestamptz)
       and (organization.trial_reactivation_emailed_at is null
            or organization.trial_reactivation_emailed_at <= now() - $2::integer * interval '1 day')
       and exists (select 1 from users admin where admin.organization_id = organization.id
                   and ${eligibleAdmin('admin')})
     returning organization.id`,
    [endedBefore?.toISOString() ?? null, intervalDays],
  );
}

/** The admins of the organizations who may receive a reactivation link, by email. */
export function findTrialReactivationAdmins(
  database: Queryable,
  organizationIds: readonly string[],
): Promise<{ id: string; email: string; organizationId: string }[]> {
  return database.query<{ id: string; email: string; organizationId: string }>(
    `select admin.id, admin.email, admin.organization_id as "organizationId"
     from users admin
     where admin.organization_id = any($1::uuid[]) and ${eligibleAdmin('admin')}
     order by admin.email`,
    [organizationIds],
  );
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
  const [state] = await transaction.query<{ adminEligible: boolean; active: boolean }>(
    `select exists (select 1 from users admin where admin.id = $2 and admin.organization_id = organization.id
                    and ${eligibleAdmin('admin')}) as "adminEligible",
            organization.trial_ends_at is null or organization.trial_ends_at > now() as active
     from organizations organization
     where organization.id = $1
     for update of organization`,
    [organizationId, adminId],
  );
  return state;
}

/** Restarts the organization's free trial for `days` from now; answers the new end. */
export async function restartTrial(
  transaction: Queryable,
  organizationId: string,
  days: number,
): Promise<Date | undefined> {
  const [organization] = await transaction.query<{ trialEndsAt: Date | string }>(
    `update organizations set trial_ends_at = now() + $2::integer * interval '1 day'
     where id = $1 returning trial_ends_at as "trialEndsAt"`,
    [organizationId, days],
  );
  return organization && new Date(organization.trialEndsAt);
}

export async function findOrganizationName(
  database: Queryable,
  organizationId: string,
): Promise<string | undefined> {
  const [organization] = await database.query<{ name: string }>(
    'select name from organizations where id = $1',
    [organizationId],
  );
  return organization?.name;
}

/** The organization's trial end and customer type, for billing (the trial precedes any subscription, 0039). */
export async function findOrganizationBilling(
  database: Queryable,
  organizationId: string,
): Promise<{ trialEndsAt: Date | null; customerType: 'Individual' | 'Business' } | undefined> {
  const [row] = await database.query<{ trialEndsAt: Date | null; customerType: 'Individual' | 'Business' }>(
    'select trial_ends_at as "trialEndsAt", customer_type as "customerType" from organizations where id = $1',
    [organizationId],
  );
  return row && { ...row, trialEndsAt: row.trialEndsAt === null ? null : new Date(row.trialEndsAt) };
}

/**
 * Claims the "trial ended" notice of every organization whose trial ended without a subscription and was not told
 * yet (docs/decisions/0040): the notice row is inserted once, so whichever process inserts it sends the email.
 */
export async function claimEndedTrialNotices(database: Queryable, now: Date): Promise<string[]> {
  const claimed = await database.query<{ organizationId: string }>(
    `insert into billing_notices (organization_id, kind, notice_key)
     select organizations.id, 'trial-ended', organizations.trial_ends_at::text
     from organizations
     where organizations.trial_ends_at <= $1
       and not exists (select 1 from subscriptions where subscriptions.organization_id = organizations.id)
     on conflict do nothing
     returning organization_id as "organizationId"`,
    [now],
  );
  return claimed.map((row) => row.organizationId);
}
