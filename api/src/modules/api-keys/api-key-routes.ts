import { apiKeyHeader, contract } from '@dcipher/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { RateLimitRule } from '../abuse/rate-limiter.js';
import type { ApiKeyService } from './api-key-service.js';

const endpoints = contract.apiKeys;

/** Exchanging research-bot keys: 60 per IP address per 10 minutes; a bot needs one every 5 minutes. */
export const researchBotAuthorizeLimit: RateLimitRule = {
  bucket: endpoints.authorizeResearchBot.operation,
  limit: 60,
  windowSeconds: 10 * 60,
};

const apiKeyAuthorization = /^ApiKey\s+(\S+)$/i;

/** The key a request carries: `X-API-Key: <secret>` or `Authorization: ApiKey <secret>`. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[apiKeyHeader.toLowerCase()];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  return apiKeyAuthorization.exec(request.headers.authorization ?? '')?.[1];
}

export function registerApiKeyRoutes(app: FastifyInstance, apiKeys: ApiKeyService): void {
  for (const [kind, set] of [
    [
      'general',
      {
        list: endpoints.listApiKeys,
        create: endpoints.createApiKey,
        update: endpoints.updateApiKey,
        revoke: endpoints.revokeApiKey,
      },
    ],
    [
      'research-bot',
      {
        list: endpoints.listResearchBotApiKeys,
        create: endpoints.createResearchBotApiKey,
        update: endpoints.updateResearchBotApiKey,
        revoke: endpoints.revokeResearchBotApiKey,
      },
    ],
  ] as const) {
    registerEndpoint(app, set.list, async (_input, { user }) => ({
      keys: await apiKeys.list(user.organizationId, kind),
    }));
    registerEndpoint(app, set.create, ({ body }, { user }) =>
      apiKeys.create({ organizationId: user.organizationId, userId: user.id }, kind, body.name),
    );
    registerEndpoint(app, set.update, ({ body }, { user }) =>
      apiKeys.update({ organizationId: user.organizationId, userId: user.id }, kind, body),
    );
    registerEndpoint(app, set.revoke, async ({ query }, { user }) => {
      await apiKeys.revoke({ organizationId: user.organizationId, userId: user.id }, kind, query.id);
      return { revoked: true } as const;
    });
  }

  registerEndpoint(
    app,
    endpoints.authorizeResearchBot,
    async ({ body }, { request }) => {
      return apiKeys.authorizeResearchBot(body.apiKey || apiKeyOf(request));
    },
    { rateLimits: [{ ...researchBotAuthorizeLimit, per: 'ip' }] },
  );

  registerEndpoint(app, endpoints.getResearchBotAccessToken, (_input, { user }) =>
    apiKeys.researchBotTokenFor(user),
  );
}
