import type { CloudRegion, CustomerType } from '@dcipher/shared/domain';
import { sql, type Updateable } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { type DB, db } from '../../db/kysely.js';

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
  const organization = await db(database)
    .selectFrom('organizations')
    .select((eb) => [
      'organizations.id',
      'organizations.name',
      'organizations.customerType',
      'organizations.region',
      'organizations.passwordExpiresAfterDays',
      'organizations.twoStepRequired',
      eb
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .whereRef('users.organizationId', '=', 'organizations.id')
        .as('memberCount'),
      'organizations.createdAt',
    ])
    .where('organizations.id', '=', organizationId)
    .executeTakeFirst();
  return organization && { ...organization, memberCount: Number(organization.memberCount) };
}

/** The settings `updateOrganizationSetting` may change, with their value types (names are never input). */
interface SettingValues {
  name: string;
  region: CloudRegion;
  password_expires_after_days: number | null;
  two_step_required: boolean;
}

/** Each setting's column, and the change that sets it. */
const settingColumns = {
  name: 'name',
  region: 'region',
  password_expires_after_days: 'passwordExpiresAfterDays',
  two_step_required: 'twoStepRequired',
} as const satisfies Record<keyof SettingValues, keyof DB['organizations']>;
const settingChanges: {
  [TColumn in keyof SettingValues]: (value: SettingValues[TColumn]) => Updateable<DB['organizations']>;
} = {
  name: (name) => ({ name }),
  region: (region) => ({ region }),
  password_expires_after_days: (passwordExpiresAfterDays) => ({ passwordExpiresAfterDays }),
  two_step_required: (twoStepRequired) => ({ twoStepRequired }),
};

/**
 * Changes one setting, locking the row, and answers what it was before (for the activity log); undefined when
 * the organization is gone.
 */
export async function updateOrganizationSetting<TColumn extends keyof SettingValues>(
  transaction: Queryable,
  organizationId: string,
  column: TColumn,
  value: SettingValues[TColumn],
): Promise<{ before: unknown } | undefined> {
  const row = await db(transaction)
    .selectFrom('organizations')
    .select((eb) => eb.ref(settingColumns[column]).as('before'))
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  await db(transaction)
    .updateTable('organizations')
    .set(settingChanges[column](value))
    .where('id', '=', organizationId)
    .execute();
  return row;
}

/**
 * At a password sign-in: when the organization's policy says passwords last N days and this one is older, the
 * user must set a new one (the expired-password page, as for any expired password). Answers whether it expired.
 */
export async function expirePasswordIfDue(database: Queryable, userId: string): Promise<boolean> {
  const expired = await db(database)
    .updateTable('users')
    .from('organizations')
    .set({ requiresPasswordChange: true, updatedAt: sql<Date>`now()` })
    .where('users.id', '=', userId)
    .whereRef('organizations.id', '=', 'users.organizationId')
    .where('users.requiresPasswordChange', '=', false)
    .where('organizations.passwordExpiresAfterDays', 'is not', null)
    .where((eb) =>
      eb(
        'users.passwordChangedAt',
        '<',
        sql<Date>`now() - ${eb.ref('organizations.passwordExpiresAfterDays')} * interval '1 day'`,
      ),
    )
    .returning('users.id')
    .executeTakeFirst();
  return expired !== undefined;
}
