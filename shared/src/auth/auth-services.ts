// The heavy half of the auth store (HTTP client, contract schemas, JWT verification), loaded on first need so
// anonymous visitors of content pages never download it.
import { type ApiClient, createApiClient } from '../client/api-client.js';
import { ApiError } from '../client/api-error.js';
// Area by area, not the contract's index: this chunk calls four areas' endpoints, not all 122 (0052).
import type {
  ChangePasswordInput,
  Credentials,
  LoginResult,
  TokenPair,
  TwoFactorLoginInput,
} from '../contract/auth.js';
import * as auth from '../contract/auth.js';
import { errorCodes } from '../contract/errors.js';
import type { AcceptInvitationInput } from '../contract/invitations.js';
import * as invitations from '../contract/invitations.js';
import type { EmailVerified } from '../contract/registration.js';
import * as registration from '../contract/registration.js';
import type { SsoCallbackInput } from '../contract/sso.js';
import * as sso from '../contract/sso.js';
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
    login: (credentials) => api.call(auth.login, { body: credentials }),
    completeTwoFactorLogin: (input) => api.call(auth.completeTwoFactorLogin, { body: input }),
    twoFactorChallengeEnded: () =>
      new ApiError(accountSecurityMessages.challengeInvalid, 401, errorCodes.twoFactorChallengeInvalid),
    isTwoFactorChallengeEnded: (error) =>
      error instanceof ApiError && error.code === errorCodes.twoFactorChallengeInvalid,
    refresh: () => api.call(auth.refreshToken, { body: {} }),
    changePassword: (input) => api.call(auth.changePassword, { body: input }),
    acceptInvitation: (input) => api.call(invitations.acceptInvitation, { body: input }),
    completeSsoLogin: (input) => api.call(sso.completeSsoLogin, { body: input }),
    verifyEmail: (token) => api.call(registration.verifyEmail, { body: { token } }),
    async logout() {
      // Only this browser's session: access tokens name their session, so the server can end just that one.
      await api.call(auth.logout, { body: { isForced: false } });
    },
  };
}
