import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../client/api-client.js';
import type {
  AcceptInvitationInput,
  ChangePasswordInput,
  Credentials,
  SsoCallbackInput,
  TokenPair,
} from '../contract/index.js';
import type { AccessTokenClaims } from './access-token-claims.js';
import type { AuthServices } from './auth-services.js';
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
  /** Sets a new password; every other session ends and this one continues with the new tokens. */
  changePassword(input: ChangePasswordInput): Promise<void>;
  /** Accepts an invitation (names and password chosen) and signs the new member in; throws an ApiError. */
  acceptInvitation(input: AcceptInvitationInput): Promise<void>;
  /** Finishes a single sign-on (the code and state the identity provider sent back); throws an ApiError. */
  completeSsoLogin(input: SsoCallbackInput): Promise<void>;
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

let configuration: AuthConfiguration | undefined;
let storage: TokenStorage | undefined;
let servicesPromise: Promise<AuthServices> | undefined;
let initializing: Promise<void> | undefined;
let refreshing: Promise<string | undefined> | undefined;

function requireStorage(): TokenStorage {
  if (!storage) throw new Error('configureAuth() must run before the auth store is used');
  return storage;
}

/** The HTTP client and JWT verification load on first need (not for anonymous visitors of content pages). */
function services(): Promise<AuthServices> {
  const current = configuration;
  if (!current) return Promise.reject(new Error('configureAuth() must run before the auth store is used'));
  servicesPromise ??= import('./auth-services.js').then(({ createAuthServices }) =>
    createAuthServices({
      apiBaseUrl: current.apiBaseUrl,
      publicKeyPem: current.publicKeyPem,
      fetch: current.fetch,
      storage: requireStorage(),
      refreshAccessToken: () => refreshAccessToken(),
    }),
  );
  return servicesPromise;
}

const signedOut = { status: 'anonymous' as const, claims: undefined, requiresPasswordChange: false };

let refreshAccessToken: () => Promise<string | undefined> = async () => undefined;

/** The one auth store. Host and remote share this module as a singleton, so they share this state. */
export const authStore = createStore<AuthState>()((set) => {
  async function adopt(tokens: TokenPair): Promise<string> {
    const claims = await (await services()).verify(tokens.accessToken);
    requireStorage().save(tokens, tokens.refreshExpiresIn);
    set({
      status: 'authenticated',
      claims,
      requiresPasswordChange: tokens.requiresPasswordChange || claims.requiresPasswordChange,
    });
    return tokens.accessToken;
  }

  function refresh(): Promise<string | undefined> {
    refreshing ??= (async () => {
      const tokens = requireStorage();
      const { refreshToken } = tokens.read();
      if (!refreshToken) return undefined;
      try {
        return await adopt(await (await services()).refresh(refreshToken));
      } catch {
        tokens.clear();
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
        const { accessToken, refreshToken } = requireStorage().read();
        if (!accessToken && !refreshToken) return set(signedOut);
        try {
          if (!accessToken) throw new Error('no access token');
          const claims = await (await services()).verify(accessToken);
          set({ status: 'authenticated', claims, requiresPasswordChange: claims.requiresPasswordChange });
        } catch {
          await refresh();
        }
      })();
      return initializing;
    },

    async login(credentials) {
      await adopt(await (await services()).login(credentials));
    },

    async changePassword(input) {
      await adopt(await (await services()).changePassword(input));
    },

    async acceptInvitation(input) {
      await adopt(await (await services()).acceptInvitation(input));
    },

    async completeSsoLogin(input) {
      await adopt(await (await services()).completeSsoLogin(input));
    },

    async logout() {
      const tokens = requireStorage();
      try {
        if (tokens.read().accessToken) await (await services()).logout();
      } catch {
        // The local session ends whatever the server said; its refresh tokens expire on their own.
      } finally {
        tokens.clear();
        set(signedOut);
      }
    },
  };
});

/** Wires the store to the API; the host calls it once at start (the remote's standalone shell likewise). */
export function configureAuth(next: AuthConfiguration): void {
  configuration = next;
  storage = createTokenStorage({
    cookieDomain: next.cookieDomain,
    ...(next.storage ? { storage: next.storage } : {}),
    ...(next.document ? { document: next.document } : {}),
  });
  servicesPromise = undefined;
  initializing = undefined;
}

/** The API's base URL the host configured (screens build URLs such as the captcha challenge from it). */
export function configuredApiBaseUrl(): string {
  if (!configuration) throw new Error('configureAuth() must run before the auth store is used');
  return configuration.apiBaseUrl.replace(/\/$/, '');
}

export function isAuthConfigured(): boolean {
  return configuration !== undefined;
}

/** The API client bound to the signed-in user, for calls the screens make. */
export function authenticatedApi(): ApiClient {
  return { call: async (endpoint, input) => (await services()).api.call(endpoint, input) };
}

/**
 * An API client that sends `accessToken` as the bearer instead of the session's: for sign-up's step 2, which adds
 * a card with the payment-setup token the sign-up answered, before anyone is signed in.
 */
export function apiWithToken(accessToken: string): ApiClient {
  return {
    call: async (endpoint, input) => {
      const { createApiClient } = await import('../client/api-client.js');
      return createApiClient({
        baseUrl: configuredApiBaseUrl(),
        getAccessToken: () => accessToken,
        ...(configuration?.fetch ? { fetch: configuration.fetch } : {}),
      }).call(endpoint, input);
    },
  };
}

/** React hook over the shared store. */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
