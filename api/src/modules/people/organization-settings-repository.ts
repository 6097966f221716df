import type { CloudRegion, CustomerType } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';

/** An organization's details and settings, as its screen shows them. */
export interface OrganizationSettings {
  id: string;
  name: string;
  customerType: CustomerType;
  region: CloudRegion;
  passwordExpiresAfterDays: number | null;
  twoStepRequired: boolean;
  memberCount: number;
  createdAt: Date;
}

export async function findOrganizationSettings(
  database: Queryable,
  organizationId: string,
): Promise<OrganizationSettings | undefined> {
  const [organization] = await database.query<OrganizationSettings>(
    `select o.id, o.name, o.customer_type as "customerType", o.region,
            o.password_expires_after_days as "passwordExpiresAfterDays", o.two_step_required as "twoStepRequired",
            (select count(*)::integer from users u where u.organization_id = o.id) as "memberCount",
            o.created_at as "createdAt"
     from organizations o where o.id = $1`,
    [organizationId],
  );
  return organization;
}

/**
 * Changes one setting, locking the row, and answers what it was before (for the activity log); undefined when
 * the organization is gone.
 */
export async function updateOrganizationSetting<TColumn extends keyof typeof settingColumns>(
  transaction: Queryable,
  organizationId: string,
  column: TColumn,
  value: (typeof settingColumns)[TColumn],
): Promise<{ before: unknown } | undefined> {
  const [row] = await transaction.query<{ before: unknown }>(
    `select ${column} as before from organizations where id = $1 for update`,
    [organizationId],
  );
  if (!row) return undefined;
  await transaction.query(`update organizations set ${column} = $2 where id = $1`, [organizationId, value]);
  return row;
}

/** The columns `updateOrganizationSetting` may change, with their value types (names are never input). */
const settingColumns = {
  name: '' as string,
  region: '' as CloudRegion,
  password_expires_after_days: null as number | null,
  two_step_required: false as boolean,
};

/**
 * At a password sign-in: when the organization's policy says passwords last N days and this one is older, the
 * user must set a new one (the expired-password page, as for any expired password). Answers whether it expired.
 */
export async function expirePasswordIfDue(database: Queryable, userId: string): Promise<boolean> {
  const expired = await database.query(
    `update users u set requires_password_change = true, updated_at = now()
     from organizations o
     where u.id = $1 and o.id = u.organization_id and not u.requires_password_change
       and o.password_expires_after_days is not null
       and u.password_changed_at < now() - o.password_expires_after_days * interval '1 day'
     returning u.id`,
    [userId],
  );
  return expired.length > 0;
}
