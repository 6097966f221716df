import {
  emailDomainOf,
  type Invitation,
  type InvitationOffer,
  type IssuedTokenPair,
  type SentInvitation,
} from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import { UnauthorizedError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import type { RateLimiter, RateLimitRule } from '../abuse/rate-limiter.js';
import type { SignInContext } from '../identity/device-label.js';
import type { IdentityService } from '../identity/identity-service.js';
import type { PasswordHasher } from '../identity/password-hasher.js';
import { deleteOrganization } from '../people/account-deletion.js';
import { countOtherUsers, moveUserToOrganization } from '../people/membership-repository.js';
import { lockOrganization } from '../people/organization-repository.js';
import { findUserById } from '../people/user-repository.js';
import { ssoRequiredFor } from '../sso/sso-config-repository.js';
import { SsoRequiredError } from '../sso/sso-errors.js';
import { invitationEmail, renewalRequestEmail } from './invitation-emails.js';
import {
  InvitationAlreadyAcceptedError,
  InvitationAlreadyPendingError,
  InvitationExpiredError,
  InvitationForExistingAccountError,
  InvitationInvalidError,
  InvitationOfferNotFoundError,
  InvitationStillValidError,
  InviteeHasAccountError,
  InviteeSuspendedError,
  NoPendingInvitationError,
  OrganizationHasOtherMembersError,
} from './invitation-errors.js';
import {
  activateInvitedUser,
  createInvitation,
  declineInvitation,
  findInvitationByToken,
  findInviter,
  findOffersFor,
  type Inviter,
  type IssuedInvitation,
  lockOfferFor,
  markInvitationAccepted,
  reissueInvitation,
  renewalRecipients,
  type StoredInvitation,
  withdrawInvitation,
} from './invitation-repository.js';

/**
 * Invitation emails one admin may have sent (invites and resends together): 30 an hour, then 429. Enough to
 * bring a team aboard in one sitting; it also caps how fast a signed-up stranger could use invitations to mail
 * arbitrary addresses, or probe which addresses have Dcipher accounts (the 409 tells).
 */
export const invitationsPerAdminLimit: RateLimitRule = {
  bucket: 'invitations-per-admin',
  limit: 30,
  windowSeconds: 60 * 60,
};

/** Renewal requests one invitee's admins receive: 1 a day; further requests answer the same, sending nothing. */
export const renewalEmailsPerInviteeLimit: RateLimitRule = {
  bucket: 'invitation-renewal-emails-per-invitee',
  limit: 1,
  windowSeconds: 24 * 60 * 60,
};

/** What a token may be used for; anything else is refused with the matching answer. */
function assertUsable(invitation: StoredInvitation | undefined): asserts invitation is StoredInvitation {
  if (!invitation) throw new InvitationInvalidError();
  if (invitation.accepted) throw new InvitationAlreadyAcceptedError();
  if (invitation.expired) throw new InvitationExpiredError();
  if (invitation.suspended) throw new InviteeSuspendedError();
}

export interface InvitationServiceDependencies {
  database: Database;
  passwordHasher: PasswordHasher;
  identity: Pick<IdentityService, 'issueSession'>;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The marketing site's public URL (`WEB_URL`), where the emailed links lead. */
  webUrl: string;
  log: FastifyBaseLogger;
}

/** Org admins invite people; invitees look at, accept, or ask to renew their invitation (docs/decisions/0019). */
export function createInvitationService({
  database,
  passwordHasher,
  identity,
  mailer,
  rateLimiter,
  webUrl,
  log,
}: InvitationServiceDependencies) {
  async function inviterOf(admin: AuthenticatedUser): Promise<Inviter> {
    const inviter = await findInviter(database, admin.id);
    if (!inviter) throw new UnauthorizedError();
    return inviter;
  }

  const sendInvitation = (inviter: Inviter, issued: IssuedInvitation) =>
    mailer.send(
      invitationEmail(
        {
          to: issued.email,
          inviterName: inviter.name || inviter.email,
          inviterEmail: inviter.email,
          organizationName: inviter.organizationName,
          role: issued.role,
          token: issued.token,
        },
        webUrl,
      ),
    );

  const sent = (issued: IssuedInvitation): SentInvitation => ({
    email: issued.email,
    role: issued.role,
    status: 'InvitationSent',
    expiresAt: issued.expiresAt.toISOString(),
  });

  return {
    /**
     * Creates the invited user and emails them the link. Should the email fail, the user is removed again and
     * the request fails, so the admin's retry starts from scratch instead of meeting "already invited".
     */
    async invite(admin: AuthenticatedUser, { email, role }: { email: string; role: OrganizationRole }) {
      await rateLimiter.consume(invitationsPerAdminLimit, admin.id);
      const inviter = await inviterOf(admin);
      const result = await createInvitation(database, inviter, email, role);
      if ('refused' in result) {
        if (result.refused === 'pending-here') throw new InvitationAlreadyPendingError();
        throw new InviteeHasAccountError(result.refused === 'invited-elsewhere');
      }
      try {
        await sendInvitation(inviter, result.issued);
      } catch (error) {
        await withdrawInvitation(database, result.userId);
        throw error;
      }
      return sent(result.issued);
    },

    /** A new link (the earlier ones stop working) for a pending invitee of the admin's organization. */
    async resend(admin: AuthenticatedUser, email: string): Promise<SentInvitation> {
      await rateLimiter.consume(invitationsPerAdminLimit, admin.id);
      const inviter = await inviterOf(admin);
      const issued = await reissueInvitation(database, inviter, email);
      if (!issued) throw new NoPendingInvitationError();
      await sendInvitation(inviter, issued);
      return sent(issued);
    },

    /** What the invitee's page shows; only what they need, and nothing for an unknown token. */
    async describe(token: string): Promise<Invitation> {
      const invitation = await findInvitationByToken(database, token);
      if (!invitation) throw new InvitationInvalidError();
      return {
        state: invitation.accepted ? 'accepted' : invitation.expired ? 'expired' : 'pending',
        email: invitation.email,
        organizationName: invitation.organizationName,
        inviterName: invitation.inviterName ?? `An admin of ${invitation.organizationName}`,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        signInWithSso: await ssoRequiredFor(
          database,
          invitation.organizationId,
          emailDomainOf(invitation.email),
        ),
        existingAccount: invitation.offer,
      };
    },

    /**
     * Accepts the invitation: names and password set, the user active with a verified address, the invitation
     * spent, all in one transaction (the rows locked, so two tabs cannot both accept); then signed in.
     */
    async accept(input: AcceptedForm, context: SignInContext): Promise<IssuedTokenPair> {
      const usable = await findInvitationByToken(database, input.token);
      assertUsable(usable);
      // They have a password already: they accept signed in, so nobody holding only the link takes the account.
      if (usable.offer) throw new InvitationForExistingAccountError();
      // An organization that requires SSO for the address's verified domain never gets a password-holding member
      // through the back door of an invitation: the invitee signs in with SSO, which accepts it (0036).
      if (await ssoRequiredFor(database, usable.organizationId, emailDomainOf(usable.email))) {
        throw new SsoRequiredError();
      }
      // Hashed before the transaction: argon2 is slow and a transaction should not wait on it.
      const passwordHash = await passwordHasher.hash(input.password);
      const userId = await database.transaction(async (transaction) => {
        const invitation = await findInvitationByToken(transaction, input.token, { lock: true });
        assertUsable(invitation);
        if (invitation.offer) throw new InvitationForExistingAccountError();
        await activateInvitedUser(transaction, invitation, {
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
        });
        return invitation.userId;
      });
      const user = await findUserById(database, userId);
      if (!user) throw new InvitationInvalidError();
      return identity.issueSession(user, context);
    },

    /**
     * The invitee turns the invitation down (pending or expired; an accepted one is refused): the invitation and
     * the invited user are removed, so the address may sign up on its own (docs/decisions/0035).
     */
    async decline(token: string): Promise<{ declined: true }> {
      await database.transaction(async (transaction) => {
        const invitation = await findInvitationByToken(transaction, token, { lock: true });
        if (!invitation) throw new InvitationInvalidError();
        if (invitation.accepted) throw new InvitationAlreadyAcceptedError();
        await declineInvitation(transaction, invitation);
      });
      return { declined: true };
    },

    /** Invitations held out to the signed-in user's account by other organizations (0035). */
    async offers(user: AuthenticatedUser): Promise<{ offers: InvitationOffer[] }> {
      const offers = await findOffersFor(database, user);
      return {
        offers: offers.map((offer) => ({
          id: offer.id,
          organizationName: offer.organizationName,
          inviterName: offer.inviterName ?? `An admin of ${offer.organizationName}`,
          role: offer.role,
          expiresAt: offer.expiresAt.toISOString(),
          expired: offer.expired,
        })),
      };
    },

    /**
     * The signed-in user joins the organization that invited them: moved there with the offered role, the offer
     * spent, and their own organization, which must hold nobody else, closed with everything in it; all in one
     * transaction, with both organizations' rows locked.
     */
    async acceptOffer(
      user: AuthenticatedUser,
      invitationId: string,
    ): Promise<{ organizationName: string; role: OrganizationRole }> {
      return database.transaction(async (transaction) => {
        const formerOrganizationId = user.organizationId;
        await lockOrganization(transaction, formerOrganizationId);
        const offer = await lockOfferFor(transaction, user.id, invitationId);
        if (!offer || offer.accepted) throw new InvitationOfferNotFoundError();
        if (offer.expired) throw new InvitationExpiredError();
        if (await ssoRequiredFor(transaction, offer.organizationId, emailDomainOf(offer.email))) {
          throw new SsoRequiredError();
        }
        if ((await countOtherUsers(transaction, formerOrganizationId, user.id)) > 0) {
          throw new OrganizationHasOtherMembersError();
        }
        await lockOrganization(transaction, offer.organizationId);
        await moveUserToOrganization(transaction, user.id, offer.organizationId, offer.role);
        await markInvitationAccepted(transaction, offer);
        await deleteOrganization(transaction, formerOrganizationId);
        return { organizationName: offer.organizationName, role: offer.role };
      });
    },

    /** The signed-in user turns down an invitation held out to their account; their account is untouched. */
    async declineOffer(user: AuthenticatedUser, invitationId: string): Promise<{ declined: true }> {
      await database.transaction(async (transaction) => {
        const offer = await lockOfferFor(transaction, user.id, invitationId);
        if (!offer || offer.accepted) throw new InvitationOfferNotFoundError();
        await declineInvitation(transaction, offer);
      });
      return { declined: true };
    },

    /**
     * Emails the inviting admin (or, if they are gone, every admin of the organization) that the invitee asks
     * for a new invitation. Works for an expired, unaccepted invitation only; at most one email a day per invitee,
     * further requests answering the same.
     */
    async requestRenewal(token: string): Promise<{ requested: true }> {
      const invitation = await findInvitationByToken(database, token);
      if (!invitation) throw new InvitationInvalidError();
      if (invitation.accepted) throw new InvitationAlreadyAcceptedError();
      if (invitation.suspended) throw new InviteeSuspendedError();
      if (!invitation.expired) throw new InvitationStillValidError();
      if (await rateLimiter.tryConsume(renewalEmailsPerInviteeLimit, invitation.userId)) {
        const recipients = await renewalRecipients(database, invitation);
        if (recipients.length === 0)
          log.warn('an invitation renewal was asked for in an organization without admins');
        for (const recipient of recipients) {
          await mailer.send(
            renewalRequestEmail(
              recipient,
              {
                inviteeEmail: invitation.email,
                organizationName: invitation.organizationName,
                expiredAt: invitation.expiresAt,
              },
              webUrl,
            ),
          );
        }
      }
      return { requested: true };
    },
  };
}

/** The accept form after validation: names trimmed, the password checked against the policy. */
interface AcceptedForm {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
}

export type InvitationService = ReturnType<typeof createInvitationService>;
