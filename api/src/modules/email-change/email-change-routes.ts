import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimitRule } from '../abuse/rate-limiter.js';
import type { EmailChangeService } from './email-change-service.js';

/**
 * Changing the address: 10 requests per IP address per hour (a 429), whatever the outcome. A person needs one
 * or two; each also counts as a sign-in attempt on the account (the per-account delay of 0013).
 */
export const updateEmailLimit: RateLimitRule = {
  bucket: contract.emailChange.updateEmail.operation,
  limit: 10,
  windowSeconds: 60 * 60,
};

export function registerEmailChangeRoutes(app: FastifyInstance, emailChange: EmailChangeService): void {
  registerEndpoint(
    app,
    contract.emailChange.updateEmail,
    async ({ body }) => {
      return emailChange.updateEmail(body);
    },
    { rateLimits: [{ ...updateEmailLimit, per: 'ip' }] },
  );
}
