import { apiModule } from '../../http/api-module.js';
import { registerAccountRoutes } from './account-routes.js';
import { createAccountService } from './account-service.js';
import { personalDataSections } from './personal-data-sections.js';

/** The person's own account: profile, personal-data export, deleting the account or the organization. */
export const accountModule = apiModule({
  name: 'account',
  dependencies: ['email-change'],
  routes: (scope) =>
    registerAccountRoutes(
      scope,
      createAccountService({
        database: scope.database,
        emailChange: scope.emailChange,
        personalDataSections,
      }),
    ),
});
