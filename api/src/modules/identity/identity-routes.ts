import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ValidationError } from '../../http/api-error.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { DeviceCookies } from '../abuse/device-cookies.js';
import type { RateLimiter, RateLimitRule } from '../abuse/rate-limiter.js';
import { signInContextOf } from './device-label.js';
import { InvalidRefreshTokenError } from './identity-errors.js';
import type { IdentityService } from './identity-service.js';
import { clearRefreshCookie, isProductBrowser, refreshTokenFromCookie } from './refresh-cookie.js';
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
  deviceCookies: DeviceCookies,
): void {
  /** A completed sign-in remembers the browser for that account (a new device cookie each time; 0029). */
  const rememberDevice = (reply: FastifyReply, signedInUserId: string | undefined) => {
    if (signedInUserId) reply.header('set-cookie', deviceCookies.issue(signedInUserId));
  };

  registerEndpoint(app, contract.auth.login, async ({ body }, { request, reply }) => {
    const context = signInContextOf(request);
    try {
      await rateLimiter.consume(failedSignInsPerAddressLimit, request.ip);
    } catch (error) {
      await identity.recordRefusedAttempt(body.email, 'password', context);
      throw error;
    }
    const { answer, signedInUserId } = await identity.login(
      body,
      context,
      deviceCookies.knownDevicesIn(request.headers.cookie),
    );
    await rateLimiter.refund(failedSignInsPerAddressLimit, request.ip);
    rememberDevice(reply, signedInUserId);
    return answer;
  });

  // Wrong codes use up the same per-address allowance as wrong passwords (and the account's or device's throttle).
  registerEndpoint(app, contract.auth.completeTwoFactorLogin, async ({ body }, { request, reply }) => {
    await rateLimiter.consume(failedSignInsPerAddressLimit, request.ip);
    const { answer, signedInUserId } = await identity.completeTwoFactorLogin(
      body,
      signInContextOf(request),
      deviceCookies.knownDevicesIn(request.headers.cookie),
    );
    await rateLimiter.refund(failedSignInsPerAddressLimit, request.ip);
    rememberDevice(reply, signedInUserId);
    return answer;
  });

  // The body's token (servers, scripts) or the browser's HttpOnly session cookie; a refused one clears the cookie.
  registerEndpoint(app, contract.auth.refreshToken, async ({ body }, { request, reply }) => {
    const refreshToken = body.refreshToken ?? refreshTokenFromCookie(request, corsOrigins);
    // A caller that is not one of the product's pages has no cookie to fall back on: the field is required.
    if (!refreshToken && !isProductBrowser(request, corsOrigins)) {
      throw new ValidationError('required', 'refreshToken');
    }
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
