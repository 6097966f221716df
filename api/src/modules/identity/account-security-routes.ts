import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import {
  SessionNotFoundError,
  TwoFactorCodeInvalidError,
  TwoFactorStateConflictError,
} from './identity-errors.js';
import type { IdentityService } from './identity-service.js';
import type { RefreshTokenStore } from './refresh-token-store.js';
import { listSignInHistory } from './sign-in-history.js';
import type { TwoFactor } from './two-factor.js';

const endpoints = contract.accountSecurity;

/** Privacy & security of the account area: sessions, sign-in history, two-step verification (0025). */
export function registerAccountSecurityRoutes(
  app: FastifyInstance,
  {
    database,
    identity,
    refreshTokens,
    twoFactor,
  }: {
    database: Database;
    identity: IdentityService;
    refreshTokens: RefreshTokenStore;
    twoFactor: TwoFactor;
  },
): void {
  registerEndpoint(app, endpoints.listSessions, async (_input, { user }) => {
    const sessions = await refreshTokens.listLive(user.id);
    return sessions.map((session) => ({
      id: session.id,
      browser: session.browser,
      os: session.os,
      ipAddress: session.ipAddress,
      createdAt: new Date(session.createdAt).toISOString(),
      lastActiveAt: new Date(session.lastActiveAt).toISOString(),
      current: session.id === user.sessionId,
    }));
  });

  // Another user's session is answered like an ended one: the id tells nothing about who owns it.
  registerEndpoint(app, endpoints.endSession, async ({ params }, { user }) => {
    if (!(await refreshTokens.revokeSession(user.id, params.sessionId))) throw new SessionNotFoundError();
    return { signedOut: true } as const;
  });

  registerEndpoint(app, endpoints.endOtherSessions, async (_input, { user }) => ({
    signedOut: await refreshTokens.revokeAllOfUser(user.id, database, { exceptSessionId: user.sessionId }),
  }));

  registerEndpoint(app, endpoints.listSignInHistory, (_input, { user }) =>
    listSignInHistory(database, user.id),
  );

  registerEndpoint(app, endpoints.getTwoFactorStatus, (_input, { user }) => twoFactor.status(user.id));

  registerEndpoint(app, endpoints.setUpTwoFactor, async (_input, { user, reply }) => {
    const setup = await twoFactor.setUp(user.id, user.email);
    if (!setup) throw new TwoFactorStateConflictError('alreadyEnabled');
    // The secret is in the answer: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return setup;
  });

  registerEndpoint(app, endpoints.enableTwoFactor, async ({ body }, { user, reply }) => {
    const result = await twoFactor.enable(user.id, user.email, body.code);
    if (result.outcome === 'alreadyEnabled') {
      throw new TwoFactorStateConflictError('alreadyEnabled');
    }
    if (result.outcome === 'noPendingSecret') {
      throw new TwoFactorStateConflictError('setupMissing');
    }
    if (result.outcome !== 'enabled') throw new TwoFactorCodeInvalidError('code');
    reply.header('cache-control', 'no-store');
    return { recoveryCodes: result.recoveryCodes };
  });

  registerEndpoint(app, endpoints.disableTwoFactor, async ({ body }, { user }) => {
    await identity.disableTwoFactor(user.id, body.currentPassword);
    return twoFactor.status(user.id);
  });
}
