import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailLinks } from '@dcipher/shared/routes';
import type { Config } from '../../config.js';
import { loadOrCreateCaptchaHmacKey } from '../captcha/captcha-hmac-key.js';

/**
 * The label the unsubscribe key is derived from the captcha secret with. A distinct label gives a distinct key:
 * a captcha signature is never a valid unsubscribe token, nor the other way round.
 */
const keyLabel = 'dcipher/email-unsubscribe-links/v1';

/**
 * The secret unsubscribe tokens are signed with: derived (HMAC-SHA256 with a label) from the captcha secret,
 * which is configured in production (`CAPTCHA_HMAC_KEY`, the same on every replica) and generated and kept in
 * `DATA_DIR/keys` elsewhere. No second secret to configure, and none in the repository. Changing the captcha
 * secret invalidates the unsubscribe links of emails already sent (docs/decisions/0018).
 */
export async function loadUnsubscribeLinkKey(config: Pick<Config, 'captcha' | 'keysDir'>): Promise<Buffer> {
  const rootKey = await loadOrCreateCaptchaHmacKey(config.captcha.hmacKey, config.keysDir);
  return createHmac('sha256', rootKey).update(keyLabel).digest();
}

export interface UnsubscribeLinks {
  /** HMAC-SHA256 of the lower-cased address, in hex: proves a link came from one of our emails to it. */
  tokenFor(email: string): string;
  /** The site's page `{WEB_URL}/unsubscribe?email=…&token=…`, which asks before it unsubscribes. */
  urlFor(email: string): string;
  /** Whether `token` is the address's token (compared in constant time). */
  isValid(email: string, token: string): boolean;
}

export function createUnsubscribeLinks(key: Buffer, webUrl: string): UnsubscribeLinks {
  const tokenFor = (email: string) => createHmac('sha256', key).update(email.toLowerCase()).digest('hex');
  return {
    tokenFor,
    urlFor: (email) => emailLinks.unsubscribe(webUrl, email, tokenFor(email)),
    isValid(email, token) {
      const expected = Buffer.from(tokenFor(email), 'hex');
      const given = Buffer.from(token, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
