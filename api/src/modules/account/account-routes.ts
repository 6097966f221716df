import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { UnauthorizedError } from '../../http/api-error.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { findAccount } from '../people/account-repository.js';

export function registerAccountRoutes(app: FastifyInstance, database: Database): void {
  registerEndpoint(app, contract.account.getAccount, async (_input, { user }) => {
    const account = await findAccount(database, user.id);
    // The user was there a moment ago when the token was checked; gone now means signed out.
    if (!account) throw new UnauthorizedError();
    return account;
  });
}
