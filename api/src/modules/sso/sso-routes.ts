import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimitRule } from '../abuse/rate-limiter.js';
import { signInContextOf } from '../identity/device-label.js';
import type { SsoService } from './sso-service.js';

const endpoints = contract.sso;

/**
 * Starting an SSO sign-in: 30 per IP address per 10 minutes (a 429). A person needs one or two; each start asks
 * the identity provider for its discovery document and stores an attempt, so a script is held back.
 */
export const ssoLoginStartLimit: RateLimitRule = {
  bucket: endpoints.startSsoLogin.operation,
  limit: 30,
  windowSeconds: 10 * 60,
};

/** "Test connection": 30 per admin per 10 minutes; each makes the API fetch a URL the admin typed. */
export const ssoConnectionTestLimit: RateLimitRule = {
  bucket: endpoints.testSsoConnection.operation,
  limit: 30,
  windowSeconds: 10 * 60,
};

/** "Verify": 30 DNS lookups per admin per 10 minutes. */
export const ssoDomainVerificationLimit: RateLimitRule = {
  bucket: endpoints.verifySsoDomain.operation,
  limit: 30,
  windowSeconds: 10 * 60,
};

/** The configuration is `account-sso-settings`, an admin-only area (spec section 6), declared in the contract. */
export function registerSsoRoutes(app: FastifyInstance, sso: SsoService): void {
  registerEndpoint(app, endpoints.getSsoConfig, async (_input, { user }) => {
    return sso.getConfig(user.organizationId);
  });

  registerEndpoint(app, endpoints.saveSsoConfig, async ({ body }, { user }) => {
    return sso.saveConfig({ organizationId: user.organizationId, userId: user.id }, body);
  });

  registerEndpoint(app, endpoints.deleteSsoConfig, async (_input, { user }) => {
    await sso.deleteConfig({ organizationId: user.organizationId, userId: user.id });
    return { deleted: true } as const;
  });

  // An admin's own tries; the short timeout bounds each. Limited like sign-in starts, as each one fetches a URL.
  registerEndpoint(
    app,
    endpoints.testSsoConnection,
    async ({ body }) => {
      return sso.testConnection(body.issuerUrl);
    },
    { rateLimits: [{ ...ssoConnectionTestLimit, per: 'user' }] },
  );

  registerEndpoint(
    app,
    endpoints.verifySsoDomain,
    async ({ body }, { user }) => {
      return sso.verifyDomain({ organizationId: user.organizationId, userId: user.id }, body.domain);
    },
    { rateLimits: [{ ...ssoDomainVerificationLimit, per: 'user' }] },
  );

  registerEndpoint(
    app,
    endpoints.startSsoLogin,
    async ({ body }) => {
      return sso.startLogin(body.email);
    },
    { rateLimits: [{ ...ssoLoginStartLimit, per: 'ip' }] },
  );

  // The state is 32 random bytes, spent on first use: guessing one is hopeless, so no limit of its own.
  registerEndpoint(app, endpoints.completeSsoLogin, ({ body }, { request }) =>
    sso.completeLogin(body, signInContextOf(request)),
  );
}
