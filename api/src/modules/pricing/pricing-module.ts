import { apiModule } from '../../http/api-module.js';
import { registerPricingRoutes } from './pricing-routes.js';

/** Plans and pay-as-you-go prices, public. */
export const pricingModule = apiModule({
  name: 'pricing',
  routes: (scope) => registerPricingRoutes(scope, scope.database),
});
