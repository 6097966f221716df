import { apiModule } from '../../http/api-module.js';
import { createUserCache } from '../identity/user-changes.js';
import { findAccount } from '../people/account-repository.js';
import { registerAccountRoutes } from './account-routes.js';
import { type AccountService, createAccountService } from './account-service.js';
import { personalDataSections } from './personal-data-sections.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The person's own account: profile, personal-data export, deleting the account or the organization. */
    account: AccountService;
  }
}

/** The person's own account: profile, personal-data export, deleting the account or the organization. */
export const accountModule = apiModule({
  name: 'account',
  dependencies: ['identity', 'email-change'],
  provide: (app) => {
    const { database } = app;
    // The most frequent signed-in read (every screen load): remembered until a change to the person (decision 0069).
    const accounts = createUserCache(app.userChanges, { load: (userId) => findAccount(database, userId) });
    app.decorate(
      'account',
      createAccountService({
        database,
        emailChange: app.emailChange,
        personalDataSections,
        accounts,
        mailer: app.mailer,
        log: app.log,
      }),
    );
  },
  routes: (scope) => registerAccountRoutes(scope, scope.account),
});
