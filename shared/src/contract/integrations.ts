import * as v from 'valibot';
import { tooLong, validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/** The third-party tools whose OAuth codes the API exchanges, as they appear in paths and in storage. */
export const integrationProviders = ['miro', 'surveymonkey'] as const;
export type IntegrationProvider = (typeof integrationProviders)[number];

const requiredQueryValue = (maxLength: number) =>
  v.pipe(
    v.string(validationMessages.required),
    v.trim(),
    v.nonEmpty(validationMessages.required),
    v.maxLength(maxLength, tooLong(maxLength)),
  );

/** The `code` the provider's consent page redirected back with. */
export const AuthCodeQuerySchema = v.object({ authCode: requiredQueryValue(2048) });

export const LatestMiroTokenQuerySchema = v.object({
  userId: requiredQueryValue(100),
  teamId: requiredQueryValue(200),
});

/**
 * A user's access token for a provider, for the client to call that provider with. Never the refresh token,
 * which stays on the server. `expiresAt` is ISO 8601, or null when the provider gave no expiry; `teamId` is the
 * Miro team the token is for (null for SurveyMonkey).
 */
export const IntegrationAccessTokenSchema = v.object({
  provider: v.picklist(integrationProviders),
  accessToken: v.string(),
  expiresAt: v.nullable(v.string()),
  teamId: v.nullable(v.string()),
});
export type IntegrationAccessToken = v.InferOutput<typeof IntegrationAccessTokenSchema>;

// The spec lists these three without (A); they take the bearer token, as they store and return a user's
// third-party tokens (docs/decisions/0016).

export const exchangeMiroCode = defineEndpoint({
  operation: 'exchangeMiroCode',
  errors: ['INTEGRATION_NOT_CONFIGURED', 'INTEGRATION_CODE_REJECTED', 'INTEGRATION_UNAVAILABLE'],
  summary: "Exchange a Miro authorization code for an access token, saved as the caller's for its team",
  method: 'GET',
  path: '/auth/miro/accessToken',
  auth: 'bearer',
  permission: 'signed-in',
  query: AuthCodeQuerySchema,
  response: IntegrationAccessTokenSchema,
});

export const getLatestMiroAccessToken = defineEndpoint({
  operation: 'getLatestMiroAccessToken',
  errors: ['NOT_FOUND'],
  summary: "The caller's most recently saved Miro access token for a team (userId must be the caller's)",
  method: 'GET',
  path: '/auth/miro/latest-saved-access-token',
  auth: 'bearer',
  permission: 'signed-in',
  query: LatestMiroTokenQuerySchema,
  response: IntegrationAccessTokenSchema,
});

export const exchangeSurveyMonkeyCode = defineEndpoint({
  operation: 'exchangeSurveyMonkeyCode',
  errors: ['INTEGRATION_NOT_CONFIGURED', 'INTEGRATION_CODE_REJECTED', 'INTEGRATION_UNAVAILABLE'],
  summary: "Exchange a SurveyMonkey authorization code for an access token, saved as the caller's",
  method: 'GET',
  path: '/auth/surveymonkey/accessToken',
  auth: 'bearer',
  permission: 'signed-in',
  query: AuthCodeQuerySchema,
  response: IntegrationAccessTokenSchema,
});
