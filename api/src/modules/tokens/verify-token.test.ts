// engines: any
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { TokenVerification } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoPassword, demoUsers } from '../../db/seed-demo-data.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { type AccessTokens, createAccessTokens } from '../identity/access-tokens.js';
import { loadOrCreateSigningKeys } from '../identity/signing-keys.js';

describe('POST /verifyToken', () => {
  let server: TestServer;
  let keysDir: string;
  /** Signs with the server's own key pair (kept in `keysDir`), tokens that expired a minute ago. */
  let expiredTokens: AccessTokens;
  /** Signs with another key pair: well-formed tokens the server must not trust. */
  let foreignTokens: AccessTokens;

  before(async () => {
    keysDir = await mkdtemp(path.join(tmpdir(), 'dcipher-verify-token-'));
    expiredTokens = createAccessTokens(await loadOrCreateSigningKeys(keysDir), -60);
    foreignTokens = createAccessTokens(await loadOrCreateSigningKeys(), 900);
    server = await startTestServer({ keysDir });
  });
  after(async () => {
    await server.close();
    await rm(keysDir, { recursive: true, force: true });
  });

  const verify = (payload: unknown) =>
    server.app.inject({ method: 'POST', url: '/verifyToken', payload: payload as object });

  const assertInvalid = async (token: string, why: string) => {
    const response = await verify({ token });
    assert.equal(response.statusCode, 200, `${why}: ${response.body}`);
    assert.deepEqual(bodyOf(response), { valid: false }, why);
  };

  const userIdOf = async (email: string) => {
    const user = await db(server.database)
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    assert.ok(user, email);
    return user.id;
  };

  it("answers a signed-in user's token with who they are now and when the token expires", async () => {
    const before = Date.now();
    const { accessToken } = await logIn(server.app);
    const after = Date.now();
    const response = await verify({ token: accessToken });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
    const answer = response.json<TokenVerification>();
    assert.ok(answer.valid);
    const { expiresAt, ...identity } = answer;
    assert.deepEqual(identity, {
      valid: true,
      userId: await userIdOf(demoAdmin.email),
      email: demoAdmin.email,
      organizationId: demoOrganization.id,
      role: 'admin',
      requiresPasswordChange: false,
    });
    // Access tokens live 15 minutes from their signing (somewhere between before and after the sign-in, however
    // long that took on a busy machine); the expiry is the token's own `exp`, whole seconds.
    const expires = Date.parse(expiresAt);
    assert.ok(
      expires > before + 899_000 && expires <= after + 900_000,
      `expires ${expires - before} ms after`,
    );
  });

  it('tells that a user with an expired password must change it', async () => {
    const expired = demoUsers.find((user) => user.requiresPasswordChange)!;
    const { accessToken } = await logIn(server.app, { email: expired.email, password: demoPassword });
    const answer = (await verify({ token: accessToken })).json<TokenVerification>();
    assert.equal(answer.valid && answer.requiresPasswordChange, true);
    assert.equal(answer.valid && answer.role, 'teammate');
  });

  it('answers { valid: false } for anything that is not a good token, never an error', async () => {
    const { accessToken } = await logIn(server.app);
    const [header, payload] = accessToken.split('.');
    await assertInvalid('not-a-token', 'garbage');
    await assertInvalid('a.b.c', 'three garbage parts');
    await assertInvalid(`${header}.${payload}.`, 'signature removed');
    await assertInvalid(`${accessToken.slice(0, -4)}AAAA`, 'signature altered');
    await assertInvalid(`${header}.${Buffer.from('{"sub":1}').toString('base64url')}.x`, 'payload forged');
    await assertInvalid('x'.repeat(100_000), 'very long');
    await assertInvalid('%00<script>\u0007', 'control characters');
    // A NUL character is refused like in every field of every endpoint (issue 11), without repeating the input.
    const nul = await verify({ token: 'a\u0000<script>' });
    assert.equal(nul.statusCode, 400);
    assert.ok(!nul.body.includes('<script>'));
  });

  it('answers { valid: false } for a token signed with another key', async () => {
    const forged = await foreignTokens.sign({
      userId: await userIdOf(demoAdmin.email),
      email: demoAdmin.email,
      organizationId: demoOrganization.id,
      role: 'admin',
      requiresPasswordChange: false,
      sessionId: '00000000-0000-4000-8000-0000000000ff',
    });
    await assertInvalid(forged, 'foreign key');
  });

  it('answers { valid: false } for an expired token signed with our key', async () => {
    const expired = await expiredTokens.sign({
      userId: await userIdOf(demoAdmin.email),
      email: demoAdmin.email,
      organizationId: demoOrganization.id,
      role: 'admin',
      requiresPasswordChange: false,
      sessionId: '00000000-0000-4000-8000-0000000000ff',
    });
    await assertInvalid(expired, 'expired');
  });

  it('answers { valid: false } once the user is suspended, and again valid once they are not', async () => {
    const email = 'suspended-later@example.com';
    await createUser(server.database, email, 'Harbour-Lights-2026');
    const { accessToken } = await logIn(server.app, { email, password: 'Harbour-Lights-2026' });
    assert.equal((await verify({ token: accessToken })).json<TokenVerification>().valid, true);

    const user = db(server.database).updateTable('users').where('email', '=', email);
    await user.set({ suspendedAt: sql<Date>`now()` }).execute();
    await assertInvalid(accessToken, 'suspended');
    await user.set({ suspendedAt: null }).execute();
    assert.equal((await verify({ token: accessToken })).json<TokenVerification>().valid, true);
  });

  it('answers { valid: false } when the user is no longer active or no longer exists', async () => {
    const email = 'leaving@example.com';
    await createUser(server.database, email, 'Harbour-Lights-2026');
    const { accessToken } = await logIn(server.app, { email, password: 'Harbour-Lights-2026' });
    await db(server.database)
      .updateTable('users')
      .set({ status: 'InvitationSent' })
      .where('email', '=', email)
      .execute();
    await assertInvalid(accessToken, 'not active');
    await db(server.database).deleteFrom('users').where('email', '=', email).execute();
    await assertInvalid(accessToken, 'deleted');
  });

  it('answers a token whose subject is not a user id with { valid: false }', async () => {
    const ours = createAccessTokens(await loadOrCreateSigningKeys(keysDir), 900);
    const noSuchUser = await ours.sign({
      userId: 'not-a-uuid',
      email: 'ghost@example.com',
      organizationId: demoOrganization.id,
      role: 'admin',
      requiresPasswordChange: false,
      sessionId: '00000000-0000-4000-8000-0000000000ff',
    });
    await assertInvalid(noSuchUser, 'malformed subject');
  });

  it('refuses a missing or empty token as a required field (400)', async () => {
    for (const payload of [{}, { token: '' }, { token: null }, { token: 42 }]) {
      const response = await verify(payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'This field is required',
        code: 'VALIDATION_FAILED',
        issues: { token: 'This field is required' },
      });
    }
    const noBody = await server.app.inject({ method: 'POST', url: '/verifyToken' });
    assert.equal(noBody.statusCode, 400);
    assert.deepEqual(noBody.json().issues, { token: 'This field is required' });
  });
});
