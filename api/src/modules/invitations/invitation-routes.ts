import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimitRule } from '../abuse/rate-limiter.js';
import { signInContextOf } from '../identity/device-label.js';
import type { InvitationService } from './invitation-service.js';

const endpoints = contract.invitations;

/**
 * Renewal requests: 10 per IP address per hour (429). Each invitee's admins get at most one such email a day,
 * which is not shown (see `renewalEmailsPerInviteeLimit`).
 */
export const renewalRequestLimit: RateLimitRule = {
  bucket: endpoints.requestInvitationRenewal.operation,
  limit: 10,
  windowSeconds: 60 * 60,
};

/** Inviting and resending are `grant` on the organization: its admins' (spec section 6), declared in the contract. */
export function registerInvitationRoutes(app: FastifyInstance, invitations: InvitationService): void {
  registerEndpoint(app, endpoints.inviteUser, async ({ body }, { user }) => {
    return invitations.invite(user, body);
  });

  registerEndpoint(app, endpoints.resendInvitation, async ({ body }, { user }) => {
    return invitations.resend(user, body.email);
  });

  // Tokens are 32 random bytes: guessing one is hopeless, so looking one up or accepting needs no rate limit.
  registerEndpoint(app, endpoints.getInvitation, async ({ query }, { reply }) => {
    // The answer names a person and an organization: not for shared caches.
    reply.header('cache-control', 'no-store');
    return invitations.describe(query.token);
  });

  registerEndpoint(app, endpoints.acceptInvitation, ({ body }, { request }) =>
    invitations.accept(body, signInContextOf(request)),
  );

  registerEndpoint(app, endpoints.declineInvitation, ({ body }) => invitations.decline(body.token));

  // Offers to an existing account (0035): only ever the signed-in user's own, found by invitation id and user.
  registerEndpoint(app, endpoints.listInvitationOffers, (_input, { user }) => invitations.offers(user));
  registerEndpoint(app, endpoints.acceptInvitationOffer, ({ params }, { user }) =>
    invitations.acceptOffer(user, params.invitationId),
  );
  registerEndpoint(app, endpoints.declineInvitationOffer, ({ params }, { user }) =>
    invitations.declineOffer(user, params.invitationId),
  );

  registerEndpoint(
    app,
    endpoints.requestInvitationRenewal,
    async ({ body }) => {
      return invitations.requestRenewal(body.token);
    },
    { rateLimits: [{ ...renewalRequestLimit, per: 'ip' }] },
  );
}
