import { apiModule } from '../../http/api-module.js';
import { createUserCache } from '../identity/user-changes.js';
import { findAccount } from '../people/account-repository.js';
import { registerAccountRoutes } from './account-routes.js';
import { createAccountService } from './account-service.js';
import { personalDataSections } from './personal-data-sections.js';

/** The person's own account: profile, personal-data export, deleting the account or the organization. */
export const accountModule = apiModule({
  name: 'account',
  dependencies: ['identity', 'email-change'],
  routes: (scope) => {
    const { database } = scope;
    // The most frequent signed-in read (every screen load): remembered until a change to the person (decision 0069).
    const accounts = createUserCache(scope.userChanges, { load: (userId) => findAccount(database, userId) });
    registerAccountRoutes(
      scope,
      createAccountService({
        database,
        emailChange: scope.emailChange,
        personalDataSections,
        accounts,
        mailer: scope.mailer,
        log: scope.log,
      }),
    );
  },
});
