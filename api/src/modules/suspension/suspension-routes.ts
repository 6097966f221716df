import { contract, errorCodes, type SuspensionState } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { ApiError, ValidationError } from '../../http/api-error.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RefreshTokenStore } from '../identity/refresh-token-store.js';
import { suspendUserByEmail, unsuspendUserByEmail } from '../people/user-repository.js';

/**
 * Suspension by internal admins (Dcipher staff). Suspending ends every session of the user in the same
 * transaction: their refresh tokens are revoked, and the bearer check refuses their access tokens from the next
 * call on, as it reads the flag from the database.
 */
export function registerSuspensionRoutes(
  app: FastifyInstance,
  database: Database,
  refreshTokens: RefreshTokenStore,
): void {
  registerEndpoint(app, contract.suspension.suspendUser, async ({ params }, { user }) => {
    if (params.email === user.email) {
      throw new ValidationError('cannotSuspendYourself', 'email');
    }
    return database.transaction(async (transaction) => {
      const target = await suspendUserByEmail(transaction, params.email);
      if (!target) throw new ApiError(errorCodes.notFound, { params: { reason: 'user' } });
      await refreshTokens.revokeAllOfUser(target.id, transaction);
      return { email: params.email, suspended: true } satisfies SuspensionState;
    });
  });

  registerEndpoint(app, contract.suspension.desuspendUser, async ({ params }) => {
    const target = await unsuspendUserByEmail(database, params.email);
    if (!target) throw new ApiError(errorCodes.notFound, { params: { reason: 'user' } });
    return { email: params.email, suspended: false } satisfies SuspensionState;
  });
}
