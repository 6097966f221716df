import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { UnauthorizedError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import type { AccessTokens } from './access-tokens.js';
import { findUserById } from './user-repository.js';

const bearerPattern = /^Bearer\s+(\S+)$/i;

/**
 * Resolves `Authorization: Bearer <access token>` to its user. The token must verify, and its user must still
 * exist and be active: deleting or deactivating a user locks them out at once, not when the token expires.
 */
export function createBearerAuthenticator(accessTokens: AccessTokens, database: Database) {
  return async function authenticateBearer(request: FastifyRequest): Promise<AuthenticatedUser> {
    const token = bearerPattern.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedError();
    const claims = await accessTokens.verify(token).catch(() => undefined);
    if (!claims) throw new UnauthorizedError();
    const user = await findUserById(database, claims.sub);
    if (user?.status !== 'Active') throw new UnauthorizedError();
    return {
      id: user.id,
      email: user.email,
      organizationId: user.organizationId,
      role: user.role,
      requiresPasswordChange: user.requiresPasswordChange,
    };
  };
}
