import type { InvitationStatus, OrganizationRole } from '@dcipher/shared/domain';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';

/** The database's clock, as a value. */
const now = () => sql<Date>`now()`;

/**
 * A user as a member of their organization. The membership is the user's `organization_id` and `role`: a user
 * belongs to exactly one organization (docs/decisions/0024).
 */
export interface Member {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
  status: InvitationStatus;
  suspended: boolean;
  organizationId: string;
  organizationName: string;
}

/** The member `userId`, with their organization; with `lock`, their user row is locked for the transaction. */
export async function findMember(
  database: Queryable,
  userId: string,
  { lock = false } = {},
): Promise<Member | undefined> {
  if (!isUuid(userId)) return undefined;
  return db(database)
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organizationId')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.firstName',
      'users.lastName',
      'users.role',
      'users.status',
      eb('users.suspendedAt', 'is not', null).$castTo<boolean>().as('suspended'),
      'users.organizationId',
      'organizations.name as organizationName',
    ])
    .where('users.id', '=', userId)
    .$if(lock, (query) => query.forUpdate('users'))
    .executeTakeFirst();
}

/** The organization's invitee at `email` who has not accepted yet, if any. */
export async function findPendingInvitee(
  database: Queryable,
  email: string,
  organizationId: string,
): Promise<{ id: string; role: OrganizationRole } | undefined> {
  return db(database)
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', '=', email)
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'InvitationSent')
    .executeTakeFirst();
}

/** Deletes an invitee who never accepted (their invitation goes with them); an active user is left alone. */
export async function deleteInvitedUser(database: Queryable, userId: string): Promise<void> {
  await db(database)
    .deleteFrom('users')
    .where('id', '=', userId)
    .where('status', '=', 'InvitationSent')
    .execute();
}

/**
 * Makes an invitee an active member with their names and password, their address verified (the emailed link
 * proved it).
 */
export async function activateInvitedUser(
  transaction: Queryable,
  userId: string,
  { firstName, lastName, passwordHash }: { firstName: string; lastName: string; passwordHash: string },
): Promise<void> {
  await db(transaction)
    .updateTable('users')
    .set((eb) => ({
      firstName,
      lastName,
      passwordHash,
      status: 'Active',
      requiresPasswordChange: false,
      emailVerifiedAt: eb.fn.coalesce('emailVerifiedAt', now()),
      updatedAt: now(),
      passwordChangedAt: now(),
    }))
    .where('id', '=', userId)
    .execute();
}

/** The organization's admins who may sign in (active, not suspended), oldest first. */
export function findActiveAdmins(
  database: Queryable,
  organizationId: string,
): Promise<{ id: string; email: string }[]> {
  return db(database)
    .selectFrom('users')
    .select(['id', 'email'])
    .where('organizationId', '=', organizationId)
    .where('role', '=', 'admin')
    .where('status', '=', 'Active')
    .where('suspendedAt', 'is', null)
    .orderBy('createdAt')
    .execute();
}

/** The address's invitee who has not accepted (whatever the organization), locked for the transaction. */
export async function lockInviteeByEmail(
  transaction: Queryable,
  email: string,
): Promise<{ id: string; organizationId: string; role: OrganizationRole } | undefined> {
  return db(transaction)
    .selectFrom('users')
    .select(['id', 'organizationId', 'role'])
    .where('email', '=', email)
    .where('status', '=', 'InvitationSent')
    .forUpdate()
    .executeTakeFirst();
}

/** The organization that invited `email`, when the address belongs to an invitee who has not accepted. */
export async function findInvitingOrganization(
  database: Queryable,
  email: string,
): Promise<{ organizationName: string } | undefined> {
  return db(database)
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organizationId')
    .select('organizations.name as organizationName')
    .where('users.email', '=', email)
    .where('users.status', '=', 'InvitationSent')
    .executeTakeFirst();
}

/** How many users other than `userId` (members and invitees alike) belong to the organization. */
export async function countOtherUsers(
  database: Queryable,
  organizationId: string,
  userId: string,
): Promise<number> {
  const { others } = await db(database)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('others'))
    .where('organizationId', '=', organizationId)
    .where('id', '<>', userId)
    .executeTakeFirstOrThrow();
  return Number(others);
}

/**
 * Moves the user into another organization with a role there (accepting an invitation offered to their existing
 * account, docs/decisions/0035). The caller has made sure nobody else is left behind in the old organization.
 */
export async function moveUserToOrganization(
  transaction: Queryable,
  userId: string,
  organizationId: string,
  role: OrganizationRole,
): Promise<void> {
  await db(transaction)
    .updateTable('users')
    .set({ organizationId, role, updatedAt: now() })
    .where('id', '=', userId)
    .execute();
}
