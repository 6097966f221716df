// engines: any
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type {
  IssuedTokenPair,
  Session,
  SignInAttempt,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '@dcipher/shared/contract';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { db } from '../../db/kysely.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import {
  exportSessionsAndSignInHistory,
  exportTwoStepVerificationStatus,
} from './account-security-export.js';
import { signInAttemptsKeptPerUser } from './sign-in-history.js';

const password = 'Harbour-Lights-2026';
const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('privacy & security', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());
  // Every request comes from 127.0.0.1: the per-address limit of failed sign-ins has its own tests (0013).
  beforeEach(() => db(server.database).deleteFrom('rateLimitWindows').execute());

  let addressCount = 0;
  const newUser = async (): Promise<string> => {
    addressCount += 1;
    const email = `security-${addressCount}@example.com`;
    await createUser(server.database, email, password);
    return email;
  };
  const userIdOf = async (email: string) =>
    (
      await db(server.database)
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  /** The sign-in attempts kept, the user's or everyone's. */
  const countSignInAttempts = async (userId?: string) => {
    const attempts = db(server.database)
      .selectFrom('signInAttempts')
      .select(({ fn }) => fn.countAll<number>().as('count'));
    const { count } = await (userId === undefined
      ? attempts
      : attempts.where('userId', '=', userId)
    ).executeTakeFirstOrThrow();
    return Number(count);
  };

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const tryLogIn = (email: string, typed = password, userAgent = firefoxOnLinux) =>
    server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email, password: typed },
      headers: { 'user-agent': userAgent },
    });
  const logIn = async (email: string, userAgent = firefoxOnLinux) => {
    const response = await tryLogIn(email, password, userAgent);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<IssuedTokenPair>();
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    accessToken: string,
    payload?: object,
  ) => server.app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });
  const refresh = (refreshToken: string) =>
    server.app.inject({ method: 'POST', url: '/token', payload: { refreshToken } });
  const sessionsOf = async (accessToken: string) => {
    const response = await call('GET', '/account/sessions', accessToken);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Session[]>();
  };
  const historyOf = async (accessToken: string) => {
    const response = await call('GET', '/account/sign-in-history', accessToken);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<SignInAttempt[]>();
  };
  const sidOf = (tokens: IssuedTokenPair) => String(decodeJwt(tokens.accessToken).sid);

  describe('sessions', () => {
    it('lists each signed-in browser, the most recently active first, marking the caller', async () => {
      const email = await newUser();
      const first = await logIn(email, firefoxOnLinux);
      const second = await logIn(email, chromeOnWindows);

      const sessions = await sessionsOf(first.accessToken);
      assert.equal(sessions.length, 2);
      const [newest, oldest] = sessions;
      assert.equal(newest?.id, sidOf(second));
      assert.equal(oldest?.id, sidOf(first));
      assert.deepEqual(
        sessions.map(({ browser, os, ipAddress, current }) => ({ browser, os, ipAddress, current })),
        [
          { browser: 'Chrome 126', os: 'Windows 10', ipAddress: '127.0.0.1', current: false },
          { browser: 'Firefox 128', os: 'Linux', ipAddress: '127.0.0.1', current: true },
        ],
      );
      assert.ok(Date.parse(newest!.createdAt) <= Date.parse(newest!.lastActiveAt));

      // Refreshing makes the first session the most recently active one.
      const refreshed = await refresh(first.refreshToken);
      assert.equal(refreshed.statusCode, 200);
      assert.equal(sidOf(refreshed.json<IssuedTokenPair>()), sidOf(first), 'a refresh keeps the session');
      assert.equal((await sessionsOf(second.accessToken))[0]?.id, sidOf(first));
    });

    it('signs out one session: its refresh token and its access token stop working at once', async () => {
      const email = await newUser();
      const mine = await logIn(email);
      const other = await logIn(email, chromeOnWindows);

      const response = await call('DELETE', `/account/sessions/${sidOf(other)}`, mine.accessToken);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(bodyOf(response), { signedOut: true });

      assert.equal((await refresh(other.refreshToken)).statusCode, 401);
      const otherAccess = await call('GET', '/account', other.accessToken);
      assert.equal(otherAccess.statusCode, 401);
      assert.equal(otherAccess.json().code, 'UNAUTHORIZED');
      const verified = await server.app.inject({
        method: 'POST',
        url: '/verifyToken',
        payload: { token: other.accessToken },
      });
      assert.deepEqual(bodyOf(verified), { valid: false }, 'other services refuse it too');

      assert.equal((await call('GET', '/account', mine.accessToken)).statusCode, 200);
      assert.deepEqual(
        (await sessionsOf(mine.accessToken)).map((session) => session.id),
        [sidOf(mine)],
      );
      const again = await call('DELETE', `/account/sessions/${sidOf(other)}`, mine.accessToken);
      assert.equal(again.statusCode, 404, 'an ended session is gone');
    });

    it("answers another user's session, a made-up id and odd input with 404 or 400, never ending anything", async () => {
      const mallory = await logIn(await newUser());
      const alice = await logIn(await newUser());

      const stolen = await call('DELETE', `/account/sessions/${sidOf(alice)}`, mallory.accessToken);
      assert.equal(stolen.statusCode, 404);
      assert.deepEqual(errorBodyOf(stolen), {
        statusCode: 404,
        error: 'Not Found',
        message: 'This session has already ended.',
        code: 'NOT_FOUND',
        params: {
          reason: 'session',
        },
      });
      assert.equal((await call('GET', '/account', alice.accessToken)).statusCode, 200, 'alice is still in');

      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'%20or%201=1"]) {
        const response = await call('DELETE', `/account/sessions/${id}`, mallory.accessToken);
        assert.equal(response.statusCode, 404, id);
      }
      // A NUL character is refused before anything is looked up, as in every field (issue 11).
      assert.equal((await call('DELETE', '/account/sessions/%00', mallory.accessToken)).statusCode, 400);
      const long = await call('DELETE', `/account/sessions/${'a'.repeat(80)}`, mallory.accessToken);
      assert.equal(long.statusCode, 400);
      assert.equal(long.json().message, 'This session has already ended.');
      const huge = await call('DELETE', `/account/sessions/${'a'.repeat(5000)}`, mallory.accessToken);
      assert.equal(huge.statusCode, 414, "Fastify's own limit on path parameters");
    });

    it('signs out every other session and keeps the current one', async () => {
      const email = await newUser();
      const mine = await logIn(email);
      const others = [await logIn(email), await logIn(email, chromeOnWindows)];

      const response = await call('DELETE', '/account/sessions', mine.accessToken);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(bodyOf(response), { signedOut: 2 });
      for (const other of others) {
        assert.equal((await refresh(other.refreshToken)).statusCode, 401);
        assert.equal((await call('GET', '/account', other.accessToken)).statusCode, 401);
      }
      assert.equal((await call('GET', '/account', mine.accessToken)).statusCode, 200);
      assert.equal((await refresh(mine.refreshToken)).statusCode, 200);
    });

    it('need the bearer token', async () => {
      for (const [method, url] of [
        ['GET', '/account/sessions'],
        ['DELETE', '/account/sessions'],
        ['GET', '/account/sign-in-history'],
        ['GET', '/account/two-factor'],
        ['POST', '/account/two-factor/setup'],
      ] as const) {
        const response = await server.app.inject({ method, url });
        assert.equal(response.statusCode, 401, `${method} ${url}`);
      }
    });
  });

  describe('PUT /change-password', () => {
    it("ends every other session (refresh and access tokens) and keeps the caller's", async () => {
      const email = await newUser();
      const mine = await logIn(email);
      const other = await logIn(email, chromeOnWindows);
      const newPassword = 'New-Harbour-Lights-2027';

      const response = await call('PUT', '/change-password', mine.accessToken, {
        currentPassword: password,
        newPassword,
        confirmPassword: newPassword,
      });
      assert.equal(response.statusCode, 200, response.body);
      const pair = response.json<IssuedTokenPair>();
      assert.equal(sidOf(pair), sidOf(mine), 'the same session goes on');

      assert.equal((await refresh(other.refreshToken)).statusCode, 401);
      assert.equal((await call('GET', '/account', other.accessToken)).statusCode, 401);
      assert.equal(
        (await refresh(mine.refreshToken)).statusCode,
        401,
        "the caller's old refresh token is spent",
      );
      assert.equal((await call('GET', '/account', pair.accessToken)).statusCode, 200);
      const sessions = await sessionsOf(pair.accessToken);
      assert.deepEqual(
        sessions.map(({ id, current }) => ({ id, current })),
        [{ id: sidOf(mine), current: true }],
      );
      assert.equal((await refresh(pair.refreshToken)).statusCode, 200);
    });
  });

  describe('sign-in history', () => {
    it('records successes and failures with their reason, browser and address, newest first', async () => {
      const email = await newUser();
      assert.equal((await tryLogIn(email, 'Wrong-Password-1!')).statusCode, 401);
      const tokens = await logIn(email, chromeOnWindows);
      const users = db(server.database).updateTable('users').where('email', '=', email);
      await users.set({ emailVerifiedAt: null }).execute();
      assert.equal((await tryLogIn(email)).statusCode, 403);
      await users.set({ emailVerifiedAt: sql<Date>`now()` }).execute();
      await users.set({ suspendedAt: sql<Date>`now()` }).execute();
      assert.equal((await tryLogIn(email)).statusCode, 403);
      await users.set({ suspendedAt: null }).execute();

      const history = await historyOf(tokens.accessToken);
      assert.deepEqual(
        history.map(({ method, outcome, browser, os, ipAddress }) => ({
          method,
          outcome,
          browser,
          os,
          ipAddress,
        })),
        [
          {
            method: 'password',
            outcome: 'suspended',
            browser: 'Firefox 128',
            os: 'Linux',
            ipAddress: '127.0.0.1',
          },
          {
            method: 'password',
            outcome: 'email-not-verified',
            browser: 'Firefox 128',
            os: 'Linux',
            ipAddress: '127.0.0.1',
          },
          {
            method: 'password',
            outcome: 'success',
            browser: 'Chrome 126',
            os: 'Windows 10',
            ipAddress: '127.0.0.1',
          },
          {
            method: 'password',
            outcome: 'wrong-password',
            browser: 'Firefox 128',
            os: 'Linux',
            ipAddress: '127.0.0.1',
          },
        ],
      );
      const times = history.map((attempt) => Date.parse(attempt.attemptedAt));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
      const stored = await db(server.database)
        .selectFrom('signInAttempts')
        .selectAll()
        .where('userId', '=', await userIdOf(email))
        .execute();
      assert.ok(
        stored.every((row) => !JSON.stringify(row).includes('Wrong-Password-1!')),
        'the typed password is never kept',
      );
    });

    it('records throttled attempts, and nothing for addresses without an account', async () => {
      const email = await newUser();
      for (let attempt = 0; attempt < 5; attempt += 1) await tryLogIn(email, 'Guess-123456!');
      const delayed = await tryLogIn(email);
      assert.equal(delayed.statusCode, 429);

      await db(server.database).deleteFrom('signInFailures').execute();
      const tokens = await logIn(email);
      const outcomes = (await historyOf(tokens.accessToken)).map((attempt) => attempt.outcome);
      assert.deepEqual(outcomes.slice(0, 2), ['success', 'throttled']);
      assert.equal(outcomes.filter((outcome) => outcome === 'wrong-password').length, 5);

      const before = await countSignInAttempts();
      await tryLogIn('nobody-here@example.com', 'Whatever-123!');
      assert.equal(await countSignInAttempts(), before);
    });

    it('answers the last 50 and keeps at most 100 per account', async () => {
      const email = await newUser();
      const userId = await userIdOf(email);
      await db(server.database)
        .insertInto('signInAttempts')
        .values(
          Array.from({ length: 120 }, (_, index) => ({
            userId,
            method: 'password' as const,
            outcome: 'wrong-password' as const,
            attemptedAt: sql<Date>`now() - ${index + 1}::integer * interval '1 minute'`,
          })),
        )
        .execute();
      const tokens = await logIn(email);
      const history = await historyOf(tokens.accessToken);
      assert.equal(history.length, 50);
      assert.equal(history[0]?.outcome, 'success');
      assert.equal(await countSignInAttempts(userId), signInAttemptsKeptPerUser);
    });
  });

  describe('two-step verification', () => {
    /** A user with two-step verification on: their tokens, the TOTP of their secret and their recovery codes. */
    const userWithTwoSteps = async () => {
      const email = await newUser();
      const tokens = await logIn(email);
      const setupResponse = await call('POST', '/account/two-factor/setup', tokens.accessToken);
      assert.equal(setupResponse.statusCode, 200, setupResponse.body);
      const setup = setupResponse.json<TwoFactorSetup>();
      const totp = new TOTP({ issuer: 'Dcipher', label: email, secret: Secret.fromBase32(setup.secret) });
      const enabled = await call('POST', '/account/two-factor/enable', tokens.accessToken, {
        code: totp.generate(),
      });
      assert.equal(enabled.statusCode, 200, enabled.body);
      const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
      return { email, tokens, totp, setup, recoveryCodes };
    };
    /** A code of the step `steps` from now (the server accepts one either way), so a test never reuses one. */
    const codeAt = (totp: TOTP, steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
    const challengeFor = async (email: string) => {
      const response = await tryLogIn(email);
      assert.equal(response.statusCode, 200, response.body);
      const challenge = response.json<TwoFactorChallenge>();
      assert.equal(challenge.twoFactorRequired, true);
      assert.equal(challenge.expiresIn, 300);
      assert.ok(!('accessToken' in challenge), 'no tokens before the code');
      return challenge.challengeToken;
    };
    const completeTwoSteps = (payload: object, userAgent = firefoxOnLinux) =>
      server.app.inject({
        method: 'POST',
        url: '/login/two-factor',
        payload,
        headers: { 'user-agent': userAgent },
      });

    it('sets up with a QR code, needs a right code to turn on and answers 10 recovery codes once', async () => {
      const email = await newUser();
      const tokens = await logIn(email);
      assert.deepEqual(bodyOf(await call('GET', '/account/two-factor', tokens.accessToken)), {
        enabled: false,
        recoveryCodesRemaining: 0,
      });

      const noSetup = await call('POST', '/account/two-factor/enable', tokens.accessToken, {
        code: '123456',
      });
      assert.equal(noSetup.statusCode, 409);

      const response = await call('POST', '/account/two-factor/setup', tokens.accessToken);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-store');
      const setup = response.json<TwoFactorSetup>();
      assert.match(setup.secret, /^[A-Z2-7]{32}$/);
      const uri = new URL(setup.otpauthUri);
      assert.equal(uri.protocol, 'otpauth:');
      assert.equal(uri.host, 'totp');
      assert.equal(decodeURIComponent(uri.pathname), `/Dcipher:${email}`);
      assert.equal(uri.searchParams.get('issuer'), 'Dcipher');
      assert.equal(uri.searchParams.get('secret'), setup.secret);
      assert.match(setup.qrCodeSvg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

      const totp = new TOTP({ issuer: 'Dcipher', label: email, secret: Secret.fromBase32(setup.secret) });
      const wrong = await call('POST', '/account/two-factor/enable', tokens.accessToken, {
        code: codeAt(totp, 10),
      });
      assert.equal(wrong.statusCode, 400);
      assert.deepEqual(errorBodyOf(wrong), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'That code is not correct. Check your authenticator app and try again.',
        code: 'TWO_FACTOR_CODE_INVALID',
        params: {
          reason: 'code',
        },
        issues: { code: 'That code is not correct. Check your authenticator app and try again.' },
      });

      const enabled = await call('POST', '/account/two-factor/enable', tokens.accessToken, {
        code: totp.generate(),
      });
      assert.equal(enabled.statusCode, 200, enabled.body);
      const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
      assert.equal(recoveryCodes.length, 10);
      assert.equal(new Set(recoveryCodes).size, 10);
      for (const code of recoveryCodes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
      assert.deepEqual(bodyOf(await call('GET', '/account/two-factor', tokens.accessToken)), {
        enabled: true,
        recoveryCodesRemaining: 10,
      });

      const stored = await db(server.database)
        .selectFrom('twoFactorRecoveryCodes')
        .select('codeHash')
        .where('userId', '=', await userIdOf(email))
        .execute();
      assert.ok(
        stored.every(({ codeHash }) => /^[0-9a-f]{64}$/.test(codeHash)),
        'only hashes are kept',
      );
      assert.equal((await call('POST', '/account/two-factor/setup', tokens.accessToken)).statusCode, 409);
    });

    it('asks for the code at sign-in, accepts each code once and counts wrong ones', async () => {
      const { email, totp } = await userWithTwoSteps();
      const challengeToken = await challengeFor(email);

      const enableCodeAgain = await completeTwoSteps({ challengeToken, code: totp.generate() });
      assert.equal(enableCodeAgain.statusCode, 400, 'the code that turned it on cannot be replayed');
      assert.equal(enableCodeAgain.json().code, 'TWO_FACTOR_CODE_INVALID');

      const code = codeAt(totp, 1);
      const signedIn = await completeTwoSteps({
        challengeToken,
        code: `${code.slice(0, 3)} ${code.slice(3)}`,
      });
      assert.equal(signedIn.statusCode, 200, signedIn.body);
      const tokens = signedIn.json<IssuedTokenPair>();
      assert.equal((await call('GET', '/account', tokens.accessToken)).statusCode, 200);

      const spentChallenge = await completeTwoSteps({ challengeToken, code: codeAt(totp, 1) });
      assert.equal(spentChallenge.statusCode, 401, 'a challenge works once');
      assert.deepEqual(errorBodyOf(spentChallenge), {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Your sign-in has expired. Please log in again.',
        code: 'TWO_FACTOR_CHALLENGE_INVALID',
      });

      // The very code used above (computed again, it could be the next window's if the clock just moved on).
      const replay = await completeTwoSteps({
        challengeToken: await challengeFor(email),
        code,
      });
      assert.equal(replay.statusCode, 400, 'a used code is refused in its window');

      const history = await historyOf(tokens.accessToken);
      assert.deepEqual(
        history.slice(0, 5).map(({ method, outcome }) => `${method} ${outcome}`),
        [
          'two-step-code wrong-two-step-code',
          'password two-step-required',
          'two-step-code success',
          'two-step-code wrong-two-step-code',
          'password two-step-required',
        ],
      );
    });

    it('allows 5 codes per challenge, and the tries count toward the sign-in throttle', async () => {
      const { email, totp } = await userWithTwoSteps();
      const challengeToken = await challengeFor(email);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const wrong = await completeTwoSteps({ challengeToken, code: codeAt(totp, 20 + attempt) });
        assert.equal(wrong.statusCode, 400, `attempt ${attempt}`);
      }
      // The password step and 4 wrong codes are 5 failures: the account's next attempt waits.
      const delayed = await completeTwoSteps({ challengeToken, code: codeAt(totp, 1) });
      assert.equal(delayed.statusCode, 429);
      await db(server.database).deleteFrom('signInFailures').execute();
      const outOfTries = await completeTwoSteps({ challengeToken, code: codeAt(totp, 1) });
      assert.equal(outOfTries.statusCode, 401, 'the fifth try was the last');
    });

    it('refuses a challenge older than 5 minutes', async () => {
      const { email, totp } = await userWithTwoSteps();
      const challengeToken = await challengeFor(email);
      await db(server.database)
        .updateTable('twoFactorChallenges')
        .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
        .where('userId', '=', await userIdOf(email))
        .execute();
      const response = await completeTwoSteps({ challengeToken, code: codeAt(totp, 1) });
      assert.equal(response.statusCode, 401);
    });

    it('signs in once with each recovery code', async () => {
      const { email, tokens, recoveryCodes } = await userWithTwoSteps();
      const [recoveryCode] = recoveryCodes;
      const signedIn = await completeTwoSteps({
        challengeToken: await challengeFor(email),
        recoveryCode: recoveryCode!.toUpperCase(),
      });
      assert.equal(signedIn.statusCode, 200, signedIn.body);

      const reused = await completeTwoSteps({ challengeToken: await challengeFor(email), recoveryCode });
      assert.equal(reused.statusCode, 400);
      assert.deepEqual(reused.json().issues, {
        recoveryCode: 'That recovery code is not correct or was already used.',
      });
      assert.deepEqual(bodyOf(await call('GET', '/account/two-factor', tokens.accessToken)), {
        enabled: true,
        recoveryCodesRemaining: 9,
      });
      const outcomes = (await historyOf(tokens.accessToken)).map(
        ({ method, outcome }) => `${method} ${outcome}`,
      );
      assert.deepEqual(outcomes.slice(0, 3), [
        'recovery-code wrong-recovery-code',
        'password two-step-required',
        'recovery-code success',
      ]);
    });

    it('refuses malformed second steps with 400, never 5xx', async () => {
      const { email } = await userWithTwoSteps();
      const challengeToken = await challengeFor(email);
      const cases: [object, Record<string, string>][] = [
        [
          { challengeToken },
          { code: 'Enter the code from your authenticator app or one of your recovery codes.' },
        ],
        [
          { challengeToken, code: '123456', recoveryCode: 'abcde-12345' },
          { code: 'Enter the code from your authenticator app or one of your recovery codes.' },
        ],
        [
          { challengeToken, code: '12\u00003456' },
          { code: 'Enter the 6-digit code from your authenticator app.' },
        ],
        [
          { challengeToken, code: '1'.repeat(100_000) },
          { code: 'Enter the 6-digit code from your authenticator app.' },
        ],
        [
          { challengeToken, recoveryCode: 'abcde\u000012345' },
          { recoveryCode: 'Enter one of your recovery codes, such as abcde-12345.' },
        ],
        [
          { challengeToken: 'x'.repeat(100_000), code: '123456' },
          { challengeToken: 'Your sign-in has expired. Please log in again.' },
        ],
        [
          { challengeToken: 42, code: 123456 },
          {
            challengeToken: 'Your sign-in has expired. Please log in again.',
            code: 'Enter the 6-digit code from your authenticator app.',
          },
        ],
      ];
      for (const [payload, issues] of cases) {
        const response = await completeTwoSteps(payload);
        assert.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 80));
        assert.deepEqual(response.json().issues, issues);
      }
      const unknown = await completeTwoSteps({ challengeToken: 'A'.repeat(43), code: '123456' });
      assert.equal(unknown.statusCode, 401);
    });

    it('turns off only with the current password, after which sign-in needs no code', async () => {
      const { email, tokens } = await userWithTwoSteps();
      const wrong = await call('POST', '/account/two-factor/disable', tokens.accessToken, {
        currentPassword: 'Not-The-Password-1',
      });
      assert.equal(wrong.statusCode, 400);
      assert.deepEqual(wrong.json().issues, { currentPassword: 'The current password is not correct.' });
      const missing = await call('POST', '/account/two-factor/disable', tokens.accessToken, {});
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(missing.json().issues, { currentPassword: 'This field is required' });

      const disabled = await call('POST', '/account/two-factor/disable', tokens.accessToken, {
        currentPassword: password,
      });
      assert.equal(disabled.statusCode, 200, disabled.body);
      assert.deepEqual(bodyOf(disabled), { enabled: false, recoveryCodesRemaining: 0 });
      const again = await call('POST', '/account/two-factor/disable', tokens.accessToken, {
        currentPassword: password,
      });
      assert.equal(again.statusCode, 409);

      assert.ok('accessToken' in (await logIn(email)), 'tokens straight away');
    });
  });

  describe('the data export sections', () => {
    it('export sessions, sign-in history and the two-step status, never secrets', async () => {
      const email = await newUser();
      const userId = await userIdOf(email);
      await logIn(email, chromeOnWindows);
      const exported = await exportSessionsAndSignInHistory(server.database, userId);
      assert.equal(exported.sessions.length, 1);
      assert.equal(exported.sessions[0]?.browser, 'Chrome 126');
      assert.equal(exported.sessions[0]?.userAgent, chromeOnWindows);
      assert.deepEqual(
        exported.signInHistory.map((attempt) => attempt.outcome),
        ['success'],
      );
      assert.ok(!JSON.stringify(exported).includes('token'), 'no token or hash');
      assert.deepEqual(await exportTwoStepVerificationStatus(server.database, userId), {
        enabled: false,
        enabledAt: null,
        recoveryCodesRemaining: 0,
      });
    });
  });
});
