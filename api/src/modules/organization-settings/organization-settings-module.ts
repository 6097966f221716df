import { apiModule } from '../../http/api-module.js';
import { registerOrganizationSettingsRoutes } from './organization-settings-routes.js';

/** The organization's settings (name, two-step requirement…). */
export const organizationSettingsModule = apiModule({
  name: 'organization-settings',
  dependencies: ['identity'],
  routes: (scope) => registerOrganizationSettingsRoutes(scope, scope.database, scope.twoFactor),
});
