import { apiModule } from '../../http/api-module.js';
import { registerUsageRoutes } from './usage-routes.js';
import { createUsageService } from './usage-service.js';

/** Usage against the plan's quotas and the add-ons. */
export const usageModule = apiModule({
  name: 'usage',
  routes: (scope) =>
    registerUsageRoutes(
      scope,
      createUsageService({ database: scope.database, mailer: scope.mailer, webUrl: scope.config.webUrl }),
    ),
});
