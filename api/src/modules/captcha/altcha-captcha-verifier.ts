import type { CaptchaChallenge } from '@dcipher/shared/contract';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as v from 'valibot';
import type { CaptchaVerification, CaptchaVerifier } from './captcha-verifier.js';
import type { UsedCaptchaChallenges } from './used-captcha-challenges.js';

/** How long a visitor has to submit the form after the widget fetched its challenge. */
export const captchaChallengeLifetimeSeconds = 10 * 60;

/**
 * One SHA-256 per attempt: the work is the number of attempts (up to `maxNumber`), which is what the
 * configuration sets. The widget bundles SHA-256, so no extra worker has to be registered.
 */
const algorithm = 'SHA-256';

export interface AltchaCaptchaOptions {
  hmacKey: string;
  /** The largest counter a challenge may need: the browser tries 1 to `maxNumber` SHA-256 hashes, half on average. */
  maxNumber: number;
  usedChallenges: UsedCaptchaChallenges;
  /** The clock challenges are dated with; tests move it to make challenges that have already expired. */
  now?: () => number;
}

const hex = v.pipe(v.string(), v.regex(/^[0-9a-f]+$/));

/**
 * What the widget sends: base64 of `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`.
 * Parameters are loose: the signature covers all of them, so none may be dropped before verification.
 */
const PayloadSchema = v.object({
  challenge: v.object({
    parameters: v.looseObject({
      algorithm: v.literal(algorithm),
      nonce: hex,
      salt: hex,
      cost: v.number(),
      keyLength: v.number(),
      keyPrefix: hex,
      expiresAt: v.number(),
    }),
    signature: hex,
  }),
  solution: v.looseObject({ counter: v.number(), derivedKey: v.string() }),
});

/**
 * The ALTCHA proof of work (altcha-lib's v2 format, which the `altcha` 3 widget solves), self-hosted: challenges
 * are signed with an HMAC key rather than stored, expire after 10 minutes, and a solved challenge is recorded so
 * it cannot be used twice.
 */
export function createAltchaCaptchaVerifier(options: AltchaCaptchaOptions): CaptchaVerifier {
  const { hmacKey, maxNumber, usedChallenges, now = Date.now } = options;

  return {
    async createChallenge() {
      // Deterministic mode: the API picks the counter, so the work is known and bounded by maxNumber.
      const challenge = await createChallenge({
        algorithm,
        cost: 1,
        counter: randomInt(maxNumber),
        deriveKey,
        expiresAt: new Date(now() + captchaChallengeLifetimeSeconds * 1000),
        hmacSignatureSecret: hmacKey,
      });
      return challenge as CaptchaChallenge;
    },

    async verify(payload): Promise<CaptchaVerification> {
      if (typeof payload !== 'string' || payload === '') return { verified: false, refusal: 'missing' };
      const decoded = v.safeParse(PayloadSchema, parseBase64Json(payload));
      if (!decoded.success) return { verified: false, refusal: 'malformed' };
      const { challenge, solution } = decoded.output;

      // The library checks expiry, then the signature (a challenge that is not ours, or was altered), then the work.
      const result = await verifySolution({
        challenge: challenge as Challenge,
        solution: solution as Solution,
        deriveKey,
        hmacSignatureSecret: hmacKey,
      }).catch(() => undefined);
      if (result?.expired) return { verified: false, refusal: 'expired' };
      if (!result?.verified) return { verified: false, refusal: 'invalid' };

      const expiresAt = new Date(challenge.parameters.expiresAt * 1000);
      if (!(await usedChallenges.recordFirstUse(challenge.signature, expiresAt))) {
        return { verified: false, refusal: 'replayed' };
      }
      return { verified: true };
    },
  };
}

function parseBase64Json(payload: string): unknown {
  try {
    return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}
