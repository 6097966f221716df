// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { individualSignUp, signUp, verificationTokenFor } from '../../test-support/sign-up.js';
import { demoAdmin, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { findUserByEmail, suspendUserByEmail } from '../people/user-repository.js';

const password = 'Harbour-Lights-2026';

describe('email verification', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ captcha: { maxNumber: 100 } });
  });
  after(() => server.close());

  let addressCount = 0;
  /** Signs a new individual up (each from its own IP address) and answers their address. */
  const signUpSomeone = async (): Promise<string> => {
    addressCount += 1;
    const email = `person-${addressCount}@example.com`;
    const response = await signUp(server.app, individualSignUp({ email }), `192.0.2.${addressCount}`);
    assert.equal(response.statusCode, 201, response.body);
    return email;
  };

  const post = (url: string, payload: object, remoteAddress = '203.0.113.1') =>
    server.app.inject({ method: 'POST', url, payload, remoteAddress });
  const verify = (token: string) => post('/verify-email', { token });
  const logIn = (email: string, withPassword = password) => post('/login', { email, password: withPassword });
  /** Makes the verification links of `email` expired `ago` (an interval: '1 hour'). */
  const expireVerificationTokens = (email: string, ago: string) =>
    db(server.database)
      .updateTable('emailVerificationTokens')
      .set({ expiresAt: sql<Date>`now() - ${ago}::interval` })
      .where('userId', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
      .execute();

  const failed = {
    statusCode: 400,
    error: 'Bad Request',
    message: 'Unexpected error while validating email',
    code: 'VERIFICATION_FAILED',
  };
  const expired = {
    statusCode: 400,
    error: 'Bad Request',
    message: 'The verification link has expired. We can send you a new one.',
    code: 'VERIFICATION_LINK_EXPIRED',
  };

  describe('POST /login before the address is verified', () => {
    it('answers the right password with 403 "Email is not verified"', async () => {
      const email = await signUpSomeone();
      const response = await logIn(email);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Email is not verified',
        code: 'EMAIL_NOT_VERIFIED',
      });
    });

    it('answers a wrong password with the usual 401, revealing nothing', async () => {
      const email = await signUpSomeone();
      const response = await logIn(email, 'Not-The-Password-1');
      assert.equal(response.statusCode, 401);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      });
    });

    it('lets the seeded demo users in, as they count as verified', async () => {
      assert.equal((await logIn(demoAdmin.email, 'Dcipher-demo-2026!')).statusCode, 200);
    });
  });

  describe('POST /verify-email', () => {
    it('verifies the address once and signs its owner in; the link then fails and login works', async () => {
      const email = await signUpSomeone();
      const token = await verificationTokenFor(server.database, email);

      const response = await verify(token);
      assert.equal(response.statusCode, 200);
      const { accessToken, refreshToken, ...verified } = response.json();
      assert.deepEqual(verified, {
        email,
        verified: true,
        requiresPasswordChange: false,
        refreshExpiresIn: 12 * 60 * 60,
      });
      // A real session: its access token reads the account, its refresh token renews it.
      const account = await server.app.inject({
        method: 'GET',
        url: '/account',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      assert.equal(account.statusCode, 200, account.body);
      assert.equal(account.json().email, email);
      assert.equal((await post('/token', { refreshToken })).statusCode, 200);
      const history = await server.app.inject({
        method: 'GET',
        url: '/account/sign-in-history',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      assert.deepEqual(
        history.json().map(({ method, outcome }: { method: string; outcome: string }) => [method, outcome]),
        [['verification-link', 'success']],
      );
      assert.equal((await findUserByEmail(server.database, email))?.emailVerified, true);
      assert.equal((await logIn(email)).statusCode, 200);

      const reused = await verify(token);
      assert.equal(reused.statusCode, 400);
      assert.deepEqual(bodyOf(reused), failed, 'a used link signs nobody in');
    });

    it("starts the run of the workflow chosen with the store's Try it and names it (issue 36 point 2)", async () => {
      addressCount += 1;
      const email = `try-it-${addressCount}@example.com`;
      const signedUp = await signUp(
        server.app,
        individualSignUp({ email, workflow: 'brand-monitoring' }),
        `192.0.2.${addressCount}`,
      );
      assert.equal(signedUp.statusCode, 201, signedUp.body);
      const token = await verificationTokenFor(server.database, email);

      const response = await verify(token);
      assert.equal(response.statusCode, 200, response.body);
      const { accessToken, workflowId } = response.json();
      assert.equal(typeof workflowId, 'string', 'the answer names the workflow whose page opens');
      const get = (url: string) =>
        server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${accessToken}` } });
      const flow = await get(`/flows/${workflowId}`);
      assert.equal(flow.statusCode, 200, flow.body);
      assert.equal(flow.json().predefinedFlowId, 'brand-monitoring');
      const runs = (await get(`/flows/${workflowId}/runs`)).json().runs;
      assert.equal(runs.length, 1, 'its sample run started with the confirmation');
      assert.notEqual(runs[0].state, 'JobError');
      assert.equal(flow.json().lastRun?.taskId, runs[0].taskId, 'the page shows that run first');
    });

    it("gives a browser on the product's origin the session as an HttpOnly cookie, never in the body", async () => {
      const email = await signUpSomeone();
      const response = await server.app.inject({
        method: 'POST',
        url: '/verify-email',
        payload: { token: await verificationTokenFor(server.database, email) },
        headers: { origin: 'http://localhost:8000' },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().refreshToken, undefined);
      assert.equal(typeof response.json().accessToken, 'string');
      assert.match(String(response.headers['set-cookie']), /dcipher_refresh=[^;]+;.*HttpOnly/);
    });

    it('confirms a suspended account without signing it in', async () => {
      const email = await signUpSomeone();
      await suspendUserByEmail(server.database, email);
      const response = await verify(await verificationTokenFor(server.database, email));
      assert.equal(response.statusCode, 200);
      assert.deepEqual(bodyOf(response), { email, verified: true });
    });

    it('answers an expired link with VERIFICATION_LINK_EXPIRED and leaves the address unverified', async () => {
      const email = await signUpSomeone();
      const token = await verificationTokenFor(server.database, email);
      await expireVerificationTokens(email, '1 second');
      const response = await verify(token);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(bodyOf(response), expired);
      assert.equal((await logIn(email)).statusCode, 403);
    });

    it('answers an unknown or malformed token with VERIFICATION_FAILED', async () => {
      for (const token of ['A'.repeat(43), 'not a token', '%00', 'x'.repeat(5000)]) {
        const response = await verify(token);
        assert.equal(response.statusCode, 400, token);
        assert.deepEqual(bodyOf(response), failed);
      }
    });

    it('answers a missing token as a required field', async () => {
      for (const payload of [{}, { token: '' }]) {
        const response = await post('/verify-email', payload);
        assert.equal(response.statusCode, 400);
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 400,
          error: 'Bad Request',
          message: 'This field is required',
          code: 'VALIDATION_FAILED',
          issues: { token: 'This field is required' },
        });
      }
    });
  });

  describe('POST /send-confirmation', () => {
    it('answers 202 for an unknown address and sends nothing', async () => {
      const response = await post('/send-confirmation', { email: 'Nobody@Example.com' }, '203.0.113.10');
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), { sent: true });
      assert.deepEqual(await readOutbox(server.database, 'nobody@example.com'), []);
    });

    it('emails an unverified account a new link; the old link stops working', async () => {
      const email = await signUpSomeone();
      const oldToken = await verificationTokenFor(server.database, email);
      const response = await post('/send-confirmation', { email }, '203.0.113.11');
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), { sent: true });

      const newToken = await verificationTokenFor(server.database, email);
      assert.notEqual(newToken, oldToken);
      assert.equal((await readOutbox(server.database, email)).length, 2);
      assert.deepEqual(bodyOf(await verify(oldToken)), failed);
      assert.equal((await verify(newToken)).statusCode, 200);
      assert.equal((await logIn(email)).statusCode, 200);
    });

    it('replaces an expired link with one that works', async () => {
      const email = await signUpSomeone();
      const oldToken = await verificationTokenFor(server.database, email);
      await expireVerificationTokens(email, '1 hour');
      assert.deepEqual(bodyOf(await verify(oldToken)), expired);
      assert.equal((await post('/send-confirmation', { email }, '203.0.113.12')).statusCode, 202);
      assert.equal((await verify(await verificationTokenFor(server.database, email))).statusCode, 200);
    });

    it('sends nothing to an address that is already verified', async () => {
      const before = (await readOutbox(server.database, demoAdmin.email)).length;
      const response = await post('/send-confirmation', { email: demoAdmin.email }, '203.0.113.13');
      assert.equal(response.statusCode, 202);
      assert.equal((await readOutbox(server.database, demoAdmin.email)).length, before);
    });

    it('validates the address with the spec messages', async () => {
      const response = await post('/send-confirmation', { email: 'not-an-address' }, '203.0.113.14');
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, { email: 'Please enter a valid email address' });
    });

    it('sends at most 3 links an hour to one address, still answering 202', async () => {
      const email = await signUpSomeone();
      for (const [index, remoteAddress] of [
        '203.0.113.20',
        '203.0.113.21',
        '203.0.113.22',
        '203.0.113.23',
      ].entries()) {
        const response = await post('/send-confirmation', { email }, remoteAddress);
        assert.equal(response.statusCode, 202, `request ${index + 1}`);
        assert.deepEqual(bodyOf(response), { sent: true });
      }
      // The sign-up's own link, then 3 new ones; the fourth request sent nothing.
      assert.equal((await readOutbox(server.database, email)).length, 4);
    });

    it('refuses the 11th request from one IP address within an hour with 429', async () => {
      const remoteAddress = '198.51.100.50';
      for (let count = 1; count <= 10; count += 1) {
        const response = await post(
          '/send-confirmation',
          { email: `someone-${count}@example.com` },
          remoteAddress,
        );
        assert.equal(response.statusCode, 202, `request ${count}`);
      }
      const refused = await post('/send-confirmation', { email: 'someone-11@example.com' }, remoteAddress);
      assert.equal(refused.statusCode, 429);
      assert.deepEqual(errorBodyOf(refused), {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many requests. Please wait a few minutes and try again.',
        code: 'TOO_MANY_REQUESTS',
      });
      assert.ok(Number(refused.headers['retry-after']) > 0);
      const elsewhere = await post(
        '/send-confirmation',
        { email: 'someone-11@example.com' },
        '198.51.100.51',
      );
      assert.equal(elsewhere.statusCode, 202);
    });
  });
});
