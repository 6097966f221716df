import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimitRule } from '../abuse/rate-limiter.js';
import type { MarketingEmailService } from './marketing-email-service.js';

const endpoints = contract.marketingEmails;

/**
 * Unsubscribing: 20 per IP address per hour (a 429). A person unsubscribes once, perhaps twice; tokens cannot be
 * guessed, so this only keeps a script from hammering the endpoint.
 */
export const unsubscribeLimit: RateLimitRule = {
  bucket: endpoints.unsubscribeEmail.operation,
  limit: 20,
  windowSeconds: 60 * 60,
};

export function registerMarketingEmailRoutes(
  app: FastifyInstance,
  marketingEmails: MarketingEmailService,
): void {
  // The three senders are for internal admins only (the contract marks them): a scheduler calls them with a
  // staff account.
  registerEndpoint(app, endpoints.sendDiscoverDcipherEmails, () =>
    marketingEmails.sendDiscoverDcipherEmails(),
  );
  registerEndpoint(app, endpoints.sendFeatureUpdatesEmails, ({ body }) =>
    marketingEmails.sendFeatureUpdatesEmails(body),
  );
  registerEndpoint(app, endpoints.sendEmailVerificationReminder, () =>
    marketingEmails.sendEmailVerificationReminders(),
  );

  registerEndpoint(
    app,
    endpoints.unsubscribeEmail,
    async ({ params, query }) => {
      return marketingEmails.unsubscribe(params.email, query.token);
    },
    { rateLimits: [{ ...unsubscribeLimit, per: 'ip' }] },
  );
}
