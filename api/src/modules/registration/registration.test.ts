// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorBodySchema, type ValidationReason } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import * as v from 'valibot';
import { db } from '../../db/kysely.js';
import { demoPassword } from '../../db/seed-demo-data.js';
import { createServer } from '../../server.js';
import { bodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, latestEmailTo, readOutbox } from '../../test-support/read-outbox.js';
import { individualSignUp, signUp, verificationTokenFor } from '../../test-support/sign-up.js';
import { solveCaptcha } from '../../test-support/solve-captcha.js';
import { demoAdmin, startTestServer, type TestServer, testConfig } from '../../test-support/test-server.js';
import { findExistingEmails, findUserByEmail } from '../people/user-repository.js';

const webUrl = 'https://www.dcipher.test';
const captchaMessage = 'Please verify that you are a human';

/**
 * The sign-up answer: the same shape for a new and an existing address, with a payment-setup token (a JWT whose
 * subject names the new user, or nobody) for step 2.
 */
function assertReceipt(body: Record<string, unknown>, email: string): void {
  const { paymentSetupToken, ...rest } = body;
  assert.deepEqual(rest, { email, verificationRequired: true });
  assert.match(String(paymentSetupToken), /^[\w-]+\.[\w-]+\.[\w-]+$/);
}

describe('POST /register', () => {
  let server: TestServer;
  before(async () => {
    // An easy captcha keeps the many sign-ups fast; the links point at a site URL the tests can recognise.
    server = await startTestServer({ captcha: { maxNumber: 100 }, webUrl });
  });
  after(() => server.close());

  const countRows = async (table: 'users' | 'organizations') =>
    Number(
      (
        await db(server.database)
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  /** `params` name the API's own rule (its reason); a refusal by the schemas has none. */
  const validationFailure = (issues: Record<string, string>, params?: { reason: ValidationReason }) => ({
    statusCode: 400,
    error: 'Bad Request',
    message: Object.values(issues)[0],
    code: 'VALIDATION_FAILED',
    ...(params && { params }),
    issues,
  });

  it('creates an individual organization with its unverified admin and a 14-day trial, and emails the link', async () => {
    const response = await signUp(
      server.app,
      individualSignUp({
        firstName: ' Ada ',
        email: ' Ada.Lovelace@Example.com',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        jobTitle: 'Programmer',
        receiveEmails: true,
      }),
      '192.0.2.1',
    );
    assert.equal(response.statusCode, 201, response.body);
    assertReceipt(response.json(), 'ada.lovelace@example.com');

    const user = await db(server.database)
      .selectFrom('users')
      .select([
        'firstName',
        'lastName',
        'phone',
        'company',
        'jobTitle',
        'receiveEmails',
        'status',
        'role',
        'passwordHash',
        'emailVerifiedAt',
        'organizationId',
      ])
      .where('email', '=', 'ada.lovelace@example.com')
      .executeTakeFirst();
    assert.ok(user);
    assert.match(String(user.passwordHash), /^\$argon2id\$/);
    assert.deepEqual(
      { ...user, passwordHash: undefined, organizationId: undefined },
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        jobTitle: 'Programmer',
        receiveEmails: true,
        status: 'Active',
        role: 'admin',
        passwordHash: undefined,
        emailVerifiedAt: null,
        organizationId: undefined,
      },
    );

    const organization = await db(server.database)
      .selectFrom('organizations')
      .select((eb) => [
        'name',
        'customerType',
        'companySize',
        sql<number>`(extract(epoch from ${eb.ref('trialEndsAt')} - now()) / 86400)::float8`.as('trialDays'),
      ])
      .where('id', '=', user.organizationId)
      .executeTakeFirst();
    assert.ok(organization);
    assert.ok(Math.abs(organization.trialDays - 14) < 0.01, String(organization.trialDays));
    assert.deepEqual(
      { ...organization, trialDays: undefined },
      { name: 'Ada Lovelace', customerType: 'Individual', companySize: null, trialDays: undefined },
    );

    const email = await latestEmailTo(server.database, 'ada.lovelace@example.com');
    assert.equal(email.subject, 'Confirm your email address for Dcipher');
    assert.equal(email.tag, 'email-verification');
    assert.match(email.text, /^Confirm your email address\n/);
    assert.match(email.text, /14-day free trial/);
    assert.match(email.text, /This link expires in 24 hours/);
    assert.match(email.text, /Confirm email address:\nhttps:\/\/www\.dcipher\.test\/verify-email\?token=/);
    assert.doesNotMatch(email.text, /Ada|Analytical/, 'nothing typed into the form is repeated');
    const [link] = findLinksInEmail(email);
    assert.match(String(link), /^https:\/\/www\.dcipher\.test\/verify-email\?token=[A-Za-z0-9_-]{43}$/);

    const token = await db(server.database)
      .selectFrom('emailVerificationTokens')
      .select((eb) => [
        'tokenHash',
        sql<number>`(extract(epoch from ${eb.ref('expiresAt')} - ${eb.ref('createdAt')}) / 3600)::float8`.as(
          'lifetimeHours',
        ),
      ])
      .where('userId', '=', (eb) =>
        eb.selectFrom('users').select('id').where('email', '=', 'ada.lovelace@example.com'),
      )
      .executeTakeFirst();
    assert.equal(token?.lifetimeHours, 24);
    assert.match(String(token?.tokenHash), /^[0-9a-f]{64}$/, 'only a hash of the token is stored');
    assert.ok(!link?.includes(String(token?.tokenHash)));
  });

  it('names a business organization after its company and keeps its size band', async () => {
    const response = await signUp(
      server.app,
      individualSignUp({
        email: 'grace@compilers.example',
        customerType: 'Business',
        company: 'Compilers Inc.',
        companySize: '25-100',
      }),
      '192.0.2.2',
    );
    assert.equal(response.statusCode, 201, response.body);
    const organization = await db(server.database)
      .selectFrom('organizations')
      .innerJoin('users', 'users.organizationId', 'organizations.id')
      .select(['organizations.name', 'organizations.customerType', 'organizations.companySize', 'users.role'])
      .where('users.email', '=', 'grace@compilers.example')
      .executeTakeFirst();
    assert.deepEqual(organization, {
      name: 'Compilers Inc.',
      customerType: 'Business',
      companySize: '25-100',
      role: 'admin',
    });
    assert.equal((await readOutbox(server.database, 'grace@compilers.example')).length, 1);
  });

  it('emails a link that verifies the address, after which the user can log in', async () => {
    const email = 'linked@example.com';
    assert.equal((await signUp(server.app, individualSignUp({ email }), '192.0.2.3')).statusCode, 201);
    const token = await verificationTokenFor(server.database, email);
    const verified = await server.app.inject({ method: 'POST', url: '/verify-email', payload: { token } });
    assert.equal(verified.statusCode, 200, verified.body);
    assert.equal(verified.json().email, email);
    assert.equal(verified.json().verified, true);
    assert.equal(typeof verified.json().accessToken, 'string', 'the new account is signed in');
    const login = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email, password: 'Harbour-Lights-2026' },
    });
    assert.equal(login.statusCode, 200, login.body);
  });

  describe('validation', () => {
    it('answers a missing body with every required field and the captcha message', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/register',
        remoteAddress: '192.0.2.10',
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(
        bodyOf(response),
        validationFailure({
          firstName: 'This field is required',
          lastName: 'This field is required',
          email: 'This field is required',
          password: 'This field is required',
          customerType: 'This field is required',
          termsAccepted: 'This field is required',
          captcha: captchaMessage,
        }),
      );
    });

    it('answers an invalid email, unticked terms and blank names with the spec messages', async () => {
      const response = await signUp(
        server.app,
        individualSignUp({ email: 'ada.example.com', termsAccepted: false, firstName: ' ', lastName: '' }),
        '192.0.2.11',
      );
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, {
        firstName: 'This field is required',
        lastName: 'This field is required',
        email: 'Please enter a valid email address',
        termsAccepted: 'This field is required',
      });
    });

    for (const [password, message] of [
      ['Sh0rt-pass', 'Password must contain at least 12 characters'],
      [`Aa1-${'x'.repeat(125)}`, 'Password must contain at most 128 characters'],
      ['Harbour-Lights-', 'Password requires a number'],
      ['HARBOUR-LIGHTS-2026', 'Password requires a lowercase letter'],
      ['harbour-lights-2026', 'Password requires an uppercase letter'],
      ['HarbourLights2026', 'Password requires a symbol'],
    ] as const) {
      it(`applies the password policy: "${message}"`, async () => {
        const response = await signUp(server.app, individualSignUp({ password }), '192.0.2.12');
        assert.equal(response.statusCode, 400);
        assert.deepEqual(bodyOf(response), validationFailure({ password: message }));
      });
    }

    it('requires the company and its size from a business', async () => {
      const response = await signUp(
        server.app,
        individualSignUp({ customerType: 'Business', company: '  ' }),
        '192.0.2.13',
      );
      assert.equal(response.statusCode, 400);
      assert.deepEqual(
        bodyOf(response),
        validationFailure({ company: 'This field is required', companySize: 'This field is required' }),
      );
    });

    it('refuses a wrong, missing or replayed captcha with the spec message and creates nothing', async () => {
      const usersBefore = await countRows('users');
      const spentCaptcha = await solveCaptcha(server.app);
      const first = await signUp(
        server.app,
        individualSignUp({ email: 'first@example.com', captcha: spentCaptcha }),
        '192.0.2.14',
      );
      assert.equal(first.statusCode, 201);

      for (const captcha of ['not-a-solution', btoa('{"challenge":{},"solution":{}}'), '', spentCaptcha]) {
        const response = await signUp(
          server.app,
          individualSignUp({ email: 'robot@example.com', captcha }),
          '192.0.2.14',
        );
        assert.equal(response.statusCode, 400, String(captcha));
        assert.deepEqual(
          bodyOf(response),
          // An empty one is the schema's refusal; the others the API's check of the solution.
          validationFailure({ captcha: captchaMessage }, captcha === '' ? undefined : { reason: 'captcha' }),
        );
      }
      const withoutField = await server.app.inject({
        method: 'POST',
        url: '/register',
        payload: individualSignUp({ email: 'robot@example.com' }),
        remoteAddress: '192.0.2.14',
      });
      assert.deepEqual(bodyOf(withoutField), validationFailure({ captcha: captchaMessage }));

      assert.equal(await countRows('users'), (usersBefore ?? 0) + 1);
      assert.deepEqual(await readOutbox(server.database, 'robot@example.com'), []);
    });
  });

  describe('an address that already has an account', () => {
    it('answers exactly as for a new one, creates nothing and emails the owner a notice', async () => {
      const usersBefore = await countRows('users');
      const organizationsBefore = await countRows('organizations');
      const response = await signUp(
        server.app,
        individualSignUp({
          email: ` ${demoAdmin.email.toUpperCase()}`,
          customerType: 'Business',
          company: 'X',
          companySize: '1-10',
        }),
        '192.0.2.20',
      );
      assert.equal(response.statusCode, 201);
      assertReceipt(response.json(), demoAdmin.email);
      assert.equal(await countRows('users'), usersBefore);
      assert.equal(
        await countRows('organizations'),
        organizationsBefore,
        'the new organization is rolled back',
      );

      const notice = await latestEmailTo(server.database, demoAdmin.email);
      assert.equal(notice.tag, 'sign-up-existing-account');
      assert.match(
        notice.text,
        /Someone — hopefully you — tried to create a Dcipher account with this address\. If it was you, log in or reset your password\./,
      );
      assert.deepEqual(findLinksInEmail(notice), [`${webUrl}/login`, `${webUrl}/forgot-password`]);

      const login = await server.app.inject({
        method: 'POST',
        url: '/login',
        payload: { email: demoAdmin.email, password: demoPassword },
      });
      assert.equal(login.statusCode, 200, 'the existing password still works');
    });

    it('does the same for an account not yet verified, whose first link keeps working', async () => {
      const email = 'twice@example.com';
      assert.equal((await signUp(server.app, individualSignUp({ email }), '192.0.2.21')).statusCode, 201);
      const firstToken = await verificationTokenFor(server.database, email);
      const again = await signUp(
        server.app,
        individualSignUp({ email, password: 'Another-Password-2026' }),
        '192.0.2.21',
      );
      assert.equal(again.statusCode, 201);
      assertReceipt(again.json(), email);
      assert.equal((await latestEmailTo(server.database, email)).tag, 'sign-up-existing-account');
      assert.deepEqual(await findExistingEmails(server.database, [email]), new Set([email]));
      const verified = await server.app.inject({
        method: 'POST',
        url: '/verify-email',
        payload: { token: firstToken },
      });
      assert.equal(verified.statusCode, 200);
    });

    it('sends at most 3 notices an hour to one address, still answering 201', async () => {
      const email = 'teammate@demo.dcipher.local';
      for (const [index, remoteAddress] of [
        '192.0.2.30',
        '192.0.2.31',
        '192.0.2.32',
        '192.0.2.33',
      ].entries()) {
        const response = await signUp(server.app, individualSignUp({ email }), remoteAddress);
        assert.equal(response.statusCode, 201, `attempt ${index + 1}`);
      }
      assert.equal((await readOutbox(server.database, email)).length, 3);
    });
  });

  it('still answers 201 when the email cannot be sent, for new and existing addresses alike', async () => {
    // A second API on the same database whose mailer is down; the person can ask for the link again later.
    const app = await createServer(testConfig({ captcha: { maxNumber: 100 }, webUrl }), {
      database: server.database,
      mailer: { send: () => Promise.reject(new Error('SMTP server unavailable')) },
    });
    try {
      for (const email of ['unlucky@example.com', demoAdmin.email]) {
        const response = await signUp(app, individualSignUp({ email }), '192.0.2.40');
        assert.equal(response.statusCode, 201, response.body);
        assertReceipt(response.json(), email);
      }
      const resend = await app.inject({
        method: 'POST',
        url: '/send-confirmation',
        payload: { email: 'unlucky@example.com' },
        remoteAddress: '192.0.2.40',
      });
      assert.equal(resend.statusCode, 202);
    } finally {
      await app.close();
    }
    assert.ok(await findUserByEmail(server.database, 'unlucky@example.com'));
  });

  it('refuses the 6th sign-up from one IP address within an hour, and only from that address', async () => {
    const remoteAddress = '198.51.100.40';
    for (let count = 1; count <= 5; count += 1) {
      const response = await signUp(
        server.app,
        individualSignUp({ email: `limit-${count}@example.com` }),
        remoteAddress,
      );
      assert.equal(response.statusCode, 201, `sign-up ${count}`);
    }
    const refused = await signUp(
      server.app,
      individualSignUp({ email: 'limit-6@example.com' }),
      remoteAddress,
    );
    assert.equal(refused.statusCode, 429);
    const body = refused.json();
    assert.ok(v.is(ErrorBodySchema, body));
    assert.equal(body.code, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, String(retryAfter));
    assert.equal(await findUserByEmail(server.database, 'limit-6@example.com'), undefined);
    const elsewhere = await signUp(
      server.app,
      individualSignUp({ email: 'limit-6@example.com' }),
      '198.51.100.41',
    );
    assert.equal(elsewhere.statusCode, 201);
  });
});
