import { apiModule } from '../../http/api-module.js';
import { registerTrialRoutes } from './trial-routes.js';
import { createTrialService } from './trial-service.js';

/** The trial's reactivation emails and links. */
export const trialModule = apiModule({
  name: 'trial',
  routes: (scope) =>
    registerTrialRoutes(
      scope,
      createTrialService({
        database: scope.database,
        mailer: scope.mailer,
        webUrl: scope.config.webUrl,
        log: scope.log,
      }),
    ),
});
