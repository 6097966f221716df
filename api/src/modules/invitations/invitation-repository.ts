import { invitationLifetimeDays } from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import type { Database, Queryable } from '../../db/database.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';

/** 32 random bytes, base64url: what the emailed link carries; only its SHA-256 is stored. */

/** An admin as an invitation names them. */
export interface Inviter {
  id: string;
  name: string;
  email: string;
  organizationId: string;
  organizationName: string;
}

export async function findInviter(database: Queryable, userId: string): Promise<Inviter | undefined> {
  const [inviter] = await database.query<Inviter>(
    `select users.id, trim(users.first_name || ' ' || users.last_name) as name, users.email,
            users.organization_id as "organizationId", organizations.name as "organizationName"
     from users join organizations on organizations.id = users.organization_id
     where users.id = $1`,
    [userId],
  );
  return inviter;
}

/** A freshly issued (or re-issued) invitation: the token for the link and when it stops working. */
export interface IssuedInvitation {
  email: string;
  role: OrganizationRole;
  token: string;
  expiresAt: Date;
}

/** Why an address cannot be invited to the organization. */
export type InviteRefusal = 'active-user' | 'pending-here' | 'invited-elsewhere';

/**
 * Creates the invited user (status InvitationSent, no password, empty names until they accept) in the inviter's
 * organization, with a token valid 7 days by the database clock, in one transaction. The unique email decides,
 * so two admins inviting one address at once cannot both succeed.
 */
export async function createInvitation(
  database: Database,
  inviter: Inviter,
  email: string,
  role: OrganizationRole,
): Promise<{ issued: IssuedInvitation; userId: string } | { refused: InviteRefusal }> {
  return database.transaction(async (transaction) => {
    const [user] = await transaction.query<{ id: string }>(
      `insert into users (email, first_name, last_name, password_hash, status, organization_id, role)
       values ($1, '', '', null, 'InvitationSent', $2, $3)
       on conflict (email) do nothing
       returning id`,
      [email, inviter.organizationId, role],
    );
    if (!user) {
      const [existing] = await transaction.query<{ status: string; organizationId: string }>(
        'select status, organization_id as "organizationId" from users where email = $1',
        [email],
      );
      if (existing?.status === 'InvitationSent') {
        return {
          refused: existing.organizationId === inviter.organizationId ? 'pending-here' : 'invited-elsewhere',
        };
      }
      return { refused: 'active-user' };
    }
    const token = newOneTimeToken();
    const [invitation] = await transaction.query<{ expiresAt: Date }>(
      `insert into invitations (user_id, token_hash, invited_by, expires_at)
       values ($1, $2, $3, now() + $4::integer * interval '1 day')
       returning expires_at as "expiresAt"`,
      [user.id, hashOneTimeToken(token), inviter.id, invitationLifetimeDays],
    );
    if (!invitation) throw new Error('invitation insert returned no row');
    return { issued: { email, role, token, expiresAt: new Date(invitation.expiresAt) }, userId: user.id };
  });
}

/** Undoes `createInvitation` when its email could not be sent, so the admin can simply try again. */
export async function withdrawInvitation(database: Queryable, userId: string): Promise<void> {
  await database.query(`delete from users where id = $1 and status = 'InvitationSent'`, [userId]);
}

/**
 * A new token and expiry for the address's pending invitation in the organization (earlier links stop working,
 * as only one hash is kept), sent by `inviter` from now on; undefined when the organization has no such invitee.
 */
export async function reissueInvitation(
  database: Queryable,
  inviter: Inviter,
  email: string,
): Promise<IssuedInvitation | undefined> {
  const token = newOneTimeToken();
  const [reissued] = await database.query<{ role: OrganizationRole; expiresAt: Date }>(
    `insert into invitations (user_id, token_hash, invited_by, expires_at)
     select users.id, $3, $4, now() + $5::integer * interval '1 day'
     from users
     where users.email = $1 and users.organization_id = $2 and users.status = 'InvitationSent'
     on conflict (user_id) do update
       set token_hash = excluded.token_hash, invited_by = excluded.invited_by, expires_at = excluded.expires_at
       where invitations.accepted_at is null
     returning (select role from users where users.id = invitations.user_id) as role, expires_at as "expiresAt"`,
    [email, inviter.organizationId, hashOneTimeToken(token), inviter.id, invitationLifetimeDays],
  );
  return reissued && { email, role: reissued.role, token, expiresAt: new Date(reissued.expiresAt) };
}

/** An invitation as its token finds it. */
export interface StoredInvitation {
  id: string;
  userId: string;
  email: string;
  role: OrganizationRole;
  organizationId: string;
  organizationName: string;
  /** Null when the inviting admin's account has been deleted since. */
  invitedBy: string | null;
  inviterName: string | null;
  expiresAt: Date;
  /** Accepted, or the user became active some other way: the link has done its work. */
  accepted: boolean;
  expired: boolean;
  suspended: boolean;
}

/** The invitation the token names, whatever its state; undefined for an unknown (or replaced) token. */
export async function findInvitationByToken(
  database: Queryable,
  token: string,
  { lock = false } = {},
): Promise<StoredInvitation | undefined> {
  const [stored] = await database.query<StoredInvitation>(
    `select invitation.id, users.id as "userId", users.email, users.role,
            users.organization_id as "organizationId", organizations.name as "organizationName",
            invitation.invited_by as "invitedBy",
            nullif(trim(inviter.first_name || ' ' || inviter.last_name), '') as "inviterName",
            invitation.expires_at as "expiresAt",
            (invitation.accepted_at is not null or users.status = 'Active') as accepted,
            invitation.expires_at <= now() as expired,
            users.suspended_at is not null as suspended
     from invitations invitation
       join users on users.id = invitation.user_id
       join organizations on organizations.id = users.organization_id
       left join users inviter on inviter.id = invitation.invited_by
     where invitation.token_hash = $1
     ${lock ? 'for update of invitation, users' : ''}`,
    [hashOneTimeToken(token)],
  );
  return stored && { ...stored, expiresAt: new Date(stored.expiresAt) };
}

/**
 * Marks the invitation accepted and makes its user an active member with their names and password, their
 * address verified (the emailed link proved it), in the caller's transaction.
 */
export async function activateInvitedUser(
  transaction: Queryable,
  invitation: StoredInvitation,
  { firstName, lastName, passwordHash }: { firstName: string; lastName: string; passwordHash: string },
): Promise<void> {
  await transaction.query('update invitations set accepted_at = now() where id = $1', [invitation.id]);
  await transaction.query(
    `update users
     set first_name = $2, last_name = $3, password_hash = $4, status = 'Active', requires_password_change = false,
         email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
     where id = $1`,
    [invitation.userId, firstName, lastName, passwordHash],
  );
}

/**
 * Where a renewal request goes: the admin who sent the invitation if they are still an admin of the organization
 * who may sign in, otherwise every such admin of it.
 */
export async function renewalRecipients(
  database: Queryable,
  invitation: StoredInvitation,
): Promise<string[]> {
  const admins = await database.query<{ id: string; email: string }>(
    `select id, email from users
     where organization_id = $1 and role = 'admin' and status = 'Active' and suspended_at is null
     order by created_at`,
    [invitation.organizationId],
  );
  const inviter = admins.find((admin) => admin.id === invitation.invitedBy);
  return inviter ? [inviter.email] : admins.map((admin) => admin.email);
}
