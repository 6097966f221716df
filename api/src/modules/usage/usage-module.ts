import { apiModule } from '../../http/api-module.js';
import { registerUsageRoutes } from './usage-routes.js';
import { createUsageService, type UsageService } from './usage-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Usage against the plan's quotas: what runs are checked and counted against. */
    usage: UsageService;
  }
}

/** Usage against the plan's quotas and the add-ons. */
export const usageModule = apiModule({
  name: 'usage',
  provide: (app) => {
    app.decorate(
      'usage',
      createUsageService({ database: app.database, mailer: app.mailer, webUrl: app.config.webUrl }),
    );
  },
  routes: (scope) => registerUsageRoutes(scope, scope.usage),
});
