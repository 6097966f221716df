import { createOAuthProviders } from '../../adapters/integrations/create-oauth-providers.js';
import { apiModule } from '../../http/api-module.js';
import { registerIntegrationRoutes } from './integration-routes.js';

/** Connected integrations (OAuth providers). */
export const integrationModule = apiModule({
  name: 'integrations',
  routes: (scope) =>
    registerIntegrationRoutes(
      scope,
      scope.database,
      createOAuthProviders(scope.config.integrations),
      scope.rateLimiter,
    ),
});
