import type { Config } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { createAltchaCaptchaVerifier } from './altcha-captcha-verifier.js';
import { loadOrCreateCaptchaHmacKey } from './captcha-hmac-key.js';
import type { CaptchaVerifier } from './captcha-verifier.js';
import { createUsedCaptchaChallenges } from './used-captcha-challenges.js';

/** The configured captcha: ALTCHA with the configured (or generated) key and difficulty. */
export async function createCaptchaVerifier(
  config: Pick<Config, 'captcha' | 'keysDir'>,
  database: Queryable,
): Promise<CaptchaVerifier> {
  return createAltchaCaptchaVerifier({
    hmacKey: await loadOrCreateCaptchaHmacKey(config.captcha.hmacKey, config.keysDir),
    maxNumber: config.captcha.maxNumber,
    usedChallenges: createUsedCaptchaChallenges(database),
  });
}
