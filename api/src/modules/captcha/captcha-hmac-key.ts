import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readIfPresent, readOrCreateKeyFile } from '../../adapters/key-files/key-file.js';

const keyFile = 'captcha-hmac.key';

/**
 * The secret captcha challenges are signed with. A configured key (`CAPTCHA_HMAC_KEY`, required in production,
 * where every replica must share it) wins. Otherwise the key generated on first start is kept in the keys
 * directory, readable by the owner only, like the token signing keys, so challenges survive a restart; without a
 * directory (`DATA_DIR=memory://`) a new key lives in memory until the process ends.
 */
export async function loadOrCreateCaptchaHmacKey(
  configuredKey: string | undefined,
  keysDir: string | undefined,
): Promise<string> {
  if (configuredKey) return configuredKey;
  const generated = randomBytes(32).toString('hex');
  if (!keysDir) return generated;

  const keyPath = path.join(keysDir, keyFile);
  const stored = await readIfPresent(keyPath);
  if (stored === '') throw new Error(`${keyPath} is empty; delete it and a new key is generated`);
  if (stored !== undefined) return stored;
  return readOrCreateKeyFile(keyPath, generated);
}
