import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Database } from '../../db/database.js';
import { createServer } from '../../server.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { logIn, testConfig } from '../../test-support/test-server.js';
import { loadOrCreateSigningKeys } from './signing-keys.js';

describe('signing keys', () => {
  let database: Database;
  let dataDir: string;
  before(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'dcipher-keys-'));
  });
  after(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are generated on first start and reused by the next', async () => {
    const keysDir = path.join(dataDir, 'keys');
    const first = await createServer(testConfig({ keysDir }), { database });
    const firstJwks = (await first.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { accessToken } = await logIn(first);
    await first.close();

    const privateKeyFile = path.join(keysDir, 'access-token-private.pem');
    assert.equal((await stat(privateKeyFile)).mode & 0o777, 0o600);
    assert.match(await readFile(privateKeyFile, 'utf8'), /^-----BEGIN PRIVATE KEY-----/);
    assert.match(
      await readFile(path.join(keysDir, 'access-token-public.pem'), 'utf8'),
      /^-----BEGIN PUBLIC KEY-----/,
    );

    const second = await createServer(testConfig({ keysDir }), { database });
    const secondJwks = (await second.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    assert.deepEqual(secondJwks, firstJwks);
    // A token from before the restart still verifies, and is still accepted.
    await jwtVerify(accessToken, createLocalJWKSet(secondJwks));
    const account = await second.inject({
      method: 'GET',
      url: '/account',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    assert.equal(account.statusCode, 200);
    await second.close();
  });

  it('publish only the public half, with a thumbprint kid', async () => {
    const keys = await loadOrCreateSigningKeys();
    const [jwk] = keys.jwks.keys;
    assert.equal(keys.jwks.keys.length, 1);
    assert.equal(jwk?.kid, keys.kid);
    assert.match(keys.kid, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(jwk?.alg, 'RS256');
    assert.equal(jwk?.use, 'sig');
    assert.equal(jwk?.kty, 'RSA');
    for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
      assert.equal(privateMember in (jwk ?? {}), false);
  });

  it('in memory are new on every start', async () => {
    const [first, second] = await Promise.all([loadOrCreateSigningKeys(), loadOrCreateSigningKeys()]);
    assert.notEqual(first.kid, second.kid);
  });
});
