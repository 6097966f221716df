import { contract, type IntegrationProvider } from '@dcipher/shared/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OAuthProviders } from '../../adapters/integrations/create-oauth-providers.js';
import { integrationDisplayNames } from '../../adapters/integrations/create-oauth-providers.js';
import {
  AuthorizationCodeRejectedError,
  ProviderUnavailableError,
} from '../../adapters/integrations/oauth-provider.js';
import type { Queryable } from '../../db/database.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimiter, RateLimitRule } from '../abuse/rate-limiter.js';
import {
  IntegrationCodeRejectedError,
  IntegrationNotConfiguredError,
  IntegrationUnavailableError,
  NoSavedIntegrationTokenError,
  OnlyOwnIntegrationTokensError,
} from './integration-errors.js';
import { findIntegrationToken, saveIntegrationTokens } from './integration-token-repository.js';

const endpoints = contract.integrations;

/**
 * Code exchanges: 10 per user per provider per 10 minutes (a 429). Connecting a tool takes one; each costs a
 * request to the provider, which must not be hammered through us.
 */
export const codeExchangesPerUserLimit = (provider: IntegrationProvider): RateLimitRule => ({
  bucket: `oauth-code-exchange-${provider}`,
  limit: 10,
  windowSeconds: 10 * 60,
});

/**
 * Miro and SurveyMonkey authorization codes exchanged for tokens, saved per user (and Miro team), and the saved
 * Miro token read back. Bearer only, although the spec does not mark them (A): they store and return a user's
 * third-party tokens (docs/decisions/0016). Answers carry the access token, so they are never cached; tokens,
 * codes and the client secret never reach the log (requests are logged by path only).
 */
export function registerIntegrationRoutes(
  app: FastifyInstance,
  database: Queryable,
  providers: OAuthProviders,
  rateLimiter: RateLimiter,
): void {
  async function exchange(
    providerName: IntegrationProvider,
    code: string,
    user: AuthenticatedUser,
    reply: FastifyReply,
  ) {
    const displayName = integrationDisplayNames[providerName];
    const provider = providers[providerName];
    if (!provider) throw new IntegrationNotConfiguredError(displayName);
    await rateLimiter.consume(codeExchangesPerUserLimit(providerName), user.id);
    let tokens: Awaited<ReturnType<typeof provider.exchangeCode>>;
    try {
      tokens = await provider.exchangeCode(code);
    } catch (error) {
      if (error instanceof AuthorizationCodeRejectedError) {
        app.log.warn({ provider: providerName, detail: error.detail }, 'authorization code refused');
        throw new IntegrationCodeRejectedError(displayName);
      }
      if (error instanceof ProviderUnavailableError) {
        app.log.error({ provider: providerName, detail: error.detail }, 'token endpoint failed');
        throw new IntegrationUnavailableError(displayName);
      }
      throw error;
    }
    reply.header('cache-control', 'no-store');
    return saveIntegrationTokens(database, user.id, providerName, tokens);
  }

  registerEndpoint(app, endpoints.exchangeMiroCode, ({ query }, { user, reply }) =>
    exchange('miro', query.authCode, user, reply),
  );

  registerEndpoint(app, endpoints.exchangeSurveyMonkeyCode, ({ query }, { user, reply }) =>
    exchange('surveymonkey', query.authCode, user, reply),
  );

  registerEndpoint(app, endpoints.getLatestMiroAccessToken, async ({ query }, { user, reply }) => {
    if (query.userId.toLowerCase() !== user.id) throw new OnlyOwnIntegrationTokensError('Miro');
    const saved = await findIntegrationToken(database, user.id, 'miro', query.teamId);
    if (!saved) throw new NoSavedIntegrationTokenError('Miro');
    reply.header('cache-control', 'no-store');
    return saved;
  });
}
