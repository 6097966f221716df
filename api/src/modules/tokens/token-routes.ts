import { contract, type TokenVerification } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { AccessTokens } from '../identity/access-tokens.js';
import type { RefreshTokenStore } from '../identity/refresh-token-store.js';
import { findUserById, maySignIn } from '../people/user-repository.js';

/**
 * Token checks for other Dcipher services (`POST /verifyToken`): the same two tests as the bearer check of our
 * own endpoints, the signature and expiry and then the user's current state (active, not suspended) and the
 * token's session (still signed in), so a suspended user's or a signed-out session's token stops working
 * everywhere at once. Anything that fails is `{ valid: false }`, with no
 * reason given. No rate limit: a failing token costs one RS256 verification, a good one a primary-key lookup.
 */
export function registerTokenRoutes(
  app: FastifyInstance,
  accessTokens: AccessTokens,
  database: Queryable,
  refreshTokens: Pick<RefreshTokenStore, 'isLive'>,
): void {
  registerEndpoint(app, contract.tokens.verifyToken, async ({ body }, { reply }) => {
    reply.header('cache-control', 'no-store');
    const invalid: TokenVerification = { valid: false };
    const claims = await accessTokens.verify(body.token).catch(() => undefined);
    if (!claims?.sid) return invalid;
    const user = await findUserById(database, claims.sub);
    if (!maySignIn(user) || !(await refreshTokens.isLive(user.id, claims.sid))) return invalid;
    return {
      valid: true,
      userId: user.id,
      email: user.email,
      organizationId: user.organizationId,
      role: user.role,
      requiresPasswordChange: user.requiresPasswordChange,
      expiresAt: new Date(claims.exp * 1000).toISOString(),
    };
  });
}
