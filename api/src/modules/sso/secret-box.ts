import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readOrCreateKeyFile } from '../../adapters/key-files/key-file.js';

const keyFile = 'sso-secret.key';
const version = 'v1';

/**
 * Encrypts secrets kept in the database (SSO client secrets) with AES-256-GCM under a key from configuration
 * (`SSO_SECRET_KEY`), so a copy of the database alone does not give them away (docs/decisions/0036). Each value
 * gets its own random 96-bit IV; the tag authenticates it, so a tampered value fails to open rather than
 * decrypting to garbage. The stored form is `v1:<iv>:<tag>:<ciphertext>`, base64url parts.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  /** Rejects a value that was not sealed with this key (tampered, or another key). */
  open(sealed: string): string;
  /** Whether a stored value is sealed (secrets stored before 0024 are plain until the API seals them). */
  isSealed(stored: string): boolean;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret box needs a 32-byte key');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    open(sealed) {
      const [prefix, iv, tag, ciphertext] = sealed.split(':');
      if (prefix !== version || !iv || !tag || ciphertext === undefined) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(`${version}:`),
  };
}

/**
 * The configured key, or (development and tests) one generated on first start and kept in `keysDir` as hex, so
 * secrets stay readable across restarts; without `keysDir`, a new one in memory.
 */
export async function loadOrCreateSsoSecretKey(
  configuredKey: Buffer | undefined,
  keysDir: string | undefined,
): Promise<Buffer> {
  if (configuredKey) return configuredKey;
  const generated = randomBytes(32);
  if (!keysDir) return generated;
  const keyPath = path.join(keysDir, keyFile);
  try {
    const stored = (await readFile(keyPath, 'utf8')).trim();
    if (!/^[0-9a-f]{64}$/.test(stored)) {
      throw new Error(
        `${keyPath} is not 64 hex digits; restore it (deleting it loses the stored SSO secrets)`,
      );
    }
    return Buffer.from(stored, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return Buffer.from(await readOrCreateKeyFile(keyPath, generated.toString('hex')), 'hex');
}
