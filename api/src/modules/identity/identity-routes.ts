import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimiter, RateLimitRule } from '../abuse/rate-limiter.js';
import { signInContextOf } from './device-label.js';
import { InvalidRefreshTokenError } from './identity-errors.js';
import type { IdentityService } from './identity-service.js';
import { clearRefreshCookie, refreshTokenFromCookie, registerRefreshCookie } from './refresh-cookie.js';
import type { SigningKeys } from './signing-keys.js';

/**
 * Failed sign-ins from one IP address: 30 per 10 minutes (a 429), whichever accounts they try. Successful ones
 * are given back, so colleagues signing in behind one office address do not use it up. With the per-account delay
 * (`sign-in-throttle.ts`) it bounds password guessing; docs/decisions/0013.
 */
export const failedSignInsPerAddressLimit: RateLimitRule = {
  bucket: contract.auth.login.operation,
  limit: 30,
  windowSeconds: 10 * 60,
};

export function registerIdentityRoutes(
  app: FastifyInstance,
  identity: IdentityService,
  keys: SigningKeys,
  rateLimiter: RateLimiter,
  corsOrigins: readonly string[],
): void {
  registerRefreshCookie(app, corsOrigins);

  registerEndpoint(app, contract.auth.login, async ({ body }, { request }) => {
    const context = signInContextOf(request);
    try {
      await rateLimiter.consume(failedSignInsPerAddressLimit, request.ip);
    } catch (error) {
      await identity.recordRefusedAttempt(body.email, 'password', context);
      throw error;
    }
    const result = await identity.login(body, context);
    await rateLimiter.refund(failedSignInsPerAddressLimit, request.ip);
    return result;
  });

  // Wrong codes use up the same per-address allowance as wrong passwords (and the account's throttle).
  registerEndpoint(app, contract.auth.completeTwoFactorLogin, async ({ body }, { request }) => {
    await rateLimiter.consume(failedSignInsPerAddressLimit, request.ip);
    const tokens = await identity.completeTwoFactorLogin(body, signInContextOf(request));
    await rateLimiter.refund(failedSignInsPerAddressLimit, request.ip);
    return tokens;
  });

  // The body's token (servers, scripts) or the browser's HttpOnly session cookie; a refused one clears the cookie.
  registerEndpoint(app, contract.auth.refreshToken, async ({ body }, { request, reply }) => {
    const refreshToken = body.refreshToken ?? refreshTokenFromCookie(request, corsOrigins);
    try {
      if (!refreshToken) throw new InvalidRefreshTokenError();
      return await identity.refresh(refreshToken);
    } catch (error) {
      clearRefreshCookie(reply);
      throw error;
    }
  });

  registerEndpoint(app, contract.auth.logout, async ({ body }, { user, reply }) => {
    clearRefreshCookie(reply);
    await identity.logout(user, body.isForced);
    return { loggedOut: true } as const;
  });

  registerEndpoint(app, contract.auth.changePassword, ({ body }, { user, request }) =>
    identity.changePassword(user, body, signInContextOf(request)),
  );

  // The public keys verifiers (the browser, other services) fetch; not part of the contract's API surface.
  app.get('/.well-known/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(keys.jwks),
  );
}
