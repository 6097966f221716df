import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  try {
    // `wx`: if another process created the key meanwhile, keep theirs.
    await writeFile(keyPath, generated, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(keyPath, 'utf8')).trim();
  }
}

async function readIfPresent(filePath: string): Promise<string | undefined> {
  try {
    return (await readFile(filePath, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
