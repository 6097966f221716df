import { apiModule } from '../../http/api-module.js';
import { registerContactRoutes } from './contact-routes.js';

/** The site's contact forms. */
export const contactModule = apiModule({
  name: 'contact',
  routes: (scope) => registerContactRoutes(scope, scope.database, scope.rateLimiter, scope.mailer),
});
