import {
  type Member,
  type MemberEmailCheck,
  type MemberPage,
  memberPageSizeDefault,
  type Teammate,
} from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import type { Database, Queryable } from '../../db/database.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { recordActivity } from '../activity-log/activity-log.js';
import { changeOfferRole, deleteOffer } from '../invitations/invitation-repository.js';
import { deleteUser, managingRoles } from '../people/account-deletion.js';
import {
  countActiveAdmins,
  countOtherActiveAdmins,
  type DirectoryMember,
  emailInOrganization,
  findOrganizationMemberByEmail,
  findPendingOffer,
  listOrganizationMembers,
  listTeammates,
  lockPendingInvitee,
  updateMemberRole,
} from '../people/member-directory.js';
import { deleteInvitedUser } from '../people/membership-repository.js';
import { lockOrganization } from '../people/organization-repository.js';
import { LastAdminError, MemberNotFoundError, NoPendingInviteeError } from './member-errors.js';

const toMember = ({ isOffer: _isOffer, ...member }: DirectoryMember): Member => ({
  id: member.id,
  email: member.email,
  firstName: member.firstName,
  lastName: member.lastName,
  role: member.role,
  status: member.status,
  invitationExpiresAt:
    member.status === 'InvitationSent' && member.invitationExpiresAt
      ? new Date(member.invitationExpiresAt).toISOString()
      : null,
  createdAt: new Date(member.createdAt).toISOString(),
});

/**
 * Managing the organization's members (docs/decisions/0035). Every call works inside the caller's organization
 * only: another organization's people are "not found". Changes that could leave the organization without an
 * active admin run with the organization's row locked, so two admins demoting each other at once are serialized
 * and the second one is refused.
 */
async function changeOfferRoleOf(
  transaction: Queryable,
  organizationId: string,
  email: string,
  role: OrganizationRole,
) {
  const offer = await findPendingOffer(transaction, organizationId, { email }, { lock: true });
  if (offer) await changeOfferRole(transaction, offer.invitationId, role);
}

async function withdrawOfferOf(transaction: Queryable, organizationId: string, email: string) {
  const offer = await findPendingOffer(transaction, organizationId, { email }, { lock: true });
  if (offer) await deleteOffer(transaction, offer.invitationId);
}

export function createMemberService({ database }: { database: Database }) {
  /** Refuses when `member` is the organization's last active admin; the caller holds the organization's lock. */
  async function assertNotLastAdmin(transaction: Queryable, member: DirectoryMember, organizationId: string) {
    if (!managingRoles.includes(member.role) || member.status !== 'Active') return;
    if ((await countOtherActiveAdmins(transaction, organizationId, member.id)) === 0)
      throw new LastAdminError();
  }

  return {
    async list(
      admin: AuthenticatedUser,
      query: { search?: string; page?: number; pageSize?: number },
    ): Promise<MemberPage> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? memberPageSizeDefault;
      const { members, total } = await listOrganizationMembers(database, admin.organizationId, {
        search: query.search ?? '',
        page,
        pageSize,
      });
      const activeAdminCount = await countActiveAdmins(database, admin.organizationId);
      return { members: members.map(toMember), activeAdminCount, total, page, pageSize };
    },

    async checkEmail(admin: AuthenticatedUser, email: string): Promise<MemberEmailCheck> {
      return { email, inOrganization: await emailInOrganization(database, admin.organizationId, email) };
    },

    /** Withdraws a pending invitation: the link stops working and the never-signed-in invitee is deleted. */
    async revokeInvitation(admin: AuthenticatedUser, userId: string): Promise<{ revoked: true }> {
      await database.transaction(async (transaction) => {
        const invitee = await lockPendingInvitee(transaction, admin.organizationId, userId);
        const offer = invitee
          ? undefined
          : await findPendingOffer(transaction, admin.organizationId, { userId }, { lock: true });
        const withdrawn = invitee ?? offer;
        if (!withdrawn) throw new NoPendingInviteeError();
        await recordActivity(transaction, {
          organizationId: admin.organizationId,
          actor: { userId: admin.id },
          action: 'member.invitation-revoked',
          subject: withdrawn.email,
          details: { role: withdrawn.role },
        });
        // An offer to someone's own account withdraws only the invitation (0035).
        if (offer) await deleteOffer(transaction, offer.invitationId);
        else await deleteInvitedUser(transaction, withdrawn.id);
      });
      return { revoked: true };
    },

    async changeRole(admin: AuthenticatedUser, email: string, role: OrganizationRole): Promise<Member> {
      return database.transaction(async (transaction) => {
        await lockOrganization(transaction, admin.organizationId);
        const member = await findOrganizationMemberByEmail(transaction, admin.organizationId, email, {
          lock: true,
        });
        if (!member) throw new MemberNotFoundError();
        if (member.role === role) return toMember(member);
        if (!managingRoles.includes(role))
          await assertNotLastAdmin(transaction, member, admin.organizationId);
        if (member.isOffer) await changeOfferRoleOf(transaction, admin.organizationId, member.email, role);
        else await updateMemberRole(transaction, admin.organizationId, member.id, role);
        await recordActivity(transaction, {
          organizationId: admin.organizationId,
          actor: { userId: admin.id },
          action: 'member.role-changed',
          subject: member.email,
          details: { from: member.role, to: role },
        });
        return toMember({ ...member, role });
      });
    },

    /**
     * Removes the member from the organization. A user belongs to exactly one organization, so removal deletes
     * their Dcipher account (sessions, links and their personal data go with it); a pending invitee's invitation
     * is withdrawn. The last active admin cannot be removed.
     */
    async remove(admin: AuthenticatedUser, email: string): Promise<{ removed: true }> {
      await database.transaction(async (transaction) => {
        await lockOrganization(transaction, admin.organizationId);
        const member = await findOrganizationMemberByEmail(transaction, admin.organizationId, email, {
          lock: true,
        });
        if (!member) throw new MemberNotFoundError();
        await assertNotLastAdmin(transaction, member, admin.organizationId);
        await recordActivity(transaction, {
          organizationId: admin.organizationId,
          actor: { userId: admin.id },
          action: member.status === 'InvitationSent' ? 'member.invitation-revoked' : 'member.removed',
          subject: member.email,
          details: { role: member.role },
        });
        // Someone who signed up on their own keeps their account: only this organization's offer goes (0035).
        if (member.isOffer) await withdrawOfferOf(transaction, admin.organizationId, member.email);
        else await deleteUser(transaction, member.id);
      });
      return { removed: true };
    },

    async team(user: AuthenticatedUser): Promise<{ members: Teammate[] }> {
      return { members: await listTeammates(database, user.organizationId) };
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
