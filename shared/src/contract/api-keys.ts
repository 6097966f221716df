import * as v from 'valibot';
import { ssoMessages, tooLong, validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/**
 * API keys (docs/decisions/0037). A key belongs to the organization and acts as the admin who created it, with
 * that admin's current role, on the endpoints that declare `acceptsApiKey` only. A research-bot key does one
 * thing: it is exchanged at `POST /research-bot/authorize` for a short-lived token only the research bot takes.
 * The secret is answered once, when the key is created or rotated; only its SHA-256 is stored.
 */

export const apiKeyKinds = ['general', 'research-bot'] as const;
export type ApiKeyKind = (typeof apiKeyKinds)[number];

/** How a key's secret starts, per kind: says what it is when it turns up in a log or a repository. */
export const apiKeySecretPrefixes: Readonly<Record<ApiKeyKind, string>> = {
  general: 'dcp_live_',
  'research-bot': 'dcp_bot_',
};

/** The header a key travels in (`Authorization: ApiKey <secret>` works too). */
export const apiKeyHeader = 'X-API-Key';
export const apiKeyNameMaxLength = 100;
export const apiKeysMaxCount = 20;

const keyName = v.pipe(
  v.string(ssoMessages.apiKeyNameRequired),
  v.trim(),
  v.nonEmpty(ssoMessages.apiKeyNameRequired),
  v.maxLength(apiKeyNameMaxLength, tooLong(apiKeyNameMaxLength)),
);
const keyId = v.pipe(v.string(validationMessages.required), v.uuid(ssoMessages.apiKeyNotFound));

export const ApiKeySchema = v.object({
  id: v.string(),
  kind: v.picklist(apiKeyKinds),
  name: v.string(),
  /** The secret's first characters (`dcp_live_AbCd`), so a key can be recognised; never the whole secret. */
  prefix: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  /** Who created the key: it acts as them. */
  createdBy: v.object({ name: v.string(), email: v.string() }),
  lastUsedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  rotatedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
});
export type ApiKey = v.InferOutput<typeof ApiKeySchema>;

export const ApiKeyListSchema = v.object({ keys: v.array(ApiKeySchema) });
export type ApiKeyList = v.InferOutput<typeof ApiKeyListSchema>;

/** A key and, once only (created or rotated), its whole secret. */
export const IssuedApiKeySchema = v.object({ key: ApiKeySchema, secret: v.string() });
export type IssuedApiKey = v.InferOutput<typeof IssuedApiKeySchema>;

export const CreateApiKeyInputSchema = v.object({ name: keyName });
export type CreateApiKeyInput = v.InferInput<typeof CreateApiKeyInputSchema>;

/** Rename (`name`) or rotate (`rotate: true`, which answers the new secret and stops the old one at once). */
export const UpdateApiKeyInputSchema = v.pipe(
  v.object({
    id: keyId,
    name: v.optional(keyName),
    rotate: v.optional(v.boolean()),
  }),
  v.check((input) => input.name !== undefined || input.rotate === true, 'Give a new name or rotate: true.'),
);
export type UpdateApiKeyInput = v.InferInput<typeof UpdateApiKeyInputSchema>;

export const UpdatedApiKeySchema = v.object({ key: ApiKeySchema, secret: v.optional(v.string()) });
export type UpdatedApiKey = v.InferOutput<typeof UpdatedApiKeySchema>;

export const ApiKeyIdQuerySchema = v.object({ id: keyId });

const permission = (action: 'create' | 'read' | 'update' | 'delete') =>
  ({ resource: 'api-key', action }) as const;

const endpointsFor = <const TKind extends ApiKeyKind>(
  kind: TKind,
  path: TKind extends 'general' ? '/api-key' : '/api-key/research-bot',
  label: string,
  names: { list: string; create: string; update: string; revoke: string },
) => ({
  list: defineEndpoint({
    operation: names.list,
    errors: [],
    summary: `The organization's ${label}, without their secrets (admins only)`,
    method: 'GET',
    path,
    auth: 'bearer',
    permission: permission('read'),
    response: ApiKeyListSchema,
  }),
  create: defineEndpoint({
    operation: names.create,
    errors: [],
    summary: `Create a named ${label.replace(/s$/, '')}; its secret is answered this once (admins only)`,
    method: 'POST',
    path,
    auth: 'bearer',
    permission: permission('create'),
    body: { name: 'createApiKeyInput', schema: CreateApiKeyInputSchema },
    response: IssuedApiKeySchema,
    successStatus: 201,
  }),
  update: defineEndpoint({
    operation: names.update,
    errors: ['NOT_FOUND'],
    summary: `Rename or rotate a ${label.replace(/s$/, '')}; rotating answers the new secret once and stops the old one (admins only)`,
    method: 'PUT',
    path,
    auth: 'bearer',
    permission: permission('update'),
    body: { name: 'updateApiKeyInput', schema: UpdateApiKeyInputSchema },
    response: UpdatedApiKeySchema,
  }),
  revoke: defineEndpoint({
    operation: names.revoke,
    errors: ['NOT_FOUND'],
    summary: `Revoke a ${label.replace(/s$/, '')}: it stops working at once (admins only)`,
    method: 'DELETE',
    path,
    auth: 'bearer',
    permission: permission('delete'),
    query: ApiKeyIdQuerySchema,
    response: v.object({ revoked: v.literal(true) }),
  }),
  kind,
});

export const generalApiKeyEndpoints = endpointsFor('general', '/api-key', 'API keys', {
  list: 'listApiKeys',
  create: 'createApiKey',
  update: 'updateApiKey',
  revoke: 'revokeApiKey',
});
export const researchBotApiKeyEndpoints = endpointsFor(
  'research-bot',
  '/api-key/research-bot',
  'research bot keys',
  {
    list: 'listResearchBotApiKeys',
    create: 'createResearchBotApiKey',
    update: 'updateResearchBotApiKey',
    revoke: 'revokeResearchBotApiKey',
  },
);

/** The research bot's token: a JWT with audience `dcipher-research-bot`, which no other endpoint accepts. */
export const researchBotTokenAudience = 'dcipher-research-bot';
export const researchBotTokenType = 'research-bot+jwt';

export const ResearchBotTokenSchema = v.object({
  accessToken: v.string(),
  tokenType: v.literal('Bearer'),
  /** Seconds until it expires. */
  expiresIn: v.number(),
  audience: v.literal(researchBotTokenAudience),
});
export type ResearchBotToken = v.InferOutput<typeof ResearchBotTokenSchema>;

/** The key may come in the body or in the `X-API-Key` header. */
export const ResearchBotAuthorizeInputSchema = v.object({
  apiKey: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, tooLong(200)))),
});

export const authorizeResearchBot = defineEndpoint({
  operation: 'authorizeResearchBot',
  errors: ['API_KEY_INVALID'],
  summary:
    'Exchange a research-bot key (X-API-Key header or apiKey) for a short-lived token the research bot alone accepts',
  method: 'POST',
  path: '/research-bot/authorize',
  auth: 'public',
  body: { name: 'researchBotAuthorizeInput', schema: ResearchBotAuthorizeInputSchema },
  response: ResearchBotTokenSchema,
});

export const getResearchBotAccessToken = defineEndpoint({
  operation: 'getResearchBotAccessToken',
  errors: [],
  summary: 'A short-lived research-bot token for the signed-in user',
  method: 'GET',
  path: '/research-bot/access-token',
  auth: 'bearer',
  permission: 'signed-in',
  response: ResearchBotTokenSchema,
});
