import {
  type AccessTokenClaims,
  accessTokenAudience,
  accessTokenIssuer,
  createAccessTokenVerifier,
} from '@dcipher/shared/access-token';
import { SignJWT } from 'jose';
import { type SigningKeys, signingAlgorithm } from './signing-keys.js';

/** Who an access token is about: the claims besides the token's own times. */
export type AccessTokenSubject = Omit<AccessTokenClaims, 'iat' | 'exp' | 'sub'> & { userId: string };

export interface AccessTokens {
  sign(subject: AccessTokenSubject): Promise<string>;
  /** The token's claims; rejects (AccessTokenError) when it is expired, forged or malformed. */
  verify(token: string): Promise<AccessTokenClaims>;
}

/**
 * Signs access tokens with the claims of `AccessTokenClaimsSchema` and verifies them with the same verifier the
 * browser uses, so both sides agree on algorithm, issuer, audience and claims.
 */
export function createAccessTokens(keys: SigningKeys, ttlSeconds: number): AccessTokens {
  const verify = createAccessTokenVerifier({ publicKeyPem: keys.publicKeyPem });
  return {
    sign({ userId, email, organizationId, role, requiresPasswordChange }) {
      const issuedAt = Math.floor(Date.now() / 1000);
      return new SignJWT({ email, organizationId, role, requiresPasswordChange })
        .setProtectedHeader({ alg: signingAlgorithm, typ: 'JWT', kid: keys.kid })
        .setSubject(userId)
        .setIssuer(accessTokenIssuer)
        .setAudience(accessTokenAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(keys.privateKey);
    },
    verify,
  };
}
