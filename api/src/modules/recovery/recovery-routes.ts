import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimitRule } from '../abuse/rate-limiter.js';
import type { RecoveryService } from './recovery-service.js';

const endpoints = contract.recovery;

/**
 * Asking for a reset link: 10 per IP address per hour (a 429). Each address also gets at most 3 reset emails an
 * hour, which is not shown (see `resetEmailsPerAddressLimit`).
 */
export const resetPasswordLimit: RateLimitRule = {
  bucket: endpoints.resetPassword.operation,
  limit: 10,
  windowSeconds: 60 * 60,
};

export function registerRecoveryRoutes(app: FastifyInstance, recovery: RecoveryService): void {
  registerEndpoint(
    app,
    endpoints.resetPassword,
    async ({ body }) => {
      return recovery.requestPasswordReset(body.email);
    },
    { rateLimits: [{ ...resetPasswordLimit, per: 'ip' }] },
  );

  // The token is 32 random bytes: guessing one is hopeless, so this needs no rate limit of its own.
  registerEndpoint(app, endpoints.setNewPassword, ({ body }) =>
    recovery.setNewPassword(body.token, body.password),
  );
}
