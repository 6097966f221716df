import type { MemberStatus } from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { managingRoles } from './account-deletion.js';

/**
 * The organization's members as its admins manage them and its colleagues see them (docs/decisions/0035). Every
 * query is scoped to one organization: nothing here reads or changes another organization's people.
 */

export interface DirectoryMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
  status: MemberStatus;
  invitationExpiresAt: Date | null;
  createdAt: Date;
  /** Someone who signed up on their own while invited: only the organization's invitation, never their account. */
  isOffer: boolean;
}

/**
 * The organization's people: its users, and those it invited who signed up on their own meanwhile, whose invitation
 * stays an offer (docs/decisions/0035). Such a person is shown as the organization knows them: the address it
 * invited, the role it offered, "InvitationSent", and no names (their own account is none of its business).
 * `$1` is the organization.
 */
const memberFrom = `
  users left join invitations offer
    on offer.user_id = users.id and offer.organization_id = $1 and offer.accepted_at is null
       and users.organization_id <> $1`;
const inOrganization = `(users.organization_id = $1 or offer.id is not null)`;
const ownName = `case when offer.id is null then users.first_name || ' ' || users.last_name else '' end`;

const memberColumns = `
  users.id, users.email,
  case when offer.id is null then users.first_name else '' end as "firstName",
  case when offer.id is null then users.last_name else '' end as "lastName",
  coalesce(offer.role, users.role) as role,
  case when offer.id is not null then 'InvitationSent'
       when users.suspended_at is not null then 'suspended' else users.status end as status,
  coalesce(offer.expires_at, (select invitations.expires_at from invitations
     where invitations.user_id = users.id and invitations.accepted_at is null)) as "invitationExpiresAt",
  coalesce(offer.created_at, users.created_at) as "createdAt",
  offer.id is not null as "isOffer"`;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** One page of the organization's members and pending invitees, newest last, filtered by name or email. */
export async function listOrganizationMembers(
  database: Queryable,
  organizationId: string,
  { search, page, pageSize }: { search: string; page: number; pageSize: number },
): Promise<{ members: DirectoryMember[]; total: number }> {
  const pattern = `%${likeEscaped(search.toLowerCase())}%`;
  const filter = `${inOrganization} and (
    $2 = '%%' or lower(users.email) like $2 or lower(${ownName}) like $2)`;
  const [count] = await database.query<{ total: number }>(
    `select count(*)::integer as total from ${memberFrom} where ${filter}`,
    [organizationId, pattern],
  );
  const members = await database.query<DirectoryMember>(
    `select ${memberColumns} from ${memberFrom} where ${filter}
     order by "createdAt", users.id
     limit $3 offset $4`,
    [organizationId, pattern, pageSize, (page - 1) * pageSize],
  );
  return { members, total: count?.total ?? 0 };
}

/** The member of the organization at `email` (active, suspended or invited); with `lock`, their row is locked. */
export async function findOrganizationMemberByEmail(
  database: Queryable,
  organizationId: string,
  email: string,
  { lock = false } = {},
): Promise<DirectoryMember | undefined> {
  const [member] = await database.query<DirectoryMember>(
    `select ${memberColumns} from ${memberFrom}
     where ${inOrganization} and users.email = $2
     ${lock ? 'for update of users' : ''}`,
    [organizationId, email],
  );
  return member;
}

/** The organization's pending invitee `userId`, locked; undefined for anyone else (or another organization's). */
export async function lockPendingInvitee(
  database: Queryable,
  organizationId: string,
  userId: string,
): Promise<{ id: string; email: string; role: OrganizationRole } | undefined> {
  if (!isUuid(userId)) return undefined;
  const [invitee] = await database.query<{ id: string; email: string; role: OrganizationRole }>(
    `select id, email, role from users
     where id = $1 and organization_id = $2 and status = 'InvitationSent'
     for update`,
    [userId, organizationId],
  );
  return invitee;
}

/** Whether `email` is a member or pending invitee of the organization; other organizations are never looked at. */
export async function emailInOrganization(
  database: Queryable,
  organizationId: string,
  email: string,
): Promise<'member' | 'invited' | 'none'> {
  const [user] = await database.query<{ status: string }>(
    `select case when offer.id is not null then 'InvitationSent' else users.status end as status
     from ${memberFrom} where ${inOrganization} and users.email = $2`,
    [organizationId, email],
  );
  if (!user) return 'none';
  return user.status === 'InvitationSent' ? 'invited' : 'member';
}

/**
 * Members other than `userId` who run the organization (a role that may grant, from the permission policy) and
 * may sign in: active, not suspended. Invitees do not count.
 */
export async function countOtherActiveAdmins(
  database: Queryable,
  organizationId: string,
  userId: string,
): Promise<number> {
  const [count] = await database.query<{ admins: number }>(
    `select count(*)::integer as admins from users
     where organization_id = $1 and id <> $2 and role = any($3) and status = 'Active' and suspended_at is null`,
    [organizationId, userId, managingRoles],
  );
  return count?.admins ?? 0;
}

export async function updateMemberRole(
  database: Queryable,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<void> {
  await database.query(
    'update users set role = $3, updated_at = now() where id = $1 and organization_id = $2',
    [userId, organizationId, role],
  );
}

/** The organization's active, not suspended members with their roles: "my team". */
export function listTeammates(
  database: Queryable,
  organizationId: string,
): Promise<{ firstName: string; lastName: string; email: string; role: OrganizationRole }[]> {
  return database.query(
    `select first_name as "firstName", last_name as "lastName", email, role from users
     where organization_id = $1 and status = 'Active' and suspended_at is null
     order by lower(first_name), lower(last_name), email`,
    [organizationId],
  );
}

/**
 * The organization's invitation standing as an offer to someone who signed up on their own (found by their
 * address, or by their user id as the members list names them), locked with `lock`; undefined for anyone else
 * (docs/decisions/0035).
 */
export async function findPendingOffer(
  database: Queryable,
  organizationId: string,
  who: { email: string } | { userId: string },
  { lock = false } = {},
): Promise<{ id: string; invitationId: string; email: string; role: OrganizationRole } | undefined> {
  if ('userId' in who && !isUuid(who.userId)) return undefined;
  const [offer] = await database.query<{
    id: string;
    invitationId: string;
    email: string;
    role: OrganizationRole;
  }>(
    `select users.id, invitations.id as "invitationId", users.email, invitations.role
     from invitations join users on users.id = invitations.user_id
     where invitations.organization_id = $1 and invitations.accepted_at is null
       and users.organization_id <> $1 and ${'email' in who ? 'users.email' : 'users.id::text'} = $2
     ${lock ? 'for update of invitations' : ''}`,
    [organizationId, 'email' in who ? who.email : who.userId],
  );
  return offer;
}
