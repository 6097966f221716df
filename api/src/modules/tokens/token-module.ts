import { apiModule } from '../../http/api-module.js';
import { registerTokenRoutes } from './token-routes.js';

/** Token checks for other Dcipher services (`POST /verifyToken`), on identity's access tokens and sessions. */
export const tokenModule = apiModule({
  name: 'tokens',
  dependencies: ['identity'],
  routes: (scope) => registerTokenRoutes(scope, scope.accessTokens, scope.database, scope.refreshTokens),
});
