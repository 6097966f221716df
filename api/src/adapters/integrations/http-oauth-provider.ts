import type { IntegrationProvider } from '@dcipher/shared/contract';
import type { IntegrationName } from '@dcipher/shared/validation';
import type { OAuthClientSettings } from '../../config.js';
import {
  AuthorizationCodeRejectedError,
  type OAuthProvider,
  type OAuthTokens,
  ProviderUnavailableError,
} from './oauth-provider.js';

/** How long the token endpoint may take before the exchange counts as failed. */
export const tokenRequestTimeoutMilliseconds = 10_000;

/** The token endpoint's JSON, in the standard OAuth 2 names both Miro and SurveyMonkey use. */
interface TokenResponseBody {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  team_id?: unknown;
  user_id?: unknown;
  scope?: unknown;
  error?: unknown;
}

const text = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * The authorization-code exchange over HTTP: `POST tokenUrl` with the form fields `client_id`, `client_secret`,
 * `code`, `redirect_uri` and `grant_type=authorization_code` (RFC 6749 §4.1.3), as Miro
 * (https://api.miro.com/v1/oauth/token) and SurveyMonkey (https://api.surveymonkey.com/oauth/token) both take it.
 * A 4xx answer means the code was refused; anything else that is not a 2xx with an access token means the
 * provider is unavailable.
 */
export class HttpOAuthProvider implements OAuthProvider {
  constructor(
    readonly name: IntegrationProvider,
    readonly displayName: IntegrationName,
    private readonly settings: OAuthClientSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async exchangeCode(code: string): Promise<OAuthTokens> {
    const form = new URLSearchParams({
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      code,
      redirect_uri: this.settings.redirectUri,
      grant_type: 'authorization_code',
    });
    let response: Response;
    try {
      response = await this.fetchImpl(this.settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        redirect: 'error',
        signal: AbortSignal.timeout(tokenRequestTimeoutMilliseconds),
      });
    } catch (error) {
      // Only the error's kind: fetch's messages do not carry the form, but nothing here needs more.
      throw new ProviderUnavailableError(this.name, error instanceof Error ? error.name : 'request failed');
    }

    const body = (await response.json().catch(() => undefined)) as TokenResponseBody | undefined;
    if (response.status >= 400 && response.status < 500) {
      const oauthError = typeof body?.error === 'string' ? body.error.slice(0, 100) : 'no error code';
      throw new AuthorizationCodeRejectedError(this.name, `HTTP ${response.status}, ${oauthError}`);
    }
    const accessToken = text(body?.access_token);
    if (!response.ok || !accessToken) {
      throw new ProviderUnavailableError(
        this.name,
        response.ok ? 'no access_token in the answer' : `HTTP ${response.status}`,
      );
    }

    const expiresIn = Number(body?.expires_in);
    const tokens: OAuthTokens = { accessToken };
    const refreshToken = text(body?.refresh_token);
    const teamId = text(body?.team_id);
    const providerUserId = text(body?.user_id);
    const scope = text(body?.scope);
    if (refreshToken) tokens.refreshToken = refreshToken;
    if (Number.isFinite(expiresIn) && expiresIn > 0)
      tokens.expiresAt = new Date(Date.now() + expiresIn * 1000);
    if (teamId) tokens.teamId = teamId;
    if (providerUserId) tokens.providerUserId = providerUserId;
    if (scope) tokens.scope = scope;
    return tokens;
  }
}
