import type { IntegrationProvider } from '@dcipher/shared/contract';
import type { IntegrationName } from '@dcipher/shared/validation';

/** What a provider gave for an authorization code. Tokens are secrets: never logged, never in error messages. */
export interface OAuthTokens {
  accessToken: string;
  /** Miro gives one; SurveyMonkey's tokens do not expire and come without. */
  refreshToken?: string;
  expiresAt?: Date;
  /** The Miro team the user authorized the app for. */
  teamId?: string;
  /** The provider's id of the user who authorized (Miro's `user_id`). */
  providerUserId?: string;
  scope?: string;
}

/**
 * A third-party tool users connect through OAuth 2 (authorization code grant): the one door to its token
 * endpoint. One HTTP implementation (`HttpOAuthProvider`) per provider, built from configuration by
 * `createOAuthProviders`; a provider without configuration has none.
 */
export interface OAuthProvider {
  readonly name: IntegrationProvider;
  /** The provider's name as users know it ("Miro"), for messages. */
  readonly displayName: IntegrationName;
  /**
   * Exchanges the code the consent page redirected back with. Rejects with AuthorizationCodeRejectedError when
   * the provider refuses the code, ProviderUnavailableError when it cannot be reached or answers nonsense.
   */
  exchangeCode(code: string): Promise<OAuthTokens>;
}

/** The provider refused the code (expired, used, or issued for another app or redirect URI). */
export class AuthorizationCodeRejectedError extends Error {
  constructor(
    readonly provider: IntegrationProvider,
    /** The provider's HTTP status and OAuth `error` code, for the log; never its whole body. */
    readonly detail: string,
  ) {
    super(`${provider} refused the authorization code (${detail})`);
    this.name = 'AuthorizationCodeRejectedError';
  }
}

/** No usable answer: a network failure, a timeout, a server error, or a body without an access token. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: IntegrationProvider,
    readonly detail: string,
  ) {
    super(`${provider} token endpoint failed (${detail})`);
    this.name = 'ProviderUnavailableError';
  }
}
