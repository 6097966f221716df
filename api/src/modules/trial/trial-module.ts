import { apiModule } from '../../http/api-module.js';
import { registerTrialRoutes } from './trial-routes.js';
import { createTrialService, type TrialService } from './trial-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trial's reactivation emails and links. */
    trial: TrialService;
  }
}

/** The trial's reactivation emails and links. */
export const trialModule = apiModule({
  name: 'trial',
  provide: (app) => {
    app.decorate(
      'trial',
      createTrialService({
        database: app.database,
        mailer: app.mailer,
        webUrl: app.config.webUrl,
        log: app.log,
      }),
    );
  },
  routes: (scope) => registerTrialRoutes(scope, scope.trial),
});
