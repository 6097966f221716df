// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPasswordHasher } from './password-hasher.js';

describe('password hasher', () => {
  const hasher = createPasswordHasher();

  it('hashes with argon2id, 19 MiB, 2 passes, 1 lane', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await hasher.verify(hash, 'correct horse battery staple'), true);
    assert.equal(await hasher.verify(hash, 'Correct horse battery staple'), false);
  });

  it('answers false without a hash, and for a malformed one', async () => {
    assert.equal(await hasher.verify(undefined, 'anything'), false);
    assert.equal(await hasher.verify(null, 'anything'), false);
    assert.equal(await hasher.verify('not-a-hash', 'anything'), false);
  });
});
