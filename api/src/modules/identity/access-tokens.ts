import {
  type AccessTokenClaims,
  accessTokenAudience,
  accessTokenIssuer,
  accessTokenType,
  createAccessTokenVerifier,
} from '@dcipher/shared/access-token';
import { errors, type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { type SigningKeys, signingAlgorithm } from './signing-keys.js';

const uuid = v.pipe(v.string(), v.uuid());

/** Who an access token is about: the claims besides the token's own times. */
export type AccessTokenSubject = Omit<AccessTokenClaims, 'iat' | 'exp' | 'sub' | 'sid'> & {
  userId: string;
  /** The session (refresh-token family) it is issued for: the `sid` claim the bearer check looks up. */
  sessionId: string;
};

/**
 * Who a payment-setup token is about: the user and organization a sign-up just created, or, when the address
 * already had an account, ids that name nobody (docs/decisions/0021).
 */
export interface PaymentSetupSubject {
  userId: string;
  organizationId: string;
}

/** The audience of payment-setup tokens: no other endpoint accepts them, as access tokens have another one. */
export const paymentSetupAudience = 'dcipher-payment-setup';
/** Its `typ` header, another than access tokens' (`at+jwt`). */
export const paymentSetupTokenType = 'payment-setup+jwt';
/** Long enough to fill in the card form, short enough that a leaked token is soon useless. */
export const paymentSetupTtlSeconds = 30 * 60;

export interface AccessTokens {
  sign(subject: AccessTokenSubject): Promise<string>;
  /** The token's claims; rejects (AccessTokenError) when it is expired, forged or malformed. */
  verify(token: string): Promise<AccessTokenClaims>;
  /** A token that only lets sign-up's step 2 add a card (`POST /credit-cards`). */
  signPaymentSetup(subject: PaymentSetupSubject): Promise<string>;
  /** The subject of a payment-setup token; undefined when it is not one (expired, forged, an access token). */
  verifyPaymentSetup(token: string): Promise<PaymentSetupSubject | undefined>;
}

/**
 * Signs access tokens with the claims of `AccessTokenClaimsSchema` and verifies them with the same verifier the
 * browser uses, so both sides agree on algorithm, issuer, audience and claims.
 */
export function createAccessTokens(keys: SigningKeys, ttlSeconds: number): AccessTokens {
  const getKey = keyResolver(keys);
  const verify = rememberVerified(createAccessTokenVerifier({ getKey }));
  return {
    sign({ userId, sessionId, email, organizationId, role, requiresPasswordChange }) {
      const issuedAt = Math.floor(Date.now() / 1000);
      return new SignJWT({ email, organizationId, role, requiresPasswordChange, sid: sessionId })
        .setProtectedHeader({ alg: signingAlgorithm, typ: accessTokenType, kid: keys.kid })
        .setSubject(userId)
        .setIssuer(accessTokenIssuer)
        .setAudience(accessTokenAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(keys.privateKey);
    },
    verify,
    signPaymentSetup({ userId, organizationId }) {
      const issuedAt = Math.floor(Date.now() / 1000);
      return new SignJWT({ organizationId })
        .setProtectedHeader({ alg: signingAlgorithm, typ: paymentSetupTokenType, kid: keys.kid })
        .setSubject(userId)
        .setIssuer(accessTokenIssuer)
        .setAudience(paymentSetupAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + paymentSetupTtlSeconds)
        .sign(keys.privateKey);
    },
    async verifyPaymentSetup(token) {
      try {
        const { payload } = await jwtVerify(token, getKey, {
          issuer: accessTokenIssuer,
          audience: paymentSetupAudience,
          algorithms: [signingAlgorithm],
          typ: paymentSetupTokenType,
        });
        // Both are looked up as UUIDs: anything else is no payment-setup token (401), not a database error.
        if (!v.is(uuid, payload.sub) || !v.is(uuid, payload.organizationId)) return undefined;
        return { userId: payload.sub, organizationId: payload.organizationId };
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The public key of a token's `kid` from the key ring: the current key or a retired one that still verifies
 * (docs/decisions/0074). No kid, or one the ring does not hold, is no key: the token is refused.
 */
export function keyResolver(keys: SigningKeys): JWTVerifyGetKey {
  return async (header) => {
    const key = await keys.publicKeyFor(header.kid);
    if (!key) throw new errors.JWKSNoMatchingKey();
    return key;
  };
}

/** How many verified tokens a process remembers (a few MB at most). */
const verifiedTokensRemembered = 10_000;

/**
 * Remembers the claims of tokens that verified, by the token's exact text, until they expire: a signed-in client
 * sends the same token with every request, and checking an RS256 signature is the largest cost of an authenticated
 * request after the database. Only a token that verified is remembered, and a token is only ever equal to itself
 * (another signature is another text), so this answers nothing the verifier would not. Expiry is checked at every
 * use; the oldest entries make way when full. Whether the token's session is still live is not remembered: the
 * bearer check asks the database every time.
 */
export function rememberVerified(
  verify: (token: string) => Promise<AccessTokenClaims>,
  capacity = verifiedTokensRemembered,
): (token: string) => Promise<AccessTokenClaims> {
  const verified = new Map<string, AccessTokenClaims>();
  return async (token) => {
    const remembered = verified.get(token);
    if (remembered && remembered.exp > Date.now() / 1000) return remembered;
    if (remembered) verified.delete(token);
    const claims = await verify(token);
    if (verified.size >= capacity) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return claims;
  };
}
