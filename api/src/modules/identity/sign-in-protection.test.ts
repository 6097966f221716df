// engines: any
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TwoFactorChallenge, TwoFactorSetup } from '@dcipher/shared/contract';
import { type RawBuilder, sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { db } from '../../db/kysely.js';
import { createUser } from '../../test-support/create-user.js';
import { errorBodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, waitForEmailsTo } from '../../test-support/read-outbox.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { signInDelaySeconds } from '../abuse/sign-in-throttle.js';

const password = 'Harbour-Lights-2026';
const wrongPassword = 'Not-The-Password-1';

describe('sign-in protection', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  let addressCount = 0;
  let remoteAddressCount = 0;
  /** A new active user with `password`, and their address. */
  const someone = async (): Promise<string> => {
    addressCount += 1;
    const email = `signing-in-${addressCount}@example.com`;
    await createUser(server.database, email, password);
    return email;
  };
  /** Each test signs in from its own IP address, so only the per-IP test meets the per-IP limit. */
  const newRemoteAddress = () => {
    remoteAddressCount += 1;
    return `192.0.2.${remoteAddressCount}`;
  };

  const logIn = (email: string, withPassword: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email, password: withPassword },
      remoteAddress,
    });
  /** Rewrites the account's row of failed sign-ins, as if time had passed. */
  const rewriteFailures = (
    email: string,
    set: { delayedUntil: RawBuilder<Date> } | { lastFailureAt: RawBuilder<Date> },
  ) =>
    db(server.database)
      .updateTable('signInFailures')
      .set(set)
      .where('accountKey', '=', createHash('sha256').update(email).digest('hex'))
      .execute();
  /** Ends the account's current wait, as if its time had passed. */
  const waitIsOver = (email: string) =>
    rewriteFailures(email, { delayedUntil: sql<Date>`now() - interval '1 second'` });

  const assertDelayed = (response: Awaited<ReturnType<typeof logIn>>, seconds: number) => {
    assert.equal(response.statusCode, 429, response.body);
    const retryAfter = Number(response.headers['retry-after']);
    assert.ok(
      retryAfter > seconds - 2 && retryAfter <= seconds,
      `Retry-After ${retryAfter}, expected ${seconds}`,
    );
    const waitText = seconds < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many attempts. Please wait ${waitText} and try again.`,
      code: 'TOO_MANY_REQUESTS',
      params: { reason: 'signInAttempts', waitSeconds: retryAfter },
    });
  };

  it('doubles the wait from 30 seconds to at most 15 minutes', () => {
    assert.deepEqual(
      [1, 4, 5, 6, 7, 8, 9, 10, 11, 50].map(signInDelaySeconds),
      [0, 0, 30, 60, 120, 240, 480, 900, 900, 900],
    );
  });

  it('delays an account after 5 failures in a row, even for the right password, then doubles the wait', async () => {
    const email = await someone();
    const remoteAddress = newRemoteAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await logIn(email, wrongPassword, remoteAddress);
      assert.equal(response.statusCode, 401, `attempt ${attempt}`);
    }
    assertDelayed(await logIn(email, password, remoteAddress), 30);
    assertDelayed(await logIn(email, wrongPassword, remoteAddress), 30);

    for (const nextWait of [60, 120, 240, 480, 900, 900]) {
      await waitIsOver(email);
      assert.equal((await logIn(email, wrongPassword, remoteAddress)).statusCode, 401);
      assertDelayed(await logIn(email, password, remoteAddress), nextWait);
    }
  });

  it('lets the right password in once the wait is over, and forgets the failures', async () => {
    const email = await someone();
    const remoteAddress = newRemoteAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) await logIn(email, wrongPassword, remoteAddress);
    assert.equal((await logIn(email, password, remoteAddress)).statusCode, 429);
    await waitIsOver(email);
    assert.equal((await logIn(email, password, remoteAddress)).statusCode, 200);

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await logIn(email, wrongPassword, remoteAddress);
      assert.equal(response.statusCode, 401, `attempt ${attempt} after the success`);
    }
    assert.equal((await logIn(email, password, remoteAddress)).statusCode, 429);
  });

  it('resets the count on a success before the fifth failure', async () => {
    const email = await someone();
    const remoteAddress = newRemoteAddress();
    for (let round = 1; round <= 3; round += 1) {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        assert.equal((await logIn(email, wrongPassword, remoteAddress)).statusCode, 401);
      }
      assert.equal((await logIn(email, password, remoteAddress)).statusCode, 200, `round ${round}`);
    }
  });

  it('forgets failures a day old', async () => {
    const email = await someone();
    const remoteAddress = newRemoteAddress();
    for (let attempt = 1; attempt <= 4; attempt += 1) await logIn(email, wrongPassword, remoteAddress);
    await rewriteFailures(email, { lastFailureAt: sql<Date>`now() - interval '25 hours'` });
    assert.equal((await logIn(email, wrongPassword, remoteAddress)).statusCode, 401);
    assert.equal((await logIn(email, password, remoteAddress)).statusCode, 200, 'only 1 failure counted');
  });

  it('answers an unknown address exactly like a known one', async () => {
    const remoteAddress = newRemoteAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await logIn('nobody-at-all@example.com', password, remoteAddress);
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().code, 'INVALID_CREDENTIALS');
    }
    assertDelayed(await logIn('Nobody-At-All@Example.com', password, remoteAddress), 30);
  });

  it('counts concurrent guesses, so a burst cannot slip past the delay', async () => {
    const email = await someone();
    const remoteAddress = newRemoteAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => logIn(email, wrongPassword, remoteAddress)),
    );
    assert.deepEqual(
      answers.map((response) => response.statusCode).sort(),
      [401, 401, 401, 401, 401, 429, 429, 429],
    );
  });

  it('ends the delay when the password is reset', async () => {
    const email = await someone();
    const remoteAddress = newRemoteAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) await logIn(email, wrongPassword, remoteAddress);
    assert.equal((await logIn(email, password, remoteAddress)).statusCode, 429);

    await server.app.inject({ method: 'POST', url: '/reset-password', payload: { email }, remoteAddress });
    const [message] = await waitForEmailsTo(server.database, email, 1);
    const link = findLinksInEmail(message!).find((url) => url.includes('/new-password/'));
    const token = String(link?.split('/new-password/')[1]);
    const newPassword = 'Brand-New-Password-9';
    const reset = await server.app.inject({
      method: 'POST',
      url: '/new-password',
      payload: { token, password: newPassword, confirmPassword: newPassword },
    });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await logIn(email, newPassword, remoteAddress)).statusCode, 200);
  });

  it('refuses the 31st failed sign-in from one IP address within 10 minutes, whatever the accounts', async () => {
    const remoteAddress = '198.51.100.70';
    const email = await someone();
    // Successful sign-ins are given back and do not use the limit up.
    for (let attempt = 1; attempt <= 35; attempt += 1) {
      assert.equal((await logIn(email, password, remoteAddress)).statusCode, 200, `success ${attempt}`);
    }
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await logIn(`sprayed-${attempt}@example.com`, wrongPassword, remoteAddress);
      assert.equal(response.statusCode, 401, `failure ${attempt}`);
    }
    const refused = await logIn(email, password, remoteAddress);
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(errorBodyOf(refused), {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please wait a few minutes and try again.',
      code: 'TOO_MANY_REQUESTS',
    });
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(
      (await logIn(email, password, '198.51.100.71')).statusCode,
      200,
      'other addresses are not held',
    );
  });
  describe('device cookies: a browser that signed in before is not kept out by strangers (0029)', () => {
    const cookieName = 'dcipher_device';
    /** The `name=value` of the device cookie an answer sets, after checking its attributes. */
    const deviceCookieOf = (response: Awaited<ReturnType<typeof logIn>>): string => {
      const header = [response.headers['set-cookie'] ?? []]
        .flat()
        .find((cookie) => cookie.startsWith(`${cookieName}=`));
      assert.ok(header, `a device cookie is set (${response.statusCode} ${response.body})`);
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      assert.deepEqual(attributes.sort(), [
        'HttpOnly',
        'Max-Age=31536000',
        'Path=/login',
        'SameSite=Strict',
        'Secure',
      ]);
      return pair;
    };
    const logInWithCookie = (email: string, withPassword: string, remoteAddress: string, cookie?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/login',
        payload: { email, password: withPassword },
        remoteAddress,
        headers: cookie ? { cookie } : {},
      });
    /** An attacker somewhere else fails 6 times: 5 answered 401, then the account is delayed. */
    const strangerFailsSixTimes = async (email: string) => {
      const attacker = newRemoteAddress();
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const response = await logIn(email, wrongPassword, attacker);
        assert.equal(response.statusCode, attempt <= 5 ? 401 : 429, `attacker attempt ${attempt}`);
      }
    };

    it('after a stranger put the account behind the wait, lets its owner in from a browser that signed in before', async () => {
      const email = await someone();
      const owner = newRemoteAddress();
      const cookie = deviceCookieOf(await logInWithCookie(email, password, owner));
      await strangerFailsSixTimes(email);

      const withCookie = await logInWithCookie(email, password, owner, `theme=dark; ${cookie}`);
      assert.equal(withCookie.statusCode, 200, withCookie.body);
      assert.ok(withCookie.json().accessToken);
      assert.notEqual(deviceCookieOf(withCookie), cookie, 'a new device cookie at each sign-in');

      assertDelayed(await logInWithCookie(email, password, owner), 30);
      assertDelayed(await logIn(email, password, newRemoteAddress()), 30);
    });

    it("does not let a forged cookie or another account's cookie past the wait", async () => {
      const email = await someone();
      const other = await someone();
      const owner = newRemoteAddress();
      const cookie = deviceCookieOf(await logInWithCookie(email, password, owner));
      const othersCookie = deviceCookieOf(await logInWithCookie(other, password, owner));
      await strangerFailsSixTimes(email);

      const [userId, deviceId, issuedAt, signature = ''] = cookie.slice(cookieName.length + 1).split('.');
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      const signedWithAnotherKey = createHmac('sha256', 'not-the-server-key')
        .update(`${userId}.${deviceId}.${issuedAt}`)
        .digest('base64url');
      const [, otherDeviceId, otherIssuedAt, otherSignature] = othersCookie
        .slice(cookieName.length + 1)
        .split('.');
      for (const forged of [
        `${cookieName}=${userId}.${deviceId}.${issuedAt}.${flipped}`,
        `${cookieName}=${userId}.${deviceId}.${issuedAt}.${signedWithAnotherKey}`,
        `${cookieName}=${userId}.${deviceId}.${Number(issuedAt) + 1}.${signature}`,
        // Another account's device id and signature under this account's id.
        `${cookieName}=${userId}.${otherDeviceId}.${otherIssuedAt}.${otherSignature}`,
        othersCookie,
        `${cookieName}=${userId}`,
        `${cookieName}=<script>`,
      ]) {
        assertDelayed(await logInWithCookie(email, password, owner, forged), 30);
      }
    });

    it('gives the known browser a budget of its own: 5 failures, then that browser waits too', async () => {
      const email = await someone();
      const owner = newRemoteAddress();
      const cookie = deviceCookieOf(await logInWithCookie(email, password, owner));
      const secondBrowser = deviceCookieOf(await logInWithCookie(email, password, owner));
      await strangerFailsSixTimes(email);

      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await logInWithCookie(email, wrongPassword, owner, cookie);
        assert.equal(response.statusCode, 401, `known browser's failure ${attempt}`);
      }
      assertDelayed(await logInWithCookie(email, password, owner, cookie), 30);
      // Each known browser counts alone (a thief of one cookie does not hold the others up).
      assert.equal((await logInWithCookie(email, password, owner, secondBrowser)).statusCode, 200);
    });

    it("a known browser's failures do not delay the account, and its success does not end the account's wait", async () => {
      const email = await someone();
      const owner = newRemoteAddress();
      const cookie = deviceCookieOf(await logInWithCookie(email, password, owner));
      const secondBrowser = deviceCookieOf(await logInWithCookie(email, password, owner));
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        assert.equal((await logInWithCookie(email, wrongPassword, owner, cookie)).statusCode, 401);
      }
      assert.equal(
        (await logIn(email, password, newRemoteAddress())).statusCode,
        200,
        'the account is not delayed',
      );

      await strangerFailsSixTimes(email);
      assert.equal((await logInWithCookie(email, password, owner, secondBrowser)).statusCode, 200);
      assertDelayed(await logIn(email, password, newRemoteAddress()), 30);
    });

    it('takes the known browser through the two-step code while the account waits', async () => {
      const email = await someone();
      const owner = newRemoteAddress();
      const firstSignIn = await logInWithCookie(email, password, owner);
      const { accessToken } = firstSignIn.json();
      const bearer = { authorization: `Bearer ${accessToken}` };
      const setup = (
        await server.app.inject({ method: 'POST', url: '/account/two-factor/setup', headers: bearer })
      ).json<TwoFactorSetup>();
      const totp = new TOTP({ issuer: 'Dcipher', label: email, secret: Secret.fromBase32(setup.secret) });
      const enabled = await server.app.inject({
        method: 'POST',
        url: '/account/two-factor/enable',
        headers: bearer,
        payload: { code: totp.generate() },
      });
      assert.equal(enabled.statusCode, 200, enabled.body);
      const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();

      // A password alone issues no device cookie: the sign-in is not complete before the code.
      const passwordOnly = await logInWithCookie(email, password, owner);
      assert.equal(passwordOnly.json<TwoFactorChallenge>().twoFactorRequired, true);
      assert.ok(
        ![passwordOnly.headers['set-cookie'] ?? []].flat().some((header) => header.startsWith(cookieName)),
      );
      const completed = await server.app.inject({
        method: 'POST',
        url: '/login/two-factor',
        payload: {
          challengeToken: passwordOnly.json<TwoFactorChallenge>().challengeToken,
          recoveryCode: recoveryCodes[0],
        },
        remoteAddress: owner,
      });
      assert.equal(completed.statusCode, 200, completed.body);
      const cookie = deviceCookieOf(completed);

      await strangerFailsSixTimes(email);
      const challenge = await logInWithCookie(email, password, owner, cookie);
      assert.equal(challenge.statusCode, 200, challenge.body);
      const withCode = await server.app.inject({
        method: 'POST',
        url: '/login/two-factor',
        payload: {
          challengeToken: challenge.json<TwoFactorChallenge>().challengeToken,
          recoveryCode: recoveryCodes[1],
        },
        remoteAddress: owner,
        headers: { cookie },
      });
      assert.equal(withCode.statusCode, 200, withCode.body);
      deviceCookieOf(withCode);
      assertDelayed(await logIn(email, password, newRemoteAddress()), 30);
    });
  });
});
