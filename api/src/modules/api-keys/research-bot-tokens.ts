import { accessTokenIssuer } from '@dcipher/shared/access-token';
import { researchBotTokenAudience, researchBotTokenType } from '@dcipher/shared/contract';
import { jwtVerify, SignJWT } from 'jose';
import { keyResolver } from '../identity/access-tokens.js';
import { type SigningKeys, signingAlgorithm } from '../identity/signing-keys.js';

/** Short: the research bot asks again with its key (or the signed-in browser again) when it runs out. */
export const researchBotTokenTtlSeconds = 5 * 60;

export interface ResearchBotTokenSubject {
  userId: string;
  organizationId: string;
}

/**
 * Tokens for the research bot (docs/decisions/0037): signed with the API's key (published at
 * `/.well-known/jwks.json`), with their own `typ` and audience, so the bearer check of every other endpoint,
 * which wants the access-token audience, refuses them, and the research bot refuses access tokens.
 */
export function createResearchBotTokens(keys: SigningKeys) {
  const getKey = keyResolver(keys);
  return {
    ttlSeconds: researchBotTokenTtlSeconds,
    sign({ userId, organizationId }: ResearchBotTokenSubject, via: 'api-key' | 'session'): Promise<string> {
      const issuedAt = Math.floor(Date.now() / 1000);
      return new SignJWT({ organizationId, via })
        .setProtectedHeader({ alg: signingAlgorithm, typ: researchBotTokenType, kid: keys.kid })
        .setSubject(userId)
        .setIssuer(accessTokenIssuer)
        .setAudience(researchBotTokenAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + researchBotTokenTtlSeconds)
        .sign(keys.privateKey);
    },
    /** What the research bot checks; here for tests and for a research bot running in this process. */
    async verify(token: string) {
      const { payload, protectedHeader } = await jwtVerify(token, getKey, {
        issuer: accessTokenIssuer,
        audience: researchBotTokenAudience,
        algorithms: [signingAlgorithm],
        typ: researchBotTokenType,
      });
      return { payload, protectedHeader };
    },
  };
}

export type ResearchBotTokens = ReturnType<typeof createResearchBotTokens>;
