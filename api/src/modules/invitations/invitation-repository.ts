import { invitationLifetimeDays } from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';
import { recordActivity } from '../activity-log/activity-log.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';
import { findPendingOffer } from '../people/member-directory.js';
import {
  activateInvitedUser as activateInvitedMember,
  deleteInvitedUser,
  findActiveAdmins,
  findMember,
  findPendingInvitee,
} from '../people/membership-repository.js';
import { findOrganizationName } from '../people/organization-repository.js';
import { findUserByEmail, insertUser } from '../people/user-repository.js';

/** The database's clock, as a value. */
const now = () => sql<Date>`now()`;

/** When an invitation issued now stops working, by the database's clock. */
const lifetimeFromNow = () => sql<Date>`now() + ${invitationLifetimeDays}::integer * interval '1 day'`;

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
  const member = await findMember(database, userId);
  return (
    member && {
      id: member.id,
      name: `${member.firstName} ${member.lastName}`.trim(),
      email: member.email,
      organizationId: member.organizationId,
      organizationName: member.organizationName,
    }
  );
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
    const user = await insertUser(transaction, {
      email,
      firstName: '',
      lastName: '',
      passwordHash: null,
      status: 'InvitationSent',
      organizationId: inviter.organizationId,
      role,
    });
    if (!user) {
      const existing = await findUserByEmail(transaction, email);
      if (existing?.status === 'InvitationSent') {
        return {
          refused: existing.organizationId === inviter.organizationId ? 'pending-here' : 'invited-elsewhere',
        };
      }
      // Someone who signed up on their own while invited here still holds this organization's offer.
      if (existing && (await findPendingOffer(transaction, inviter.organizationId, { email }))) {
        return { refused: 'pending-here' };
      }
      return { refused: 'active-user' };
    }
    const token = newOneTimeToken();
    const invitation = await db(transaction)
      .insertInto('invitations')
      .values({
        userId: user.id,
        organizationId: inviter.organizationId,
        role,
        tokenHash: hashOneTimeToken(token),
        invitedBy: inviter.id,
        expiresAt: lifetimeFromNow(),
      })
      .returning('expiresAt')
      .executeTakeFirstOrThrow();
    await recordActivity(transaction, {
      organizationId: inviter.organizationId,
      actor: { userId: inviter.id },
      action: 'member.invited',
      subject: email,
      details: { role },
    });
    return { issued: { email, role, token, expiresAt: new Date(invitation.expiresAt) }, userId: user.id };
  });
}

/** Undoes `createInvitation` when its email could not be sent, so the admin can simply try again. */
export async function withdrawInvitation(database: Queryable, userId: string): Promise<void> {
  await deleteInvitedUser(database, userId);
}

/**
 * A new token and expiry for the address's pending invitation in the organization (earlier links stop working,
 * as only one hash is kept), sent by `inviter` from now on; undefined when the organization has no such invitee.
 */
export async function reissueInvitation(
  database: Database,
  inviter: Inviter,
  email: string,
): Promise<IssuedInvitation | undefined> {
  return database.transaction(async (transaction) => {
    const invitee =
      (await findPendingInvitee(transaction, email, inviter.organizationId)) ??
      (await findPendingOffer(transaction, inviter.organizationId, { email }));
    if (!invitee) return undefined;
    const token = newOneTimeToken();
    const reissued = await db(transaction)
      .insertInto('invitations')
      .values({
        userId: invitee.id,
        organizationId: inviter.organizationId,
        role: invitee.role,
        tokenHash: hashOneTimeToken(token),
        invitedBy: inviter.id,
        expiresAt: lifetimeFromNow(),
      })
      .onConflict((oc) =>
        oc
          .column('userId')
          .doUpdateSet((eb) => ({
            tokenHash: eb.ref('excluded.tokenHash'),
            invitedBy: eb.ref('excluded.invitedBy'),
            expiresAt: eb.ref('excluded.expiresAt'),
          }))
          .where('invitations.acceptedAt', 'is', null)
          .whereRef('invitations.organizationId', '=', 'excluded.organizationId'),
      )
      .returning('expiresAt')
      .executeTakeFirst();
    if (!reissued) return undefined;
    await recordActivity(transaction, {
      organizationId: inviter.organizationId,
      actor: { userId: inviter.id },
      action: 'member.invitation-resent',
      subject: email,
      details: { role: invitee.role },
    });
    return { email, role: invitee.role, token, expiresAt: new Date(reissued.expiresAt) };
  });
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
  /**
   * The invitee signed up on their own meanwhile: the invitation is an offer to an account of another
   * organization, accepted by that account signed in (docs/decisions/0035), never with a password.
   */
  offer: boolean;
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
  const stored = await selectInvitations(database)
    .where('invitations.tokenHash', '=', hashOneTimeToken(token))
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  return stored && storedInvitation(database, stored, { lock });
}

interface InvitationRow {
  id: string;
  userId: string | null;
  organizationId: string;
  role: OrganizationRole;
  invitedBy: string | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  expired: boolean;
}

/** `invitations` as `InvitationRow`s; the caller adds the `where`. */
function selectInvitations(database: Queryable) {
  return db(database)
    .selectFrom('invitations')
    .select((eb) => [
      'invitations.id',
      'invitations.userId',
      'invitations.organizationId',
      'invitations.role',
      'invitations.invitedBy',
      'invitations.expiresAt',
      'invitations.acceptedAt',
      eb('invitations.expiresAt', '<=', now()).$castTo<boolean>().as('expired'),
    ]);
}

async function storedInvitation(
  database: Queryable,
  stored: InvitationRow,
  { lock = false } = {},
): Promise<StoredInvitation | undefined> {
  if (!stored.userId) return undefined;
  const invitee = await findMember(database, stored.userId, { lock });
  if (!invitee) return undefined;
  const inviter = stored.invitedBy ? await findMember(database, stored.invitedBy) : undefined;
  const offer = invitee.organizationId !== stored.organizationId;
  const organizationName = offer
    ? ((await findOrganizationName(database, stored.organizationId)) ?? '')
    : invitee.organizationName;
  return {
    id: stored.id,
    userId: invitee.id,
    email: invitee.email,
    role: stored.role,
    organizationId: stored.organizationId,
    organizationName,
    invitedBy: stored.invitedBy,
    inviterName: (inviter && `${inviter.firstName} ${inviter.lastName}`.trim()) || null,
    expiresAt: new Date(stored.expiresAt),
    offer,
    accepted: stored.acceptedAt !== null || (!offer && invitee.status === 'Active'),
    expired: stored.expired,
    suspended: invitee.suspended,
  };
}

/** Withdraws an offer (revoked by an admin, declined by its holder): only the invitation goes, never the account. */
export async function deleteOffer(database: Queryable, invitationId: string): Promise<void> {
  await db(database).deleteFrom('invitations').where('id', '=', invitationId).execute();
}

/** Changes the role an offer would give; the holder's own account is not touched. */
export async function changeOfferRole(
  database: Queryable,
  invitationId: string,
  role: OrganizationRole,
): Promise<void> {
  await db(database).updateTable('invitations').set({ role }).where('id', '=', invitationId).execute();
}

/** The offers other organizations hold out to the user (pending or expired, not accepted), newest first. */
export async function findOffersFor(
  database: Queryable,
  user: { id: string; organizationId: string },
): Promise<StoredInvitation[]> {
  const rows = await selectInvitations(database)
    .where('invitations.userId', '=', user.id)
    .where('invitations.acceptedAt', 'is', null)
    .where('invitations.organizationId', '<>', user.organizationId)
    .orderBy('invitations.createdAt', 'desc')
    .execute();
  const offers = await Promise.all(rows.map((row) => storedInvitation(database, row)));
  return offers.filter((offer): offer is StoredInvitation => offer !== undefined);
}

/** The user's offer `invitationId`, locked for the transaction; undefined for anyone else's or an unknown id. */
export async function lockOfferFor(
  transaction: Queryable,
  userId: string,
  invitationId: string,
): Promise<StoredInvitation | undefined> {
  if (!isUuid(invitationId)) return undefined;
  const row = await selectInvitations(transaction)
    .where('invitations.id', '=', invitationId)
    .where('invitations.userId', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  const offer = row && (await storedInvitation(transaction, row, { lock: true }));
  return offer?.offer ? offer : undefined;
}

/**
 * Someone invited signs up on their own (docs/decisions/0035): the invited user row gives way to their new account,
 * and the invitation, kept, points at it; it stays an offer they may accept once signed in. Runs in the sign-up's
 * transaction: `createAccount` creates the account in between.
 */
export async function keepInvitationAsOffer(
  transaction: Queryable,
  inviteeId: string,
): Promise<{ attachTo: (userId: string) => Promise<void> }> {
  const detached = await db(transaction)
    .updateTable('invitations')
    .set({ userId: null })
    .where('userId', '=', inviteeId)
    .returning('id')
    .execute();
  await deleteInvitedUser(transaction, inviteeId);
  return {
    attachTo: async (userId) => {
      for (const { id } of detached) {
        await db(transaction).updateTable('invitations').set({ userId }).where('id', '=', id).execute();
      }
    },
  };
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
  await activateInvitedMember(transaction, invitation.userId, { firstName, lastName, passwordHash });
  await markInvitationAccepted(transaction, invitation);
}

/** The invitation is spent and its user has joined: recorded in the organization's activity log. */
export async function markInvitationAccepted(
  transaction: Queryable,
  invitation: StoredInvitation,
): Promise<void> {
  await db(transaction)
    .updateTable('invitations')
    .set({ acceptedAt: now() })
    .where('id', '=', invitation.id)
    .execute();
  await recordActivity(transaction, {
    organizationId: invitation.organizationId,
    actor: { userId: invitation.userId },
    action: 'member.joined',
    subject: invitation.email,
    details: { role: invitation.role },
  });
}

/**
 * The invitee declines (docs/decisions/0035): the invitation and the invited user, who never signed in, are
 * removed in the caller's transaction, so the address is free again. Recorded in the organization's log first,
 * while the invitee still exists to name.
 */
export async function declineInvitation(transaction: Queryable, invitation: StoredInvitation): Promise<void> {
  await recordActivity(transaction, {
    organizationId: invitation.organizationId,
    actor: { userId: invitation.userId },
    action: 'member.invitation-declined',
    subject: invitation.email,
    details: { role: invitation.role },
  });
  if (invitation.offer) await deleteOffer(transaction, invitation.id);
  else await deleteInvitedUser(transaction, invitation.userId);
}

/**
 * Where a renewal request goes: the admin who sent the invitation if they are still an admin of the organization
 * who may sign in, otherwise every such admin of it.
 */
export async function renewalRecipients(
  database: Queryable,
  invitation: StoredInvitation,
): Promise<string[]> {
  const admins = await findActiveAdmins(database, invitation.organizationId);
  const inviter = admins.find((admin) => admin.id === invitation.invitedBy);
  return inviter ? [inviter.email] : admins.map((admin) => admin.email);
}
