// The heavy half of the auth store (HTTP client, contract schemas, JWT verification), loaded on first need so
// anonymous visitors of content pages never download it.
import { type ApiClient, createApiClient } from '../client/api-client.js';
import {
  type AcceptInvitationInput,
  type ChangePasswordInput,
  type Credentials,
  contract,
  type SsoCallbackInput,
  type TokenPair,
} from '../contract/index.js';
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
  login(credentials: Credentials): Promise<TokenPair>;
  refresh(refreshToken: string): Promise<TokenPair>;
  changePassword(input: ChangePasswordInput): Promise<TokenPair>;
  acceptInvitation(input: AcceptInvitationInput): Promise<TokenPair>;
  completeSsoLogin(input: SsoCallbackInput): Promise<TokenPair>;
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
    refresh: (refreshToken) => api.call(contract.auth.refreshToken, { body: { refreshToken } }),
    changePassword: (input) => api.call(contract.auth.changePassword, { body: input }),
    acceptInvitation: (input) => api.call(contract.invitations.acceptInvitation, { body: input }),
    completeSsoLogin: (input) => api.call(contract.sso.completeSsoLogin, { body: input }),
    async logout() {
      await api.call(contract.auth.logout, { body: { isForced: true } });
    },
  };
}
