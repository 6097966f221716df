// engines: any
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { InvitationStatus, OrganizationRole } from '@dcipher/shared/domain';
import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { demoOrganization } from '../../db/seed-demo-data.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, readOutbox } from '../../test-support/read-outbox.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { insertUser } from '../people/user-repository.js';

const webUrl = 'https://www.dcipher.test';
const staff = { email: 'staff@demo.dcipher.local' };
const day = 24 * 60 * 60 * 1000;

const failed = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Unexpected error while reactivating your free trial',
  code: 'TRIAL_REACTIVATION_FAILED',
};
const alreadyActive = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Your organization already has an active subscription.',
  code: 'SUBSCRIPTION_ALREADY_ACTIVE',
};

describe('free trial reactivation', () => {
  let server: TestServer;
  let staffToken: string;
  before(async () => {
    server = await startTestServer({ webUrl });
    staffToken = (await logIn(server.app, staff)).accessToken;
  });
  after(() => server.close());

  let organizationCount = 0;
  const suspend = (email: string) =>
    db(server.database)
      .updateTable('users')
      .set({ suspendedAt: sql<Date>`now()` })
      .where('email', '=', email)
      .execute();
  /**
   * An organization whose trial ended `endedDaysAgo` days ago (negative: still running; null: no trial end, like
   * the seeded ones) with the users given (a verified active admin unless told otherwise); answers its id and
   * the users' addresses.
   */
  async function createOrganization(
    endedDaysAgo: number | null,
    users: {
      role?: OrganizationRole;
      verified?: boolean;
      suspended?: boolean;
      status?: InvitationStatus;
    }[] = [{}],
  ): Promise<{ id: string; emails: string[] }> {
    organizationCount += 1;
    const organization = await db(server.database)
      .insertInto('organizations')
      .values({
        name: `Trial Org ${organizationCount}`,
        customerType: 'Individual',
        trialEndsAt:
          endedDaysAgo === null ? null : sql<Date>`now() - ${endedDaysAgo}::float8 * interval '1 day'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const emails: string[] = [];
    for (const [index, user] of users.entries()) {
      const email = `org-${organizationCount}-user-${index}@example.com`;
      const created = await insertUser(server.database, {
        email,
        firstName: 'Test',
        lastName: 'User',
        passwordHash: null,
        status: user.status ?? 'Active',
        organizationId: organization.id,
        role: user.role ?? 'admin',
        emailVerified: user.verified ?? true,
      });
      assert.ok(created);
      if (user.suspended) await suspend(email);
      emails.push(email);
    }
    return { id: organization.id, emails };
  }

  const sendEmails = (payload?: object, token = staffToken) =>
    server.app.inject({
      method: 'POST',
      url: '/send-trial-reactivation-emails',
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload ? { payload } : {}),
    });

  let addressCount = 0;
  const reactivate = (payload: object, remoteAddress?: string) => {
    addressCount += 1;
    return server.app.inject({
      method: 'POST',
      url: '/reactivate-trial',
      payload,
      // Each call from its own address unless told, so only the rate-limit test meets the limit.
      remoteAddress: remoteAddress ?? `198.51.100.${addressCount % 250}`,
    });
  };

  /** The token in the newest reactivation email to `email`; fails the test when there is none. */
  async function reactivationTokenFor(email: string): Promise<string> {
    const [message] = (await readOutbox(server.database, email)).filter(
      (candidate) => candidate.subject === 'Reactivate your Dcipher free trial',
    );
    assert.ok(message, `no reactivation email to ${email}`);
    const link = findLinksInEmail(message).find((url) => url.startsWith(`${webUrl}/reactivate-trial?token=`));
    assert.ok(link, 'the email has no reactivation link');
    return new URL(link).searchParams.get('token') ?? '';
  }

  const reactivationEmailsTo = async (email: string) =>
    (await readOutbox(server.database, email)).filter((message) => message.tag === 'trial-reactivation');

  const trialEndOf = async (organizationId: string) => {
    const organization = await db(server.database)
      .selectFrom('organizations')
      .select('trialEndsAt')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    return organization?.trialEndsAt ? new Date(organization.trialEndsAt).getTime() : null;
  };

  describe('POST /send-trial-reactivation-emails', () => {
    it('answers 401 without a bearer token', async () => {
      const response = await sendEmails(undefined, '');
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().code, 'UNAUTHORIZED');
    });

    it('answers 403 to a customer, even an organization admin, and sends nothing', async () => {
      const ended = await createOrganization(3);
      const { accessToken } = await logIn(server.app);
      const response = await sendEmails({}, accessToken);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 403,
        error: 'Forbidden',
        message: 'This action is reserved for Dcipher staff.',
        code: 'FORBIDDEN',
        params: {
          reason: 'internalAdminOnly',
        },
      });
      assert.deepEqual(await reactivationEmailsTo(ended.emails[0]!), []);
      // The staff run below picks it up with the rest.
    });

    it('emails each verified, active admin of every organization whose trial ended a one-time link', async () => {
      const ended = await createOrganization(5, [
        {},
        {},
        { role: 'teammate' },
        { verified: false },
        { suspended: true },
        { status: 'InvitationSent' },
      ]);
      const endedLongAgo = await createOrganization(400);
      const running = await createOrganization(-3);
      const endsToday = await createOrganization(-0.01);
      const withoutTrialEnd = await createOrganization(null);

      // The customer test's organization (1 admin) is due too: 2 + 1 + 1 admins in all.
      const response = await sendEmails();
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(bodyOf(response), { sent: 4 });

      for (const email of [...ended.emails.slice(0, 2), endedLongAgo.emails[0]!]) {
        const [message, ...more] = await reactivationEmailsTo(email);
        assert.ok(message, email);
        assert.equal(more.length, 0);
        assert.equal(message.subject, 'Reactivate your Dcipher free trial');
        assert.match(message.text, /Reactivate my free trial/);
        assert.match(message.text, /expires in 7 days/);
        const token = await reactivationTokenFor(email);
        assert.match(token, /^[A-Za-z0-9_-]{43}$/);
        // Only the token's SHA-256 is stored.
        const stored = await db(server.database)
          .selectFrom('trialReactivationTokens')
          .select('tokenHash')
          .where('userId', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
          .execute();
        assert.deepEqual(stored, [{ tokenHash: createHash('sha256').update(token).digest('hex') }]);
      }
      for (const email of [
        ...ended.emails.slice(2),
        ...running.emails,
        ...endsToday.emails,
        ...withoutTrialEnd.emails,
        'admin@demo.dcipher.local',
        'staff@demo.dcipher.local',
      ]) {
        assert.deepEqual(await reactivationEmailsTo(email), [], email);
      }
      // The demo organization's trial (seeded with its end, 14 days ahead) is running: no email, the end unchanged.
      const demoTrialEnd = await trialEndOf(demoOrganization.id);
      assert.ok(demoTrialEnd !== null && demoTrialEnd > Date.now() + 13 * 86_400_000, String(demoTrialEnd));
    });

    it('emails an organization at most once per 30 days', async () => {
      const ended = await createOrganization(2);
      assert.deepEqual(bodyOf(await sendEmails()), { sent: 1 });
      assert.deepEqual(bodyOf(await sendEmails()), { sent: 0 });
      assert.equal((await reactivationEmailsTo(ended.emails[0]!)).length, 1);

      await db(server.database)
        .updateTable('organizations')
        .set({ trialReactivationEmailedAt: sql<Date>`now() - interval '29 days'` })
        .where('id', '=', ended.id)
        .execute();
      assert.deepEqual(bodyOf(await sendEmails()), { sent: 0 });

      await db(server.database)
        .updateTable('organizations')
        .set({ trialReactivationEmailedAt: sql<Date>`now() - interval '30 days'` })
        .where('id', '=', ended.id)
        .execute();
      assert.deepEqual(bodyOf(await sendEmails()), { sent: 1 });
      assert.equal((await reactivationEmailsTo(ended.emails[0]!)).length, 2);
    });

    it('waits for an organization with no admin to email until it has one', async () => {
      const ended = await createOrganization(2, [{ verified: false }]);
      assert.deepEqual(bodyOf(await sendEmails()), { sent: 0 });
      await db(server.database)
        .updateTable('users')
        .set({ emailVerifiedAt: sql<Date>`now()` })
        .where('email', '=', ended.emails[0]!)
        .execute();
      assert.deepEqual(bodyOf(await sendEmails()), { sent: 1 });
    });

    it('takes an optional endedBefore filter, a date or a timestamp, never including running trials', async () => {
      const endedTenDaysAgo = await createOrganization(10);
      const endedTwoDaysAgo = await createOrganization(2);
      const running = await createOrganization(-2);

      const fiveDaysAgo = new Date(Date.now() - 5 * day).toISOString();
      assert.deepEqual(bodyOf(await sendEmails({ endedBefore: fiveDaysAgo })), { sent: 1 });
      assert.equal((await reactivationEmailsTo(endedTenDaysAgo.emails[0]!)).length, 1);
      assert.equal((await reactivationEmailsTo(endedTwoDaysAgo.emails[0]!)).length, 0);

      const nextYear = new Date(Date.now() + 365 * day).toISOString().slice(0, 10);
      assert.deepEqual(bodyOf(await sendEmails({ endedBefore: nextYear })), { sent: 1 });
      assert.equal((await reactivationEmailsTo(endedTwoDaysAgo.emails[0]!)).length, 1);
      assert.equal((await reactivationEmailsTo(running.emails[0]!)).length, 0);
    });

    it('answers a bad endedBefore with 400 and sends nothing', async () => {
      const ended = await createOrganization(2);
      const message = 'endedBefore must be a date (YYYY-MM-DD) or a timestamp with a time zone (ISO 8601)';
      for (const endedBefore of ['yesterday', '2026-02-30', '2026-03-01T10:00:00', 20260301, null]) {
        const response = await sendEmails({ endedBefore });
        assert.equal(response.statusCode, 400, String(endedBefore));
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 400,
          error: 'Bad Request',
          message,
          code: 'VALIDATION_FAILED',
          issues: { endedBefore: message },
        });
      }
      assert.equal((await reactivationEmailsTo(ended.emails[0]!)).length, 0);
      // Without a body at all, it runs unfiltered.
      assert.deepEqual(bodyOf(await sendEmails()), { sent: 1 });
    });
  });

  describe('POST /reactivate-trial', () => {
    /** An organization whose trial ended, emailed; answers it and its admins' tokens. */
    async function emailedOrganization(admins = 1) {
      const organization = await createOrganization(
        3,
        Array.from({ length: admins }, () => ({})),
      );
      await sendEmails();
      const tokens = await Promise.all(organization.emails.map(reactivationTokenFor));
      return { ...organization, tokens };
    }

    it('restarts the trial for 14 days; the link then fails', async () => {
      const organization = await emailedOrganization();
      const before = Date.now();
      const response = await reactivate({ token: organization.tokens[0] });
      assert.equal(response.statusCode, 200, response.body);
      const { trialEndsAt } = response.json<{ trialEndsAt: string }>();
      assert.deepEqual(Object.keys(response.json()), ['trialEndsAt']);
      const endsAt = Date.parse(trialEndsAt);
      assert.equal(new Date(endsAt).toISOString(), trialEndsAt);
      assert.ok(Math.abs(endsAt - (before + 14 * day)) < 60_000, trialEndsAt);
      assert.equal(await trialEndOf(organization.id), endsAt);

      const reused = await reactivate({ token: organization.tokens[0] });
      assert.equal(reused.statusCode, 400);
      assert.deepEqual(bodyOf(reused), failed);
    });

    it('answers 409 SUBSCRIPTION_ALREADY_ACTIVE while the trial runs, leaving the link unused', async () => {
      const organization = await emailedOrganization(2);
      assert.equal((await reactivate({ token: organization.tokens[0] })).statusCode, 200);
      const endsAt = await trialEndOf(organization.id);

      // The other admin's link, after the first restarted the trial.
      const second = await reactivate({ token: organization.tokens[1] });
      assert.equal(second.statusCode, 409);
      assert.deepEqual(bodyOf(second), alreadyActive);
      assert.equal(await trialEndOf(organization.id), endsAt);

      // Unspent: once the trial has ended again (within the link's 7 days), it works.
      await db(server.database)
        .updateTable('organizations')
        .set({ trialEndsAt: sql<Date>`now() - interval '1 minute'` })
        .where('id', '=', organization.id)
        .execute();
      assert.equal((await reactivate({ token: organization.tokens[1] })).statusCode, 200);
    });

    it('answers 409 for an organization with no trial end (the seeded ones count as active)', async () => {
      const organization = await emailedOrganization();
      await db(server.database)
        .updateTable('organizations')
        .set({ trialEndsAt: null })
        .where('id', '=', organization.id)
        .execute();
      const response = await reactivate({ token: organization.tokens[0] });
      assert.equal(response.statusCode, 409);
      assert.deepEqual(bodyOf(response), alreadyActive);
    });

    it('answers an expired link with TRIAL_REACTIVATION_FAILED and leaves the trial ended', async () => {
      const organization = await emailedOrganization();
      await db(server.database)
        .updateTable('trialReactivationTokens')
        .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
        .where('organizationId', '=', organization.id)
        .execute();
      const endsAt = await trialEndOf(organization.id);
      const response = await reactivate({ token: organization.tokens[0] });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(bodyOf(response), failed);
      assert.equal(await trialEndOf(organization.id), endsAt);
    });

    it('answers a link whose admin was since suspended or made a teammate with TRIAL_REACTIVATION_FAILED', async () => {
      const organization = await emailedOrganization(2);
      await suspend(organization.emails[0]!);
      await db(server.database)
        .updateTable('users')
        .set({ role: 'teammate' })
        .where('email', '=', organization.emails[1]!)
        .execute();
      for (const token of organization.tokens) {
        const response = await reactivate({ token });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(bodyOf(response), failed);
      }
    });

    it('answers an unknown or malformed token with TRIAL_REACTIVATION_FAILED', async () => {
      for (const token of ['A'.repeat(43), 'not a token', '%00', 'x'.repeat(5000)]) {
        const response = await reactivate({ token });
        assert.equal(response.statusCode, 400, token);
        assert.deepEqual(bodyOf(response), failed);
      }
    });

    it('answers a missing token as a required field', async () => {
      for (const payload of [{}, { token: '' }]) {
        const response = await reactivate(payload);
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

    it('allows 20 attempts per IP address an hour, then answers 429', async () => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        assert.equal((await reactivate({ token: `guess-${attempt}` }, '203.0.113.77')).statusCode, 400);
      }
      const limited = await reactivate({ token: 'guess-21' }, '203.0.113.77');
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().code, 'TOO_MANY_REQUESTS');
      assert.equal(limited.json().message, 'Too many requests. Please wait a few minutes and try again.');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      // Another address is not affected.
      assert.equal((await reactivate({ token: 'guess-22' }, '203.0.113.78')).statusCode, 400);
    });
  });
});
