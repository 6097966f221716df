import { apiModule } from '../../http/api-module.js';
import { registerSystemRoutes } from './system-routes.js';

/** Health and the OpenAPI document. */
export const systemModule = apiModule({
  name: 'system',
  routes: (scope) => registerSystemRoutes(scope, scope.database),
});
