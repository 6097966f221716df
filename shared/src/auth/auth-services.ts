// The heavy half of the auth store (HTTP client, contract schemas, JWT verification), loaded on first need so
// anonymous visitors of content pages never download it.
import { type ApiClient, createApiClient } from '../client/api-client.js';
import { ApiError } from '../client/api-error.js';
import {
  type AcceptInvitationInput,
  type ChangePasswordInput,
  type Credentials,
  contract,
  type EmailVerified,
  errorCodes,
  type LoginResult,
  type SsoCallbackInput,
  type TokenPair,
  type TwoFactorLoginInput,
} from '../contract/index.js';
import { accountSecurityMessages } from '../validation/messages.js';
import type { AccessTokenClaims } from './access-token-claims.js';
import { createAccessTokenVerifier } from './access-token-verifier.js';
import type { TokenStorage } from './token-storage.js';

export interface AuthServicesConfiguration {
  apiBaseUrl: string;
  publicKeyPem?: string | undefined;
  fetch?: typeof fetch | undefined;
  storage: TokenStorage;
  refreshAccessToken: () => Promise<string | undefined>;
}

export interface AuthServices {
  api: ApiClient;
  verify(token: string): Promise<AccessTokenClaims>;
  login(credentials: Credentials): Promise<LoginResult>;
  completeTwoFactorLogin(input: TwoFactorLoginInput): Promise<TokenPair>;
  /** The error of a two-step challenge the server no longer takes (expired, used, out of tries). */
  twoFactorChallengeEnded(): ApiError;
  isTwoFactorChallengeEnded(error: unknown): boolean;
  /** Exchanges the session's HttpOnly refresh cookie (the browser sends it) for a new access token. */
  refresh(): Promise<TokenPair>;
  changePassword(input: ChangePasswordInput): Promise<TokenPair>;
  acceptInvitation(input: AcceptInvitationInput): Promise<TokenPair>;
  completeSsoLogin(input: SsoCallbackInput): Promise<LoginResult>;
  verifyEmail(token: string): Promise<EmailVerified>;
  logout(): Promise<void>;
}

export function createAuthServices(configuration: AuthServicesConfiguration): AuthServices {
  const apiBaseUrl = configuration.apiBaseUrl.replace(/\/$/, '');
  const verify = createAccessTokenVerifier(
    configuration.publicKeyPem
      ? { publicKeyPem: configuration.publicKeyPem }
      : { jwksUrl: `${apiBaseUrl}/.well-known/jwks.json` },
  );
  const api = createApiClient({
    baseUrl: apiBaseUrl,
    getAccessToken: () => configuration.storage.read().accessToken,
    refreshAccessToken: configuration.refreshAccessToken,
    ...(configuration.fetch ? { fetch: configuration.fetch } : {}),
  });
  return {
    api,
    verify,
    login: (credentials) => api.call(contract.auth.login, { body: credentials }),
    completeTwoFactorLogin: (input) => api.call(contract.auth.completeTwoFactorLogin, { body: input }),
    twoFactorChallengeEnded: () =>
      new ApiError(accountSecurityMessages.challengeInvalid, 401, errorCodes.twoFactorChallengeInvalid),
    isTwoFactorChallengeEnded: (error) =>
      error instanceof ApiError && error.code === errorCodes.twoFactorChallengeInvalid,
    refresh: () => api.call(contract.auth.refreshToken, { body: {} }),
    changePassword: (input) => api.call(contract.auth.changePassword, { body: input }),
    acceptInvitation: (input) => api.call(contract.invitations.acceptInvitation, { body: input }),
    completeSsoLogin: (input) => api.call(contract.sso.completeSsoLogin, { body: input }),
    verifyEmail: (token) => api.call(contract.registration.verifyEmail, { body: { token } }),
    async logout() {
      // Only this browser's session: access tokens name their session, so the server can end just that one.
      await api.call(contract.auth.logout, { body: { isForced: false } });
    },
  };
}
