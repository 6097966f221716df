import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { type ApiClient, createApiClient } from '../client/api-client.js';
import { type Credentials, contract } from '../contract/index.js';
import type { AccessTokenClaims } from './access-token-claims.js';
import { type AccessTokenVerifier, createAccessTokenVerifier } from './access-token-verifier.js';
import { createTokenStorage, type TokenStorage, type TokenStorageOptions } from './token-storage.js';

export type AuthStatus = 'authenticating' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  claims: AccessTokenClaims | undefined;
  requiresPasswordChange: boolean;
  /** Checks the stored tokens (refreshing an expired access token); safe to call more than once. */
  initialize(): Promise<void>;
  /** Signs in; throws an ApiError whose message is ready to show. */
  login(credentials: Credentials): Promise<void>;
  /** Tells the server (forced), then clears tokens and state whatever the server answered. */
  logout(): Promise<void>;
}

export interface AuthConfiguration {
  apiBaseUrl: string;
  cookieDomain: string;
  /** PEM public key; when absent, the API's JWKS is used. */
  publicKeyPem?: string;
  fetch?: typeof fetch;
  /** Where tokens are kept; the browser's localStorage and document.cookie unless given. */
  storage?: TokenStorageOptions['storage'];
  document?: TokenStorageOptions['document'];
}

interface AuthServices {
  api: ApiClient;
  storage: TokenStorage;
  verify: AccessTokenVerifier;
}

let services: AuthServices | undefined;
let initializing: Promise<void> | undefined;
let refreshing: Promise<string | undefined> | undefined;
/** Set by the store below; the API client calls it once when an (A) endpoint answers 401. */
let refreshAccessToken: () => Promise<string | undefined> = async () => undefined;

function requireServices(): AuthServices {
  if (!services) throw new Error('configureAuth() must run before the auth store is used');
  return services;
}

const signedOut = { status: 'anonymous' as const, claims: undefined, requiresPasswordChange: false };

/** The one auth store. Host and remote share this module as a singleton, so they share this state. */
export const authStore = createStore<AuthState>()((set) => {
  async function adopt(tokens: {
    accessToken: string;
    refreshToken: string;
    refreshExpiresIn: number;
    requiresPasswordChange: boolean;
  }) {
    const { storage, verify } = requireServices();
    const claims = await verify(tokens.accessToken);
    storage.save(tokens, tokens.refreshExpiresIn);
    set({
      status: 'authenticated',
      claims,
      requiresPasswordChange: tokens.requiresPasswordChange || claims.requiresPasswordChange,
    });
    return tokens.accessToken;
  }

  async function refresh(): Promise<string | undefined> {
    refreshing ??= (async () => {
      const { api, storage } = requireServices();
      const { refreshToken } = storage.read();
      if (!refreshToken) return undefined;
      try {
        return await adopt(await api.call(contract.auth.refreshToken, { body: { refreshToken } }));
      } catch {
        storage.clear();
        set(signedOut);
        return undefined;
      }
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }
  refreshAccessToken = refresh;

  return {
    status: 'authenticating',
    claims: undefined,
    requiresPasswordChange: false,

    initialize() {
      initializing ??= (async () => {
        const { storage, verify } = requireServices();
        const { accessToken, refreshToken } = storage.read();
        if (!accessToken && !refreshToken) return set(signedOut);
        try {
          if (!accessToken) throw new Error('no access token');
          const claims = await verify(accessToken);
          set({ status: 'authenticated', claims, requiresPasswordChange: claims.requiresPasswordChange });
        } catch {
          await refresh();
        }
      })();
      return initializing;
    },

    async login(credentials) {
      const { api } = requireServices();
      await adopt(await api.call(contract.auth.login, { body: credentials }));
    },

    async logout() {
      const { api, storage } = requireServices();
      try {
        if (storage.read().accessToken) await api.call(contract.auth.logout, { body: { isForced: true } });
      } catch {
        // The local session ends whatever the server said; its refresh tokens expire on their own.
      } finally {
        storage.clear();
        set(signedOut);
      }
    },
  };
});

/** Wires the store to the API; the host calls it once at start (the remote's standalone shell likewise). */
export function configureAuth(configuration: AuthConfiguration): void {
  const storage = createTokenStorage({
    cookieDomain: configuration.cookieDomain,
    ...(configuration.storage ? { storage: configuration.storage } : {}),
    ...(configuration.document ? { document: configuration.document } : {}),
  });
  const apiBaseUrl = configuration.apiBaseUrl.replace(/\/$/, '');
  services = {
    storage,
    verify: createAccessTokenVerifier(
      configuration.publicKeyPem
        ? { publicKeyPem: configuration.publicKeyPem }
        : { jwksUrl: `${apiBaseUrl}/.well-known/jwks.json` },
    ),
    api: createApiClient({
      baseUrl: apiBaseUrl,
      getAccessToken: () => storage.read().accessToken,
      refreshAccessToken: () => refreshAccessToken(),
      ...(configuration.fetch ? { fetch: configuration.fetch } : {}),
    }),
  };
  initializing = undefined;
}

export function isAuthConfigured(): boolean {
  return services !== undefined;
}

/** The API client bound to the signed-in user, for calls the screens make. */
export function authenticatedApi(): ApiClient {
  return requireServices().api;
}

/** React hook over the shared store. */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
