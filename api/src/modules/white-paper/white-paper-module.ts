import { apiModule } from '../../http/api-module.js';
import { registerWhitePaperRoutes } from './white-paper-routes.js';

/** White-paper downloads by email. */
export const whitePaperModule = apiModule({
  name: 'white-paper',
  routes: (scope) =>
    registerWhitePaperRoutes(scope, scope.database, scope.rateLimiter, scope.mailer, scope.config.webUrl),
});
