import { apiModule } from '../../http/api-module.js';
import { registerCreditRoutes } from './credit-routes.js';

/** The credit wallet: packages, balance, buying credits. */
export const creditModule = apiModule({
  name: 'credits',
  dependencies: ['subscriptions'],
  routes: (scope) => registerCreditRoutes(scope, scope.database, scope.subscriptions),
});
