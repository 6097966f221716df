import { createRemoteJWKSet, errors, importSPKI, type JWTVerifyGetKey, jwtVerify } from 'jose';
import * as v from 'valibot';
import {
  type AccessTokenClaims,
  AccessTokenClaimsSchema,
  accessTokenAudience,
  accessTokenIssuer,
} from './access-token-claims.js';

export type VerificationFailure = 'expired' | 'invalid';

export class AccessTokenError extends Error {
  constructor(readonly reason: VerificationFailure) {
    super(reason === 'expired' ? 'The access token has expired' : 'The access token is not valid');
    this.name = 'AccessTokenError';
  }
}

export type AccessTokenVerifierOptions = (
  | { publicKeyPem: string; jwksUrl?: never; getKey?: never }
  | { jwksUrl: string; publicKeyPem?: never; getKey?: never }
  /** The API's key ring: the public key of the token's `kid` (docs/decisions/0074). */
  | { getKey: JWTVerifyGetKey; publicKeyPem?: never; jwksUrl?: never }
) & {
  /** The signing key's id; a token naming another key (or none) is refused. With a JWKS, its keys decide. */
  kid?: string;
};

/** The `typ` header of access tokens (RFC 9068): no other kind of token of ours passes as one. */
export const accessTokenType = 'at+jwt';
/** How far in the future a token's `iat` may be (clocks of replicas and browsers differ a little). */
export const issuedAtToleranceSeconds = 60;

/** Verifies access tokens in the browser (RS256) with the configured public key or the API's JWKS. */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions) {
  let keyPromise: Promise<CryptoKey | JWTVerifyGetKey> | undefined;
  const key = () => {
    keyPromise ??= options.getKey
      ? Promise.resolve(options.getKey)
      : options.publicKeyPem
        ? importSPKI(options.publicKeyPem, 'RS256')
        : Promise.resolve(createRemoteJWKSet(new URL(options.jwksUrl as string)));
    return keyPromise;
  };

  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    try {
      const resolved = await key();
      const verifyOptions = {
        algorithms: ['RS256'],
        issuer: accessTokenIssuer,
        audience: accessTokenAudience,
        typ: accessTokenType,
      };
      const { payload, protectedHeader } =
        typeof resolved === 'function'
          ? await jwtVerify(token, resolved, verifyOptions)
          : await jwtVerify(token, resolved, verifyOptions);
      if (typeof protectedHeader.kid !== 'string' || (options.kid && protectedHeader.kid !== options.kid)) {
        throw new AccessTokenError('invalid');
      }
      if (
        typeof payload.iat !== 'number' ||
        payload.iat > Math.floor(Date.now() / 1000) + issuedAtToleranceSeconds
      ) {
        throw new AccessTokenError('invalid');
      }
      return v.parse(AccessTokenClaimsSchema, payload);
    } catch (error) {
      if (error instanceof AccessTokenError) throw error;
      throw new AccessTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
    }
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
