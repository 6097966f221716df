// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { IssuedTokenPair } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, readOutbox, waitForEmailsTo } from '../../test-support/read-outbox.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

const webUrl = 'https://www.dcipher.test';
const oldPassword = 'Old-Harbour-Lights-2025';
const newPassword = 'New-Harbour-Lights-2026';

describe('password recovery', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ webUrl });
  });
  after(() => server.close());

  let addressCount = 0;
  /** A new active user with `oldPassword`, and their address. */
  const someone = async (options: { verified?: boolean } = {}): Promise<string> => {
    addressCount += 1;
    const email = `recovering-${addressCount}@example.com`;
    await createUser(server.database, email, oldPassword, options);
    return email;
  };

  const post = (url: string, payload: object, remoteAddress = '203.0.113.1') =>
    server.app.inject({ method: 'POST', url, payload, remoteAddress });
  const requestReset = (email: string, remoteAddress = '203.0.113.1') =>
    post('/reset-password', { email }, remoteAddress);
  const setNewPassword = (token: string, password = newPassword, confirmPassword = password) =>
    post('/new-password', { token, password, confirmPassword });
  const logIn = (email: string, password: string) => post('/login', { email, password });

  /** Asks for a link and answers the token in the `count`th email to the address. */
  const resetTokenFor = async (email: string, count = 1): Promise<string> => {
    assert.equal((await requestReset(email)).statusCode, 202);
    const [message] = await waitForEmailsTo(server.database, email, count);
    const link = findLinksInEmail(message!).find((url) => url.startsWith(`${webUrl}/new-password/`));
    if (!link) throw new Error(`the newest email to ${email} has no reset link`);
    return decodeURIComponent(link.slice(`${webUrl}/new-password/`.length));
  };

  const invalidLink = {
    statusCode: 400,
    error: 'Bad Request',
    message: 'This password reset link is not valid any more. Ask for a new one.',
    code: 'RESET_LINK_INVALID',
  };
  const expiredLink = {
    statusCode: 400,
    error: 'Bad Request',
    message: 'This password reset link has expired. Ask for a new one.',
    code: 'RESET_LINK_EXPIRED',
  };

  describe('POST /reset-password', () => {
    it('emails an account a single link to /new-password/<token>, valid 1 hour', async () => {
      const email = await someone();
      const response = await requestReset(email.toUpperCase());
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), { sent: true });

      const [message] = await waitForEmailsTo(server.database, email, 1);
      assert.equal(message?.subject, 'Reset your Dcipher password');
      assert.equal(message?.tag, 'password-reset');
      assert.match(String(message?.text), /This link expires in 1 hour and works once\./);
      const links = findLinksInEmail(message!);
      assert.equal(links.length, 1);
      assert.match(String(links[0]), /^https:\/\/www\.dcipher\.test\/new-password\/[A-Za-z0-9_-]{43}$/);

      const token = await db(server.database)
        .selectFrom('passwordResetTokens')
        .select(['tokenHash', 'createdAt', 'expiresAt'])
        .where('userId', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
        .executeTakeFirstOrThrow();
      assert.equal(token.expiresAt.getTime() - token.createdAt.getTime(), 3_600_000, 'valid 1 hour');
      assert.match(token.tokenHash, /^[0-9a-f]{64}$/, 'only a hash of the token is stored');
      assert.ok(!links[0]?.includes(token.tokenHash));
    });

    it('answers an unknown address the same way and sends nothing', async () => {
      const response = await requestReset('nobody-here@example.com');
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), { sent: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(await readOutbox(server.database, 'nobody-here@example.com'), []);
    });

    it('validates the address with the spec messages', async () => {
      const response = await post('/reset-password', { email: 'not-an-address' });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, { email: 'Please enter a valid email address' });
      const missing = await post('/reset-password', {});
      assert.deepEqual(missing.json().issues, { email: 'This field is required' });
    });

    it('sends at most 3 links an hour to one address, still answering 202', async () => {
      const email = await someone();
      for (const remoteAddress of ['203.0.113.20', '203.0.113.21', '203.0.113.22', '203.0.113.23']) {
        const response = await requestReset(email, remoteAddress);
        assert.equal(response.statusCode, 202);
        assert.deepEqual(bodyOf(response), { sent: true });
      }
      await waitForEmailsTo(server.database, email, 3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal((await readOutbox(server.database, email)).length, 3);
    });

    it('refuses the 11th request from one IP address within an hour with 429', async () => {
      const remoteAddress = '198.51.100.60';
      for (let count = 1; count <= 10; count += 1) {
        const response = await requestReset(`asking-${count}@example.com`, remoteAddress);
        assert.equal(response.statusCode, 202, `request ${count}`);
      }
      const refused = await requestReset('asking-11@example.com', remoteAddress);
      assert.equal(refused.statusCode, 429);
      assert.deepEqual(errorBodyOf(refused), {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many requests. Please wait a few minutes and try again.',
        code: 'TOO_MANY_REQUESTS',
      });
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await requestReset('asking-11@example.com', '198.51.100.61')).statusCode, 202);
    });
  });

  describe('POST /new-password', () => {
    it('sets the new password once: the old one stops working, sessions end, the owner is told', async () => {
      const email = await someone();
      const sessions = [
        (await logIn(email, oldPassword)).json<IssuedTokenPair>(),
        (await logIn(email, oldPassword)).json<IssuedTokenPair>(),
      ];
      const token = await resetTokenFor(email);

      const response = await setNewPassword(token);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(bodyOf(response), { changed: true });

      assert.equal((await logIn(email, oldPassword)).statusCode, 401);
      assert.equal((await logIn(email, newPassword)).statusCode, 200);
      for (const session of sessions) {
        const refresh = await post('/token', { refreshToken: session.refreshToken });
        assert.equal(refresh.statusCode, 401, 'refresh tokens issued before the reset are refused');
        assert.equal(refresh.json().code, 'INVALID_REFRESH_TOKEN');
      }

      const [notice] = await waitForEmailsTo(server.database, email, 2);
      assert.equal(notice?.subject, 'Your Dcipher password was changed');
      assert.equal(notice?.tag, 'password-changed');
      assert.deepEqual(findLinksInEmail(notice!), [`${webUrl}/forgot-password`]);

      const user = await db(server.database)
        .selectFrom('users')
        .select('passwordHash')
        .where('email', '=', email)
        .executeTakeFirst();
      assert.match(String(user?.passwordHash), /^\$argon2id\$/);

      const reused = await setNewPassword(token, 'Yet-Another-Password-3');
      assert.equal(reused.statusCode, 400);
      assert.deepEqual(bodyOf(reused), invalidLink);
      assert.equal((await logIn(email, newPassword)).statusCode, 200, 'the reused link changed nothing');
    });

    it('marks the address verified and clears an expired password', async () => {
      const email = await someone({ verified: false });
      await db(server.database)
        .updateTable('users')
        .set({ requiresPasswordChange: true })
        .where('email', '=', email)
        .execute();
      assert.equal((await logIn(email, oldPassword)).json().code, 'EMAIL_NOT_VERIFIED');

      assert.equal((await setNewPassword(await resetTokenFor(email))).statusCode, 200);
      const login = await logIn(email, newPassword);
      assert.equal(login.statusCode, 200, login.body);
      assert.equal(login.json().requiresPasswordChange, false);
    });

    it('works only with the newest link', async () => {
      const email = await someone();
      const older = await resetTokenFor(email, 1);
      const newer = await resetTokenFor(email, 2);
      assert.notEqual(older, newer);
      assert.deepEqual(bodyOf(await setNewPassword(older)), invalidLink);
      assert.equal((await setNewPassword(newer)).statusCode, 200);
    });

    it('answers an expired link with RESET_LINK_EXPIRED and keeps the old password', async () => {
      const email = await someone();
      const token = await resetTokenFor(email);
      await db(server.database)
        .updateTable('passwordResetTokens')
        .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
        .where('userId', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
        .execute();
      const response = await setNewPassword(token);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(bodyOf(response), expiredLink);
      assert.equal((await logIn(email, oldPassword)).statusCode, 200);
    });

    it('answers an unknown or malformed token with RESET_LINK_INVALID', async () => {
      for (const token of ['A'.repeat(43), 'not a token', '%00', 'x'.repeat(5000)]) {
        const response = await setNewPassword(token);
        assert.equal(response.statusCode, 400, token);
        assert.deepEqual(bodyOf(response), invalidLink);
      }
    });

    it('refuses the current password as the new one, and the link still works', async () => {
      const email = await someone();
      const token = await resetTokenFor(email);
      const response = await setNewPassword(token, oldPassword);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'New password must be different than the current password',
        code: 'VALIDATION_FAILED',
        params: {
          reason: 'newPasswordSameAsCurrent',
        },
        issues: { password: 'New password must be different than the current password' },
      });
      assert.equal((await setNewPassword(token)).statusCode, 200);
    });

    it('says the passwords do not match under the confirmation', async () => {
      const response = await setNewPassword('some-token', newPassword, `${newPassword}!`);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Passwords do not match',
        code: 'VALIDATION_FAILED',
        issues: { confirmPassword: 'Passwords do not match' },
      });
    });

    it('applies the password policy and requires every field', async () => {
      const response = await post('/new-password', { password: 'short' });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, {
        token: 'This field is required',
        password: 'Password must contain at least 12 characters',
        confirmPassword: 'This field is required',
      });
    });
  });
});
