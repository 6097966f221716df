// engines: any
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createSecretBox, loadOrCreateSsoSecretKey } from './secret-box.js';

describe('SSO secret box (AES-256-GCM, docs/decisions/0036)', () => {
  const box = createSecretBox(Buffer.alloc(32, 1));

  it('seals to a versioned value without the secret, a new IV each time, and opens it again', () => {
    const first = box.seal('client-secret-value');
    const second = box.seal('client-secret-value');
    assert.match(first, /^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    assert.notEqual(first, second);
    assert.ok(!first.includes('client-secret-value'));
    assert.equal(box.open(first), 'client-secret-value');
    assert.equal(box.isSealed(first), true);
    assert.equal(box.isSealed('client-secret-value'), false);
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('client-secret-value');
    const [version, iv, tag, ciphertext = ''] = sealed.split(':');
    const flipped = `${ciphertext[0] === 'A' ? 'B' : 'A'}${ciphertext.slice(1)}`;
    assert.throws(() => box.open([version, iv, tag, flipped].join(':')));
    assert.throws(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed));
    assert.throws(() => box.open('plain-text'));
  });

  it('generates a key once into the keys directory (owner-only) and reads it back', async () => {
    const keysDir = await mkdtemp(path.join(tmpdir(), 'dcipher-sso-key-'));
    try {
      const key = await loadOrCreateSsoSecretKey(undefined, keysDir);
      assert.equal(key.length, 32);
      assert.deepEqual(await loadOrCreateSsoSecretKey(undefined, keysDir), key);
      const file = path.join(keysDir, 'sso-secret.key');
      assert.equal((await readFile(file, 'utf8')).trim(), key.toString('hex'));
      assert.equal((await stat(file)).mode & 0o077, 0);
      const configured = Buffer.alloc(32, 9);
      assert.equal(await loadOrCreateSsoSecretKey(configured, keysDir), configured);
    } finally {
      await rm(keysDir, { recursive: true, force: true });
    }
  });
});
