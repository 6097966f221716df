import { apiModule } from '../../http/api-module.js';
import { apiKeyOf, registerApiKeyRoutes } from './api-key-routes.js';
import { type ApiKeyService, createApiKeyService } from './api-key-service.js';
import { createResearchBotTokens } from './research-bot-tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeyService;
  }
}

/** API keys and research-bot tokens, and the check of a request's key that routes accepting keys go through. */
export const apiKeyModule = apiModule({
  name: 'api-keys',
  provide: (app) => {
    const apiKeys = createApiKeyService({
      database: app.database,
      researchBotTokens: createResearchBotTokens(app.signingKeys),
    });
    app.decorate('apiKeyOf', apiKeyOf);
    app.decorate('authenticateApiKey', (secret: string) => apiKeys.authenticate(secret));
    app.decorate('apiKeys', apiKeys);
  },
  routes: (scope) => registerApiKeyRoutes(scope, scope.apiKeys),
});
