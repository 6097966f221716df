import type { InvitationStatus, OrganizationRole } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';

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
  const [member] = await database.query<Member>(
    `select users.id, users.email, users.first_name as "firstName", users.last_name as "lastName", users.role,
            users.status, users.suspended_at is not null as suspended,
            users.organization_id as "organizationId", organizations.name as "organizationName"
     from users join organizations on organizations.id = users.organization_id
     where users.id = $1
     ${lock ? 'for update of users' : ''}`,
    [userId],
  );
  return member;
}

/** The organization's invitee at `email` who has not accepted yet, if any. */
export async function findPendingInvitee(
  database: Queryable,
  email: string,
  organizationId: string,
): Promise<{ id: string; role: OrganizationRole } | undefined> {
  const [invitee] = await database.query<{ id: string; role: OrganizationRole }>(
    `select id, role from users
     where email = $1 and organization_id = $2 and status = 'InvitationSent'`,
    [email, organizationId],
  );
  return invitee;
}

/** Deletes an invitee who never accepted (their invitation goes with them); an active user is left alone. */
export async function deleteInvitedUser(database: Queryable, userId: string): Promise<void> {
  await database.query(`delete from users where id = $1 and status = 'InvitationSent'`, [userId]);
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
  await transaction.query(
    `update users
     set first_name = $2, last_name = $3, password_hash = $4, status = 'Active', requires_password_change = false,
         email_verified_at = coalesce(email_verified_at, now()), updated_at = now(), password_changed_at = now()
     where id = $1`,
    [userId, firstName, lastName, passwordHash],
  );
}

/** The organization's admins who may sign in (active, not suspended), oldest first. */
export function findActiveAdmins(
  database: Queryable,
  organizationId: string,
): Promise<{ id: string; email: string }[]> {
  return database.query<{ id: string; email: string }>(
    `select id, email from users
     where organization_id = $1 and role = 'admin' and status = 'Active' and suspended_at is null
     order by created_at`,
    [organizationId],
  );
}

/** The address's invitee who has not accepted (whatever the organization), locked for the transaction. */
export async function lockInviteeByEmail(
  transaction: Queryable,
  email: string,
): Promise<{ id: string; organizationId: string; role: OrganizationRole } | undefined> {
  const [invitee] = await transaction.query<{ id: string; organizationId: string; role: OrganizationRole }>(
    `select id, organization_id as "organizationId", role from users
     where email = $1 and status = 'InvitationSent'
     for update`,
    [email],
  );
  return invitee;
}

/** The organization that invited `email`, when the address belongs to an invitee who has not accepted. */
export async function findInvitingOrganization(
  database: Queryable,
  email: string,
): Promise<{ organizationName: string } | undefined> {
  const [invitee] = await database.query<{ organizationName: string }>(
    `select organizations.name as "organizationName"
     from users join organizations on organizations.id = users.organization_id
     where users.email = $1 and users.status = 'InvitationSent'`,
    [email],
  );
  return invitee;
}

/** How many users other than `userId` (members and invitees alike) belong to the organization. */
export async function countOtherUsers(
  database: Queryable,
  organizationId: string,
  userId: string,
): Promise<number> {
  const [count] = await database.query<{ others: number }>(
    'select count(*)::integer as others from users where organization_id = $1 and id <> $2',
    [organizationId, userId],
  );
  return count?.others ?? 0;
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
  await transaction.query(
    'update users set organization_id = $2, role = $3, updated_at = now() where id = $1',
    [userId, organizationId, role],
  );
}
