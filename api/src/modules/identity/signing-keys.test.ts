// engines: any
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
import { createAccessTokens } from './access-tokens.js';
import { loadOrCreateSigningKeys, rotateSigningKeys } from './signing-keys.js';

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

  it('rotate: a new key signs, the old one verifies until its tokens expire, on every process sharing the directory', async () => {
    const keysDir = path.join(dataDir, 'rotated');
    const replicaA = await createServer(testConfig({ keysDir }), { database });
    const replicaB = await createServer(testConfig({ keysDir }), { database });
    try {
      const jwksOf = async (app: typeof replicaA) =>
        (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json<{
          keys: { kid: string }[];
        }>();
      const accountWith = (app: typeof replicaA, token: string) =>
        app.inject({ method: 'GET', url: '/account', headers: { authorization: `Bearer ${token}` } });
      const before = await logIn(replicaA);
      const [oldKid] = (await jwksOf(replicaA)).keys.map((key) => key.kid);

      const { kid: newKid, retiredKid } = await rotateSigningKeys(keysDir);
      assert.equal(retiredKid, oldKid);
      assert.notEqual(newKid, oldKid);
      // Replica A notices the new key file (its watch does so every 5 s; here at once) and signs with it.
      await replicaA.signingKeys.reload();
      const after = await logIn(replicaA);
      assert.equal(
        JSON.parse(Buffer.from(after.accessToken.split('.')[0] ?? '', 'base64url').toString()).kid,
        newKid,
      );
      assert.deepEqual(
        (await jwksOf(replicaA)).keys.map((key) => key.kid),
        [newKid, oldKid],
      );

      // Replica B has not looked yet: a token naming the new key makes it read the directory, and it accepts it.
      assert.equal((await accountWith(replicaB, after.accessToken)).statusCode, 200);
      // Both accept the token signed before the rotation, until it expires.
      assert.equal((await accountWith(replicaA, before.accessToken)).statusCode, 200);
      assert.equal((await accountWith(replicaB, before.accessToken)).statusCode, 200);
      assert.deepEqual(
        (await jwksOf(replicaB)).keys.map((key) => key.kid),
        [newKid, oldKid],
      );
    } finally {
      await replicaA.close();
      await replicaB.close();
    }
  });

  it('a retired key stops verifying once its tokens have expired, and the next rotation deletes it', async () => {
    const keysDir = path.join(dataDir, 'expiring');
    let clock = new Date('2026-01-01T00:00:00Z');
    const now = () => clock;
    const first = await loadOrCreateSigningKeys(keysDir, { now, retiredKeyLifetimeSeconds: 3600 });
    const oldTokens = createAccessTokens(first, 7200);
    const token = await oldTokens.sign({
      userId: '00000000-0000-4000-8000-000000000001',
      sessionId: '00000000-0000-4000-8000-000000000002',
      email: 'someone@example.com',
      organizationId: '00000000-0000-4000-8000-000000000003',
      role: 'admin',
      requiresPasswordChange: false,
    });
    const { retiredKid } = await rotateSigningKeys(keysDir, { now, retiredKeyLifetimeSeconds: 3600 });
    const ring = await loadOrCreateSigningKeys(keysDir, { now, retiredKeyLifetimeSeconds: 3600 });
    const tokens = createAccessTokens(ring, 7200);
    assert.equal((await tokens.verify(token)).email, 'someone@example.com');
    clock = new Date('2026-01-01T01:00:01Z');
    assert.equal(
      ring.jwks.keys.some((key) => key.kid === retiredKid),
      false,
    );
    const later = createAccessTokens(ring, 7200);
    await assert.rejects(later.verify(token));
    const { deleted } = await rotateSigningKeys(keysDir, { now, retiredKeyLifetimeSeconds: 3600 });
    assert.deepEqual(deleted, [retiredKid]);
  });
});
