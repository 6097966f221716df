import { apiModule } from '../../http/api-module.js';
import { createDeviceCookies, loadDeviceCookieKey } from '../abuse/device-cookies.js';
import { createSignInThrottle, type SignInThrottle } from '../abuse/sign-in-throttle.js';
import { type AccessTokens, createAccessTokens } from './access-tokens.js';
import { registerAccountSecurityRoutes } from './account-security-routes.js';
import { createBearerAuthenticator } from './bearer-authenticator.js';
import { registerIdentityRoutes } from './identity-routes.js';
import { createIdentityService, type IdentityService } from './identity-service.js';
import { registerRefreshCookie } from './refresh-cookie.js';
import { createRefreshTokenStore, type RefreshTokenStore } from './refresh-token-store.js';
import { createTwoFactor, type TwoFactor } from './two-factor.js';
import { createUserCache, createUserChanges, type UserChanges } from './user-changes.js';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    refreshTokens: RefreshTokenStore;
    signInThrottle: SignInThrottle;
    twoFactor: TwoFactor;
    /** Sign-in, sessions, two-step verification: what other modules sign people in and out with. */
    identity: IdentityService;
    /** Changes to people this process hears of, for what it remembers about them (decision 0069). */
    userChanges: UserChanges;
  }
}

/** Requests that change nothing; any other may have, so the process forgets what it remembered of sessions. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Identity: access and refresh tokens, sign-in and its throttle, two-step verification, the bearer check every
 * signed-in route goes through, and the routes of sign-in, sessions and account security. Token verification for
 * other services is the tokens module's, SSO's rule on password sign-ins the sso module's (`addSignInRule`).
 * After the captcha module, which has created the secret the device cookie's key derives from if there was none.
 */
export const identityModule = apiModule({
  name: 'identity',
  dependencies: ['captcha'],
  provide: async (app) => {
    const { config, database } = app;
    const accessTokens = createAccessTokens(app.signingKeys, config.accessTokenTtlSeconds);
    const refreshTokens = createRefreshTokenStore(database);
    const signInThrottle = createSignInThrottle(database);
    const twoFactor = createTwoFactor(database);
    app.decorate('accessTokens', accessTokens);
    app.decorate('refreshTokens', refreshTokens);
    app.decorate('signInThrottle', signInThrottle);
    app.decorate('twoFactor', twoFactor);
    app.decorate(
      'identity',
      createIdentityService({
        config,
        database,
        passwordHasher: app.passwordHasher,
        accessTokens,
        refreshTokens,
        signInThrottle,
        twoFactor,
        mailer: app.mailer,
        log: app.log,
      }),
    );
    // What this process hears of changes to people, and the bearer check's session lookup remembered until one
    // (decision 0069).
    const userChanges = createUserChanges(database, { log: app.log });
    await userChanges.start();
    app.decorate('userChanges', userChanges);
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!readOnlyMethods.has(request.method)) userChanges.forgetAll();
      return payload;
    });
    app.addHook('onClose', () => userChanges.stop());
    const liveSessions = createUserCache(userChanges, {
      load: (userId, sessionId) => refreshTokens.findLiveSessionUser(userId, sessionId),
    });
    app.decorate(
      'authenticateBearer',
      createBearerAuthenticator(accessTokens, database, {
        findLiveSessionUser: (userId, sessionId) => liveSessions.get(userId, sessionId),
      }),
    );
    // Every answer carrying a token pair (sign-in, refresh, verify-email, invitations, SSO…), whichever module
    // registers the route: so on the application, not in the identity routes' scope.
    registerRefreshCookie(app, config.corsOrigins);
  },
  routes: async (scope) => {
    const { config, database, identity, refreshTokens, twoFactor } = scope;
    const deviceCookies = createDeviceCookies(await loadDeviceCookieKey(config));
    registerIdentityRoutes(
      scope,
      identity,
      scope.signingKeys,
      scope.rateLimiter,
      config.corsOrigins,
      deviceCookies,
    );
    registerAccountSecurityRoutes(scope, { database, identity, refreshTokens, twoFactor });
  },
});
