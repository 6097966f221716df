// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { accessTokenAudience, accessTokenIssuer } from '@dcipher/shared/auth';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { demoPassword, demoUsers } from '../../db/seed-demo-data.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { refreshReuseIntervalSeconds } from './refresh-token-store.js';

describe('identity', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const post = (url: string, payload: object, accessToken?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      payload,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });

  describe('POST /login', () => {
    it('signs in the demo admin with verifiable claims', async () => {
      const tokens = await logIn(server.app);
      assert.equal(tokens.requiresPasswordChange, false);
      assert.equal(tokens.refreshExpiresIn, 43_200);
      assert.match(tokens.refreshToken, /^[A-Za-z0-9_-]{43}$/);

      const jwks = (await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      const { payload, protectedHeader } = await jwtVerify(tokens.accessToken, createLocalJWKSet(jwks), {
        issuer: accessTokenIssuer,
        audience: accessTokenAudience,
        algorithms: ['RS256'],
      });
      assert.equal(protectedHeader.kid, jwks.keys[0].kid);
      assert.equal(payload.email, demoAdmin.email);
      assert.equal(payload.role, 'admin');
      assert.equal(payload.requiresPasswordChange, false);
      assert.match(String(payload.sub), /^[0-9a-f-]{36}$/);
      assert.match(String(payload.organizationId), /^[0-9a-f-]{36}$/);
      assert.equal((payload.exp as number) - (payload.iat as number), 900);
      assert.deepEqual(Object.keys(payload).sort(), [
        'aud',
        'email',
        'exp',
        'iat',
        'iss',
        'organizationId',
        'requiresPasswordChange',
        'role',
        'sid',
        'sub',
      ]);
      assert.match(String(payload.sid), /^[0-9a-f-]{36}$/, 'the session id');
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const tokens = await logIn(server.app, { email: '  Guest@Demo.Dcipher.LOCAL ' });
      const header = decodeProtectedHeader(tokens.accessToken);
      assert.equal(header.alg, 'RS256');
    });

    it('keeps a stay-signed-in session for 14 days', async () => {
      const tokens = await logIn(server.app, { staySignedIn: true });
      assert.equal(tokens.refreshExpiresIn, 1_209_600);
    });

    for (const [situation, credentials] of [
      ['a wrong password', { email: demoAdmin.email, password: 'not-the-password' }],
      ['an unknown email', { email: 'nobody@demo.dcipher.local', password: demoPassword }],
    ] as const) {
      it(`answers ${situation} with 401 "Invalid email or password"`, async () => {
        const response = await post('/login', credentials);
        assert.equal(response.statusCode, 401);
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Invalid email or password',
          code: 'INVALID_CREDENTIALS',
        });
      });
    }

    it('does not let an invited (not yet active) user sign in', async () => {
      await db(server.database)
        .updateTable('users')
        .set({ status: 'InvitationSent' })
        .where('email', '=', 'teammate@demo.dcipher.local')
        .execute();
      try {
        const response = await post('/login', {
          email: 'teammate@demo.dcipher.local',
          password: demoPassword,
        });
        assert.equal(response.statusCode, 401);
        assert.equal(response.json().message, 'Invalid email or password');
      } finally {
        await db(server.database)
          .updateTable('users')
          .set({ status: 'Active' })
          .where('email', '=', 'teammate@demo.dcipher.local')
          .execute();
      }
    });

    it('answers an address that is not an email with the login row "Invalid email"', async () => {
      const response = await post('/login', { email: 'not-an-email' });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid email',
        code: 'VALIDATION_FAILED',
        issues: { email: 'Invalid email', password: 'This field is required' },
      });
    });

    it('answers a password no account can have with "Invalid username/password combination", checking nothing', async () => {
      const response = await post('/login', { email: demoAdmin.email, password: 'x'.repeat(129) });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().message, 'Invalid username/password combination');
      assert.deepEqual(response.json().issues, { password: 'Invalid username/password combination' });
      // Not a failed attempt: the right password still signs in at once, with no delay to wait out.
      await logIn(server.app);
    });

    it('answers a missing body with every required field', async () => {
      const response = await server.app.inject({ method: 'POST', url: '/login' });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, {
        email: 'This field is required',
        password: 'This field is required',
      });
    });
  });

  describe('POST /token', () => {
    it('rotates: the new pair works, the used refresh token is spent', async () => {
      const first = await logIn(server.app);
      const rotated = await post('/token', { refreshToken: first.refreshToken });
      assert.equal(rotated.statusCode, 200);
      const second = rotated.json();
      assert.notEqual(second.refreshToken, first.refreshToken);
      assert.ok(second.refreshExpiresIn <= first.refreshExpiresIn && second.refreshExpiresIn > 43_000);
      const account = await server.app.inject({
        method: 'GET',
        url: '/account',
        headers: { authorization: `Bearer ${second.accessToken}` },
      });
      assert.equal(account.statusCode, 200);

      const third = await post('/token', { refreshToken: second.refreshToken });
      assert.equal(third.statusCode, 200);
    });

    /** Makes every spent refresh token look spent longer ago than the reuse interval (two racing tabs). */
    const pastReuseInterval = () =>
      db(server.database)
        .updateTable('refreshTokens')
        .set({
          usedAt: sql<Date>`now() - (${refreshReuseIntervalSeconds}::integer + 1) * interval '1 second'`,
        })
        .where('usedAt', 'is not', null)
        .execute();

    it('revokes the whole family when a used refresh token comes back after the reuse interval', async () => {
      const first = await logIn(server.app);
      const second = (await post('/token', { refreshToken: first.refreshToken })).json();
      await pastReuseInterval();

      const reuse = await post('/token', { refreshToken: first.refreshToken });
      assert.equal(reuse.statusCode, 401);
      assert.deepEqual(errorBodyOf(reuse), {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Your session has ended. Please log in again.',
        code: 'REFRESH_TOKEN_REUSED',
      });

      // The token the rotation issued, never used, was revoked with its family.
      const afterReuse = await post('/token', { refreshToken: second.refreshToken });
      assert.equal(afterReuse.statusCode, 401);
      assert.equal(afterReuse.json().code, 'INVALID_REFRESH_TOKEN');
    });

    it('leaves other sessions alone when one family is revoked', async () => {
      const other = await logIn(server.app);
      const victim = await logIn(server.app);
      await post('/token', { refreshToken: victim.refreshToken });
      await pastReuseInterval();
      await post('/token', { refreshToken: victim.refreshToken });
      const response = await post('/token', { refreshToken: other.refreshToken });
      assert.equal(response.statusCode, 200);
    });

    it('lets two tabs refresh with the same token at the same moment: both get tokens, the session goes on', async () => {
      const tokens = await logIn(server.app);
      const [one, two] = await Promise.all([
        post('/token', { refreshToken: tokens.refreshToken }),
        post('/token', { refreshToken: tokens.refreshToken }),
      ]);
      assert.deepEqual([one.statusCode, two.statusCode], [200, 200]);
      // Whichever answer the browser kept, the session continues.
      for (const answer of [one, two]) {
        const next = await post('/token', { refreshToken: answer.json().refreshToken });
        assert.equal(next.statusCode, 200, next.body);
      }
      // A late return of the first token (a replay after the interval) still ends the session.
      await pastReuseInterval();
      const late = await post('/token', { refreshToken: tokens.refreshToken });
      assert.equal(late.json().code, 'REFRESH_TOKEN_REUSED');
    });

    it('rejects unknown and expired refresh tokens', async () => {
      const unknown = await post('/token', { refreshToken: 'made-up' });
      assert.equal(unknown.statusCode, 401);
      assert.equal(unknown.json().code, 'INVALID_REFRESH_TOKEN');

      const tokens = await logIn(server.app);
      await db(server.database)
        .updateTable('refreshTokens')
        .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
        .where('expiresAt', '>', sql<Date>`now()`)
        .execute();
      const expired = await post('/token', { refreshToken: tokens.refreshToken });
      assert.equal(expired.statusCode, 401);
      assert.equal(expired.json().code, 'INVALID_REFRESH_TOKEN');
    });

    it('requires a refresh token', async () => {
      const response = await post('/token', {});
      assert.equal(response.statusCode, 400);
      assert.ok(response.json().issues.refreshToken);
    });

    it('stores refresh tokens only as hashes', async () => {
      const tokens = await logIn(server.app);
      const rows = await db(server.database).selectFrom('refreshTokens').select('tokenHash').execute();
      assert.ok(
        rows.every((row) => row.tokenHash !== tokens.refreshToken && /^[0-9a-f]{64}$/.test(row.tokenHash)),
      );
    });
  });

  describe('POST /logout', () => {
    it('with isForced revokes every refresh token of the user', async () => {
      const firstSession = await logIn(server.app, { email: demoUsers[2]!.email });
      const secondSession = await logIn(server.app, { email: demoUsers[2]!.email });
      const adminSession = await logIn(server.app);

      const response = await post('/logout', { isForced: true }, secondSession.accessToken);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { loggedOut: true });

      for (const session of [firstSession, secondSession]) {
        const refresh = await post('/token', { refreshToken: session.refreshToken });
        assert.equal(refresh.statusCode, 401);
        assert.equal(refresh.json().code, 'INVALID_REFRESH_TOKEN');
      }
      assert.equal((await post('/token', { refreshToken: adminSession.refreshToken })).statusCode, 200);
    });

    it('without isForced ends the session of its access token only', async () => {
      const session = await logIn(server.app);
      const otherSession = await logIn(server.app);
      const response = await post('/logout', { isForced: false }, session.accessToken);
      assert.deepEqual(bodyOf(response), { loggedOut: true });
      assert.equal((await post('/token', { refreshToken: session.refreshToken })).statusCode, 401);
      const reused = await server.app.inject({
        method: 'GET',
        url: '/account',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      assert.equal(reused.statusCode, 401, 'its access token stops working at once');
      assert.equal((await post('/token', { refreshToken: otherSession.refreshToken })).statusCode, 200);
    });

    it('needs the bearer token', async () => {
      const response = await post('/logout', { isForced: true });
      assert.equal(response.statusCode, 401);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Unauthorized',
        code: 'UNAUTHORIZED',
      });
    });
  });
});
