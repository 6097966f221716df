import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { UnauthorizedError } from '../../http/api-error.js';
import type { AuthenticatedUser, Caller, PaymentSetupCaller } from '../../http/register-endpoint.js';
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
  refreshTokens: Pick<RefreshTokenStore, 'findLiveSessionUser'>,
) {
  async function authenticateBearer(
    request: FastifyRequest,
    options?: { acceptPaymentSetup?: false },
  ): Promise<AuthenticatedUser>;
  async function authenticateBearer(
    request: FastifyRequest,
    options: { acceptPaymentSetup: boolean },
  ): Promise<Caller>;
  async function authenticateBearer(
    request: FastifyRequest,
    { acceptPaymentSetup = false }: { acceptPaymentSetup?: boolean } = {},
  ): Promise<Caller> {
    const token = bearerPattern.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedError();
    const claims = await accessTokens.verify(token).catch(() => undefined);
    if (!claims) {
      if (acceptPaymentSetup) return authenticatePaymentSetup(token);
      throw new UnauthorizedError();
    }
    // Tokens without a session were issued before sessions were tracked; refreshing gets one that names it.
    if (!claims.sid) throw new UnauthorizedError();
    // One round trip: the user and the liveness of the token's session together.
    const user = await refreshTokens.findLiveSessionUser(claims.sub, claims.sid);
    if (!maySignIn(user)) throw new UnauthorizedError();
    return {
      kind: 'user',
      id: user.id,
      sessionId: claims.sid,
      email: user.email,
      organizationId: user.organizationId,
      customerType: user.customerType,
      role: user.role,
      requiresPasswordChange: user.requiresPasswordChange,
      internalAdmin: user.internalAdmin,
      twoStepSetupRequired: user.twoStepSetupRequired,
    };
  }

  /**
   * Sign-up's step 2: the token names the account and organization the sign-up created, or ids that name nobody
   * when the address already had an account. The second is answered like the first and stores nothing, so step 2
   * does not tell whether an address has an account. Either way the caller is a payment-setup caller, not a user:
   * the permission policy lets it add a card and nothing else (docs/decisions/0022).
   */
  async function authenticatePaymentSetup(token: string): Promise<PaymentSetupCaller> {
    const subject = await accessTokens.verifyPaymentSetup(token);
    if (!subject) throw new UnauthorizedError();
    const user = await findUserById(database, subject.userId);
    if (!user) {
      return {
        kind: 'payment-setup',
        organizationId: subject.organizationId,
        userId: subject.userId,
        existingAddress: true,
      };
    }
    if (!maySignIn(user) || user.organizationId !== subject.organizationId) throw new UnauthorizedError();
    return {
      kind: 'payment-setup',
      organizationId: user.organizationId,
      userId: user.id,
      existingAddress: false,
    };
  }

  return authenticateBearer;
}
