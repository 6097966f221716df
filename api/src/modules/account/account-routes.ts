import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { AccountService } from './account-service.js';

export function registerAccountRoutes(app: FastifyInstance, account: AccountService): void {
  registerEndpoint(app, contract.account.getAccount, (_input, { user }) => account.getAccount(user.id));

  registerEndpoint(app, contract.account.updateAccount, ({ body }, { user }) =>
    account.updateAccount(user, body),
  );

  registerEndpoint(app, contract.account.exportAccountData, async (_input, { user, reply }) => {
    const document = await account.exportPersonalData(user);
    // Personal data: a download, never kept by a browser or proxy cache.
    reply.header('cache-control', 'no-store');
    reply.header(
      'content-disposition',
      `attachment; filename="dcipher-data-${document.exportedAt.slice(0, 10)}.json"`,
    );
    return document;
  });

  registerEndpoint(app, contract.account.getDeletionImpact, (_input, { user, reply }) => {
    reply.header('cache-control', 'no-store');
    return account.deletionImpact(user);
  });
  registerEndpoint(app, contract.account.deleteAccount, async ({ body }, { user }) => {
    await account.deleteAccount(user, body.confirmEmail);
    return { deleted: true };
  });

  registerEndpoint(app, contract.organization.deleteOrganization, async ({ body }, { user }) => {
    await account.deleteOrganization(user, body.confirmName);
    return { deleted: true };
  });
}
