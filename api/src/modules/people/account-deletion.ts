import { can, organizationRoles } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { findMember } from './membership-repository.js';
import { lockOrganization } from './organization-repository.js';

/**
 * What deleting the user's account means for their organization, decided with the organization's row locked
 * (so two admins deleting their accounts at once cannot both leave): its only member takes the organization with
 * them; the last active admin of an organization that has other members may not leave it without an admin.
 */
export type AccountDeletionPlan =
  | { kind: 'user'; organizationId: string }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'lastAdmin'; organizationId: string; organizationName: string };

/**
 * The roles that run the organization (invite people, give roles): an organization must keep one active member
 * holding such a role. Read from the permission policy, so the rule follows it (docs/decisions/0022).
 */
export const managingRoles = organizationRoles.filter((role) =>
  can({ kind: 'user', role }, 'organization', 'grant'),
);

export async function planAccountDeletion(
  transaction: Queryable,
  userId: string,
): Promise<AccountDeletionPlan | undefined> {
  const member = await findMember(transaction, userId);
  if (!member) return undefined;
  await lockOrganization(transaction, member.organizationId);
  const counts = await db(transaction)
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('others'),
      eb.fn
        .countAll<number>()
        .filterWhere((eb) =>
          eb.and([
            eb('role', 'in', managingRoles),
            eb('status', '=', 'Active'),
            eb('suspendedAt', 'is', null),
          ]),
        )
        .as('otherActiveAdmins'),
    ])
    .where('organizationId', '=', member.organizationId)
    .where('id', '<>', userId)
    .executeTakeFirstOrThrow();
  const { organizationId, organizationName } = member;
  if (Number(counts.others) === 0) return { kind: 'organization', organizationId };
  if (managingRoles.includes(member.role) && Number(counts.otherActiveAdmins) === 0) {
    return { kind: 'lastAdmin', organizationId, organizationName };
  }
  return { kind: 'user', organizationId };
}

/**
 * Deletes the user; every row that references them goes with them (`on delete cascade`: sessions, links,
 * integrations...), and invitations they sent forget who sent them.
 */
export async function deleteUser(transaction: Queryable, userId: string): Promise<void> {
  await db(transaction).deleteFrom('users').where('id', '=', userId).execute();
}

/** The organization's members (active and invited), for deleting the organization with all of them. */
export function findOrganizationMembers(
  database: Queryable,
  organizationId: string,
): Promise<{ id: string; email: string }[]> {
  return db(database)
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organizationId', '=', organizationId)
    .orderBy('createdAt')
    .execute();
}

/** Deletes the organization, and through `on delete cascade` its members, their data and its own. */
export async function deleteOrganization(transaction: Queryable, organizationId: string): Promise<void> {
  await db(transaction).deleteFrom('organizations').where('id', '=', organizationId).execute();
}

/** The organization's name and row lock, for confirming its deletion. */
export async function lockOrganizationName(
  transaction: Queryable,
  organizationId: string,
): Promise<string | undefined> {
  const organization = await db(transaction)
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  return organization?.name;
}
