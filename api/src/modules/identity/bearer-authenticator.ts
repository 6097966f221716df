import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { UnauthorizedError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { findUserById, maySignIn } from '../people/user-repository.js';
import type { AccessTokens } from './access-tokens.js';
import type { RefreshTokenStore } from './refresh-token-store.js';

const bearerPattern = /^Bearer\s+(\S+)$/i;

/**
 * Resolves `Authorization: Bearer <access token>` to its user. The token must verify, its user must still
 * exist, be active and not be suspended, and its session (`sid`) must still be live: deleting or suspending a user,
 * or signing a session out, locks it out at once, not when the token expires.
 */
export function createBearerAuthenticator(
  accessTokens: AccessTokens,
  database: Database,
  refreshTokens: Pick<RefreshTokenStore, 'isLive'>,
) {
  return async function authenticateBearer(
    request: FastifyRequest,
    { acceptPaymentSetup = false }: { acceptPaymentSetup?: boolean } = {},
  ): Promise<AuthenticatedUser> {
    const token = bearerPattern.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedError();
    const claims = await accessTokens.verify(token).catch(() => undefined);
    if (!claims) {
      if (acceptPaymentSetup) return authenticatePaymentSetup(token);
      throw new UnauthorizedError();
    }
    // Tokens without a session were issued before sessions were tracked; refreshing gets one that names it.
    if (!claims.sid) throw new UnauthorizedError();
    const [user, sessionLive] = await Promise.all([
      findUserById(database, claims.sub),
      refreshTokens.isLive(claims.sub, claims.sid),
    ]);
    if (!maySignIn(user) || !sessionLive) throw new UnauthorizedError();
    return {
      id: user.id,
      sessionId: claims.sid,
      email: user.email,
      organizationId: user.organizationId,
      role: user.role,
      requiresPasswordChange: user.requiresPasswordChange,
      internalAdmin: user.internalAdmin,
    };
  };

  /**
   * Sign-up's step 2: the token names the account the sign-up created (its admin, who may add a card before
   * verifying the address), or ids that name nobody when the address already had an account. The second is
   * answered like the first and stores nothing, so step 2 does not tell whether an address has an account.
   */
  async function authenticatePaymentSetup(token: string): Promise<AuthenticatedUser> {
    const subject = await accessTokens.verifyPaymentSetup(token);
    if (!subject) throw new UnauthorizedError();
    const user = await findUserById(database, subject.userId);
    if (!user) {
      return {
        id: subject.userId,
        email: '',
        organizationId: subject.organizationId,
        role: 'admin',
        requiresPasswordChange: false,
        internalAdmin: false,
        paymentSetup: 'existing-address',
      };
    }
    if (!maySignIn(user) || user.organizationId !== subject.organizationId) throw new UnauthorizedError();
    return {
      id: user.id,
      email: user.email,
      organizationId: user.organizationId,
      role: user.role,
      requiresPasswordChange: false,
      internalAdmin: false,
      paymentSetup: 'new-account',
    };
  }
}
