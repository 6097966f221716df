import { apiModule } from '../../http/api-module.js';
import { registerSuspensionRoutes } from './suspension-routes.js';

/** Suspending and reinstating members; a suspension signs them out at once. */
export const suspensionModule = apiModule({
  name: 'suspension',
  dependencies: ['identity'],
  routes: (scope) => registerSuspensionRoutes(scope, scope.database, scope.refreshTokens),
});
