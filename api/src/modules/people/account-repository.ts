import type { Account } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { db, prepare } from '../../db/kysely.js';

/** The profile fields a user edits themselves (`PUT /account`); the email changes through its own link. */
export interface ProfileChanges {
  firstName: string;
  lastName: string;
  phone: string | null;
  company: string | null;
  jobTitle: string | null;
  receiveEmails: boolean;
}

export async function updateProfile(
  database: Queryable,
  userId: string,
  changes: ProfileChanges,
): Promise<void> {
  await db(database)
    .updateTable('users')
    .set({
      firstName: changes.firstName,
      lastName: changes.lastName,
      phone: changes.phone,
      company: changes.company,
      jobTitle: changes.jobTitle,
      receiveEmails: changes.receiveEmails,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

/** Built once: `GET /account` runs it on every call (db/kysely.ts `prepare`). */
const selectAccount = prepare(['userId'], (db, { userId }) =>
  db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organizationId')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.firstName',
      'users.lastName',
      'users.phone',
      'users.company',
      'users.jobTitle',
      'users.receiveEmails',
      'users.status',
      'users.role',
      'organizations.id as organizationId',
      'organizations.name as organizationName',
      'organizations.customerType',
      eb
        .and([
          eb.ref('organizations.twoStepRequired'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('twoFactorSettings')
                .select('twoFactorSettings.userId')
                .whereRef('twoFactorSettings.userId', '=', 'users.id')
                .where('twoFactorSettings.enabledAt', 'is not', null),
            ),
          ),
        ])
        .$castTo<boolean>()
        .as('twoStepSetupRequired'),
    ])
    .where('users.id', '=', userId),
);

export async function findAccount(database: Queryable, userId: string): Promise<Account | undefined> {
  const [row] = await selectAccount(database, { userId });
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    company: row.company,
    jobTitle: row.jobTitle,
    receiveEmails: row.receiveEmails,
    status: row.status,
    organization: { id: row.organizationId, name: row.organizationName, customerType: row.customerType },
    role: row.role,
    twoStepSetupRequired: row.twoStepSetupRequired,
  };
}
