// Server-safe entry (no React, no zustand): what the API and the browser agree on about access tokens.
export {
  type AccessTokenClaims,
  AccessTokenClaimsSchema,
  accessTokenAudience,
  accessTokenIssuer,
} from './access-token-claims.js';
export {
  AccessTokenError,
  accessTokenType,
  createAccessTokenVerifier,
  issuedAtToleranceSeconds,
} from './access-token-verifier.js';
