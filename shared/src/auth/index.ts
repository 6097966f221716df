export { type AccessTokenClaims, accessTokenAudience, accessTokenIssuer } from './access-token-claims.js';
export {
  type AuthConfiguration,
  type AuthState,
  type AuthStatus,
  anonymousApi,
  apiWithToken,
  authenticatedApi,
  authStore,
  configureAuth,
  configuredApiBaseUrl,
  isAuthConfigured,
  useAuth,
  type VerifiedEmail,
} from './auth-store.js';
export {
  cookieAttributes,
  createTokenStorage,
  type StoredTokens,
  tokenStorageKeys,
} from './token-storage.js';
