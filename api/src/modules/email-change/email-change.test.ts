// engines: any
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { individualSignUp, signUp, verificationTokenFor } from '../../test-support/sign-up.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

const password = 'Harbour-Lights-2026';

describe('POST /update-email', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ captcha: { maxNumber: 100 } });
  });
  after(() => server.close());

  // Each test uses its own addresses and its own IP address, so limits and throttles do not mix.
  let count = 0;
  const next = () => {
    count += 1;
    return {
      email: `person-${count}@example.com`,
      newEmail: `new-${count}@example.org`,
      ip: `198.51.100.${count}`,
    };
  };

  const post = (url: string, payload: object, remoteAddress = '203.0.113.1') =>
    server.app.inject({ method: 'POST', url, payload, remoteAddress });
  const updateEmail = (payload: object, ip: string) => post('/update-email', payload, ip);
  const logIn = (email: string, withPassword = password) =>
    post('/login', { email, password: withPassword }, '203.0.113.200');
  const verify = (token: string) => post('/verify-email', { token });
  const emailsTo = async (address: string) =>
    (await readOutbox(server.database, address)).map((message) => message.tag);
  const addressOf = async (userId: string) =>
    (
      await db(server.database)
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirst()
    )?.email;

  /** The token in the newest email to `address` with a /verify-email link. */
  const linkTokenFor = (address: string) => verificationTokenFor(server.database, address);

  const accepted = (newEmail: string) => ({ email: newEmail, verificationRequired: true });
  const invalidCredentials = {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Invalid email or password',
    code: 'INVALID_CREDENTIALS',
  };
  const verificationFailed = {
    statusCode: 400,
    error: 'Bad Request',
    message: 'Unexpected error while validating email',
    code: 'VERIFICATION_FAILED',
  };

  describe('an account whose address is not verified yet (the /postsignup page)', () => {
    it('replaces the address at once and sends a new link to it; the old link stops working', async () => {
      const { email, newEmail, ip } = next();
      assert.equal((await signUp(server.app, individualSignUp({ email, password }), ip)).statusCode, 201);
      const oldToken = await linkTokenFor(email);

      const response = await updateEmail({ email, password, newEmail: ` ${newEmail.toUpperCase()} ` }, ip);
      assert.equal(response.statusCode, 202, response.body);
      assert.deepEqual(bodyOf(response), accepted(newEmail));

      assert.deepEqual(await emailsTo(newEmail), ['email-verification']);
      assert.deepEqual(await emailsTo(email), ['email-verification'], 'the old address gets nothing more');
      assert.deepEqual(bodyOf(await verify(oldToken)), verificationFailed);
      assert.deepEqual(bodyOf(await logIn(email)), invalidCredentials);

      const verified = await verify(await linkTokenFor(newEmail));
      assert.equal(verified.statusCode, 200);
      // Still a sign-up's first confirmation (at the address it was moved to): its owner is signed in.
      const { email: confirmed, verified: isVerified, accessToken } = verified.json();
      assert.deepEqual({ confirmed, isVerified }, { confirmed: newEmail, isVerified: true });
      assert.equal(typeof accessToken, 'string');
      assert.equal((await logIn(newEmail)).statusCode, 200);
    });

    it('answers the same 202 for an address another account has, changes nothing and tells its owner', async () => {
      const { email, ip } = next();
      const { email: taken } = next();
      assert.equal((await signUp(server.app, individualSignUp({ email, password }), ip)).statusCode, 201);
      const { id: takenId } = await createUser(server.database, taken, 'Other-Password-2026');
      const oldToken = await linkTokenFor(email);

      const response = await updateEmail({ email, password, newEmail: taken }, ip);
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), accepted(taken));

      assert.deepEqual(await emailsTo(taken), ['email-change-address-taken']);
      const [notice] = await readOutbox(server.database, taken);
      assert.match(notice?.text ?? '', /You already have an account with this address/);
      assert.equal(await addressOf(takenId), taken);
      assert.equal((await logIn(email)).statusCode, 403, 'still the same unverified account');
      assert.equal((await verify(oldToken)).statusCode, 200, 'its link still works');
    });
  });

  describe('an account whose address is verified', () => {
    it('keeps the old address until the link sent to the new one is opened, and warns the old one', async () => {
      const { email, newEmail, ip } = next();
      const { id } = await createUser(server.database, email, password);

      const response = await updateEmail({ email, password, newEmail }, ip);
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), accepted(newEmail));

      assert.equal(await addressOf(id), email);
      assert.equal((await logIn(email)).statusCode, 200, 'the old address keeps working');
      assert.equal((await logIn(newEmail)).statusCode, 401);

      assert.deepEqual(await emailsTo(email), ['email-change-requested']);
      const [notice] = await readOutbox(server.database, email);
      assert.match(
        notice?.text ?? '',
        new RegExp(`change the address of your Dcipher account to ${newEmail}`),
      );
      assert.deepEqual(await emailsTo(newEmail), ['email-change-verification']);
      const [link] = await readOutbox(server.database, newEmail);
      assert.match(link?.text ?? '', /http:\/\/localhost:8000\/verify-email\?token=[A-Za-z0-9_-]{43}/);

      const token = await linkTokenFor(newEmail);
      const verified = await verify(token);
      assert.equal(verified.statusCode, 200);
      assert.deepEqual(bodyOf(verified), { email: newEmail, verified: true, emailChanged: true });
      assert.equal(await addressOf(id), newEmail);
      assert.equal((await logIn(newEmail)).statusCode, 200);
      assert.deepEqual(bodyOf(await logIn(email)), invalidCredentials);

      assert.deepEqual(bodyOf(await verify(token)), verificationFailed, 'the link works once');
    });

    it('lets only the newest requested change be confirmed', async () => {
      const { email, newEmail, ip } = next();
      const { newEmail: secondEmail } = next();
      const { id } = await createUser(server.database, email, password);

      assert.equal((await updateEmail({ email, password, newEmail }, ip)).statusCode, 202);
      const firstToken = await linkTokenFor(newEmail);
      assert.equal((await updateEmail({ email, password, newEmail: secondEmail }, ip)).statusCode, 202);

      assert.deepEqual(bodyOf(await verify(firstToken)), verificationFailed);
      assert.equal(await addressOf(id), email);
      assert.equal((await verify(await linkTokenFor(secondEmail))).statusCode, 200);
      assert.equal(await addressOf(id), secondEmail);
    });

    it('fails an expired link and keeps the old address', async () => {
      const { email, newEmail, ip } = next();
      const { id } = await createUser(server.database, email, password);
      assert.equal((await updateEmail({ email, password, newEmail }, ip)).statusCode, 202);
      await db(server.database)
        .updateTable('emailChangeTokens')
        .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
        .where('userId', '=', id)
        .execute();
      const response = await verify(await linkTokenFor(newEmail));
      assert.equal(response.statusCode, 400);
      assert.deepEqual(bodyOf(response), verificationFailed);
      assert.equal(await addressOf(id), email);
    });

    it('fails the link when another account took the new address meanwhile', async () => {
      const { email, newEmail, ip } = next();
      const { id } = await createUser(server.database, email, password);
      assert.equal((await updateEmail({ email, password, newEmail }, ip)).statusCode, 202);
      const { id: otherId } = await createUser(server.database, newEmail, 'Other-Password-2026');

      const response = await verify(await linkTokenFor(newEmail));
      assert.equal(response.statusCode, 400);
      assert.deepEqual(bodyOf(response), verificationFailed);
      assert.equal(await addressOf(id), email);
      assert.equal(await addressOf(otherId), newEmail);
    });

    it('answers the same 202 for an address another account has; only that address hears of it', async () => {
      const { email, ip } = next();
      const { email: taken } = next();
      const { id } = await createUser(server.database, email, password);
      await createUser(server.database, taken, 'Other-Password-2026');

      const response = await updateEmail({ email, password, newEmail: taken }, ip);
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), accepted(taken));
      assert.deepEqual(await emailsTo(taken), ['email-change-address-taken']);
      assert.deepEqual(await emailsTo(email), [], 'no heads-up: nothing is pending');
      assert.equal(await addressOf(id), email);
    });

    it('sends at most 3 emails an hour to one new address, answering the same', async () => {
      const { email, newEmail, ip } = next();
      await createUser(server.database, email, password);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await updateEmail({ email, password, newEmail }, ip);
        assert.equal(response.statusCode, 202);
        assert.deepEqual(bodyOf(response), accepted(newEmail));
      }
      assert.equal((await emailsTo(newEmail)).length, 3);
    });
  });

  describe('who may ask', () => {
    it('answers a wrong password or an unknown address with the login 401', async () => {
      const { email, newEmail, ip } = next();
      const { id } = await createUser(server.database, email, password);
      for (const body of [
        { email, password: 'Not-The-Password-1', newEmail },
        { email: 'nobody@example.com', password, newEmail },
      ]) {
        const response = await updateEmail(body, ip);
        assert.equal(response.statusCode, 401);
        assert.deepEqual(bodyOf(response), invalidCredentials);
      }
      assert.equal(await addressOf(id), email);
      assert.deepEqual(await emailsTo(newEmail), []);
    });

    it('answers an invited user who has no password yet with the login 401', async () => {
      const { email, newEmail, ip } = next();
      await createUser(server.database, email, password);
      await db(server.database)
        .updateTable('users')
        .set({ status: 'InvitationSent' })
        .where('email', '=', email)
        .execute();
      const response = await updateEmail({ email, password, newEmail }, ip);
      assert.deepEqual(bodyOf(response), invalidCredentials);
    });

    it('counts wrong passwords as failed sign-ins: after 5, the account must wait, at login too', async () => {
      const { email, newEmail, ip } = next();
      await createUser(server.database, email, password);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await updateEmail({ email, password: `Wrong-Password-${attempt}`, newEmail }, ip);
        assert.equal(response.statusCode, 401, `attempt ${attempt}`);
      }
      const delayed = await updateEmail({ email, password, newEmail }, ip);
      assert.equal(delayed.statusCode, 429);
      assert.equal(delayed.headers['retry-after'], '30');
      assert.deepEqual(errorBodyOf(delayed), {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts. Please wait 30 seconds and try again.',
        code: 'TOO_MANY_REQUESTS',
        params: {
          reason: 'signInAttempts',
          waitSeconds: 30,
        },
      });
      assert.equal((await logIn(email)).statusCode, 429, 'the same throttle as login');
      assert.deepEqual(await emailsTo(newEmail), []);
    });

    it('forgets earlier failed sign-ins once the password was right', async () => {
      const { email, newEmail, ip } = next();
      await createUser(server.database, email, password);
      await logIn(email, 'Wrong-Password-1');
      await logIn(email, 'Wrong-Password-2');
      await logIn(email, 'Wrong-Password-3');
      await logIn(email, 'Wrong-Password-4');
      assert.equal((await updateEmail({ email, password, newEmail }, ip)).statusCode, 202);
      const row = await db(server.database)
        .selectFrom('signInFailures')
        .select('accountKey')
        .where('accountKey', '=', createHash('sha256').update(email).digest('hex'))
        .executeTakeFirst();
      assert.equal(row, undefined);
    });

    it('tells a suspended account with the right password that it is suspended, and changes nothing', async () => {
      const { email, newEmail, ip } = next();
      const { id } = await createUser(server.database, email, password);
      await db(server.database)
        .updateTable('users')
        .set({ suspendedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      const response = await updateEmail({ email, password, newEmail }, ip);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Your account has been suspended due to unusual activity. Please contact support.',
        code: 'ACCOUNT_SUSPENDED',
      });
      assert.deepEqual(await emailsTo(newEmail), []);
    });
  });

  describe('the body', () => {
    it('requires every field', async () => {
      const response = await updateEmail({}, next().ip);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'This field is required',
        code: 'VALIDATION_FAILED',
        issues: {
          email: 'This field is required',
          password: 'This field is required',
          newEmail: 'This field is required',
        },
      });
    });

    it('refuses a new address that is not an address', async () => {
      const { email, ip } = next();
      const response = await updateEmail({ email, password, newEmail: 'someone@' }, ip);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, { newEmail: 'Please enter a valid email address' });
    });

    it('refuses the current address as the new one, in any letter case, with a field message', async () => {
      const { email, ip } = next();
      await createUser(server.database, email, password);
      const response = await updateEmail({ email, password, newEmail: email.toUpperCase() }, ip);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The new email address must be different from the current one.',
        code: 'VALIDATION_FAILED',
        issues: { newEmail: 'The new email address must be different from the current one.' },
      });
    });
  });

  it('allows 10 requests per IP address per hour, then answers 429 with Retry-After', async () => {
    const ip = '192.0.2.250';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await updateEmail(
        { email: `stranger-${attempt}@example.com`, password, newEmail: 'whatever@example.org' },
        ip,
      );
      assert.equal(response.statusCode, 401, `attempt ${attempt}`);
    }
    const response = await updateEmail(
      { email: 'stranger-11@example.com', password, newEmail: 'whatever@example.org' },
      ip,
    );
    assert.equal(response.statusCode, 429);
    assert.ok(Number(response.headers['retry-after']) > 3500);
    assert.deepEqual(errorBodyOf(response), {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please wait a few minutes and try again.',
      code: 'TOO_MANY_REQUESTS',
    });
  });
});
