import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../client/api-client.js';
import type {
  AcceptInvitationInput,
  ChangePasswordInput,
  Credentials,
  LoginResult,
  SsoCallbackInput,
  TokenPair,
} from '../contract/index.js';
import type { AccessTokenClaims } from './access-token-claims.js';
import type { AuthServices } from './auth-services.js';
import { createTokenStorage, type TokenStorage, type TokenStorageOptions } from './token-storage.js';

export type AuthStatus = 'authenticating' | 'authenticated' | 'anonymous';

/**
 * A sign-in whose first step (password or SSO) succeeded for an account with two-step verification: the screen
 * asks for the code and calls `completeTwoFactor`. Kept in memory only, for 5 minutes (docs/decisions/0025).
 */
export interface PendingTwoFactorChallenge {
  challengeToken: string;
  /** Epoch milliseconds after which the server refuses the challenge; the screen starts over from the login. */
  expiresAt: number;
}

/** What a first sign-in step led to: signed in, or a code is needed (`twoFactorChallenge` is then set). */
export interface SignInStep {
  twoFactorRequired: boolean;
}

/** The second step's proof: the authenticator app's current code, or one of the recovery codes. */
export type TwoFactorProof = { code: string } | { recoveryCode: string };
export interface AuthState {
  status: AuthStatus;
  claims: AccessTokenClaims | undefined;
  requiresPasswordChange: boolean;
  /** Set while a sign-in waits for its two-step code; status stays `anonymous` until it is given. */
  twoFactorChallenge: PendingTwoFactorChallenge | undefined;
  /** Checks the stored tokens (refreshing an expired access token); safe to call more than once. */
  initialize(): Promise<void>;
  /**
   * Signs in; throws an ApiError whose message is ready to show. With two-step verification on, resolves to
   * `{ twoFactorRequired: true }` and sets `twoFactorChallenge` instead of signing in.
   */
  login(credentials: Credentials): Promise<SignInStep>;
  /**
   * Finishes a sign-in that asked for two-step verification, with the app's code or a recovery code. Throws an
   * ApiError: a wrong code (400) keeps the challenge for another try; an expired or used-up challenge (401)
   * clears it, so the screen goes back to the first step.
   */
  completeTwoFactor(proof: TwoFactorProof): Promise<void>;
  /** Abandons a pending two-step sign-in (the user went back to the login form). */
  cancelTwoFactor(): void;
  /** Tells the server (forced), then clears tokens and state whatever the server answered. */
  logout(): Promise<void>;
  /** Sets a new password; every other session ends and this one continues with the new tokens. */
  changePassword(input: ChangePasswordInput): Promise<void>;
  /** Accepts an invitation (names and password chosen) and signs the new member in; throws an ApiError. */
  acceptInvitation(input: AcceptInvitationInput): Promise<void>;
  /**
   * Finishes a single sign-on (the code and state the identity provider sent back); throws an ApiError. Like
   * `login`, may answer `{ twoFactorRequired: true }` with `twoFactorChallenge` set.
   */
  completeSsoLogin(input: SsoCallbackInput): Promise<SignInStep>;
  /**
   * Confirms an address with the emailed link's token; a new account's first confirmation also signs its owner
   * in (docs/decisions/0050). Throws an ApiError (expired, failed).
   */
  verifyEmail(token: string): Promise<VerifiedEmail>;
}

/** What a confirmation link did: the address, whether it was a change of address, whether it signed in. */
export interface VerifiedEmail {
  email: string;
  emailChanged: boolean;
  signedIn: boolean;
  /** The workflow chosen in the store at sign-up, its sample's run started by this confirmation (0127). */
  workflowId?: string;
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

const signedOut = {
  status: 'anonymous' as const,
  claims: undefined,
  requiresPasswordChange: false,
  twoFactorChallenge: undefined,
};

let refreshAccessToken: () => Promise<string | undefined> = async () => undefined;

/** The one auth store. Host and remote share this module as a singleton, so they share this state. */
export const authStore = createStore<AuthState>()((set, get) => {
  async function adopt(tokens: TokenPair): Promise<string> {
    const claims = await (await services()).verify(tokens.accessToken);
    requireStorage().save(tokens, tokens.refreshExpiresIn);
    set({
      status: 'authenticated',
      claims,
      requiresPasswordChange: tokens.requiresPasswordChange || claims.requiresPasswordChange,
      twoFactorChallenge: undefined,
    });
    return tokens.accessToken;
  }

  /** Tokens sign the user in; a challenge is kept for `completeTwoFactor`. */
  async function adoptSignIn(result: LoginResult): Promise<SignInStep> {
    // Told apart structurally: the contract's guard would pull the contract into this light half of the store.
    if (!('twoFactorRequired' in result)) {
      await adopt(result);
      return { twoFactorRequired: false };
    }
    set({
      ...signedOut,
      twoFactorChallenge: {
        challengeToken: result.challengeToken,
        expiresAt: Date.now() + result.expiresIn * 1000,
      },
    });
    return { twoFactorRequired: true };
  }

  function refresh(): Promise<string | undefined> {
    refreshing ??= (async () => {
      const tokens = requireStorage();
      // A stored access token (kept as long as the session) says there is a session cookie to exchange.
      if (!tokens.read().accessToken) return undefined;
      try {
        return await adopt(await (await services()).refresh());
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
    twoFactorChallenge: undefined,

    initialize() {
      initializing ??= (async () => {
        const { accessToken } = requireStorage().read();
        if (!accessToken) return set(signedOut);
        try {
          const claims = await (await services()).verify(accessToken);
          set({ status: 'authenticated', claims, requiresPasswordChange: claims.requiresPasswordChange });
        } catch {
          await refresh();
        }
      })();
      return initializing;
    },

    async login(credentials) {
      return adoptSignIn(await (await services()).login(credentials));
    },

    async completeTwoFactor(proof) {
      const challenge = get().twoFactorChallenge;
      const authServices = await services();
      if (!challenge || challenge.expiresAt <= Date.now()) {
        set({ twoFactorChallenge: undefined });
        throw authServices.twoFactorChallengeEnded();
      }
      try {
        await adopt(
          await authServices.completeTwoFactorLogin({ challengeToken: challenge.challengeToken, ...proof }),
        );
      } catch (error) {
        if (authServices.isTwoFactorChallengeEnded(error)) set({ twoFactorChallenge: undefined });
        throw error;
      }
    },

    cancelTwoFactor() {
      set({ twoFactorChallenge: undefined });
    },

    async changePassword(input) {
      await adopt(await (await services()).changePassword(input));
    },

    async acceptInvitation(input) {
      await adopt(await (await services()).acceptInvitation(input));
    },

    async completeSsoLogin(input) {
      return adoptSignIn(await (await services()).completeSsoLogin(input));
    },

    async verifyEmail(token) {
      const result = await (await services()).verifyEmail(token);
      // Told apart structurally, like sign-in answers: the contract's guard would pull the contract in here.
      const signedIn = 'accessToken' in result;
      if (signedIn) await adopt(result);
      return {
        email: result.email,
        emailChanged: result.emailChanged === true,
        signedIn,
        ...('workflowId' in result && result.workflowId ? { workflowId: result.workflowId } : {}),
      };
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
  return {
    call: async (endpoint, input, options) => (await services()).api.call(endpoint, input, options),
  };
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

/**
 * An API client that sends no bearer token, whoever is signed in: for a public read that must answer as it does
 * for anybody (a public workflow's page, which a member of another organization opens too; their token would make
 * the API look for the workflow in their own organization).
 */
export function anonymousApi(): ApiClient {
  return {
    call: async (endpoint, input, options) => {
      const { createApiClient } = await import('../client/api-client.js');
      return createApiClient({
        baseUrl: configuredApiBaseUrl(),
        ...(configuration?.fetch ? { fetch: configuration.fetch } : {}),
      }).call(endpoint, input, options);
    },
  };
}

/** React hook over the shared store. */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
