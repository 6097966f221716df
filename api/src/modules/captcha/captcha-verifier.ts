import type { CaptchaChallenge } from '@dcipher/shared/contract';

/** Why a solution was refused. For tests and logs only: the visitor is told the same thing whatever the reason. */
export type CaptchaRefusal = 'missing' | 'malformed' | 'invalid' | 'expired' | 'replayed';

export type CaptchaVerification = { verified: true } | { verified: false; refusal: CaptchaRefusal };

/**
 * The captcha adapter: hands out challenges and judges the solutions that come back. The one implementation is
 * the self-hosted ALTCHA proof of work (`altcha-captcha-verifier.ts`), in every environment; see
 * docs/decisions/0010-captcha.md.
 */
export interface CaptchaVerifier {
  createChallenge(): Promise<CaptchaChallenge>;
  /** Checks a solution payload and, when it is good, spends it: a payload verifies once. */
  verify(payload: unknown): Promise<CaptchaVerification>;
}
