import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimitRule } from '../abuse/rate-limiter.js';
import type { TrialService } from './trial-service.js';

const endpoints = contract.trial;

/**
 * Opening reactivation links: 20 per IP address per hour (a 429). A person opens one link, perhaps twice; the
 * tokens cannot be guessed, so this only keeps a script from hammering the endpoint.
 */
export const reactivateTrialLimit: RateLimitRule = {
  bucket: endpoints.reactivateTrial.operation,
  limit: 20,
  windowSeconds: 60 * 60,
};

export function registerTrialRoutes(app: FastifyInstance, trial: TrialService): void {
  // Internal admins only (the contract marks it): a scheduler calls it with a staff account.
  registerEndpoint(app, endpoints.sendTrialReactivationEmails, ({ body }) =>
    trial.sendReactivationEmails(body.endedBefore),
  );

  registerEndpoint(
    app,
    endpoints.reactivateTrial,
    async ({ body }) => {
      return trial.reactivateTrial(body.token);
    },
    { rateLimits: [{ ...reactivateTrialLimit, per: 'ip' }] },
  );
}
