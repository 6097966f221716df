// engines: any
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { PersonalDataExportSchema, UpdatedAccountSchema } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoPassword } from '../../db/seed-demo-data.js';
import { callAs } from '../../test-support/call-as.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { publicTableColumns } from '../../test-support/information-schema.js';
import { findLinksInEmail, latestEmailTo, readOutbox } from '../../test-support/read-outbox.js';
import { individualSignUp, signUp } from '../../test-support/sign-up.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { ensureOrganization } from '../people/organization-repository.js';
import { findUserByEmail, insertUser, markEmailVerified } from '../people/user-repository.js';

/** An organization with members made through the people module, all with the demo password, verified. */
async function createOrganization(
  database: Queryable,
  name: string,
  members: { email: string; role: 'admin' | 'teammate' | 'guest' }[],
): Promise<{ id: string; userIds: string[] }> {
  const organization = { id: randomUUID(), name, customerType: 'Business' } as const;
  await ensureOrganization(database, organization);
  const passwordHash = (await findUserByEmail(database, demoAdmin.email))?.passwordHash ?? null;
  const userIds: string[] = [];
  for (const member of members) {
    const user = await insertUser(database, {
      email: member.email,
      firstName: 'Member',
      lastName: 'Person',
      passwordHash,
      status: 'Active',
      organizationId: organization.id,
      role: member.role,
      emailVerified: true,
    });
    if (!user) throw new Error('no user');
    userIds.push(user.id);
  }
  return { id: organization.id, userIds };
}

/** Every "table.column" of the public schema in which some row holds `value` (any case, anywhere in its text). */
async function placesHolding(database: Queryable, value: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await publicTableColumns(database)) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::integer as count from ${sql.table(table)}
      where strpos(lower(${sql.ref(column)}::text), lower(${value})) > 0`.execute(db(database));
    if ((rows[0]?.count ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

const profile = {
  firstName: 'Ada',
  lastName: 'Admin',
  email: demoAdmin.email,
  phone: '+44 20 7946 0000',
  company: 'Demo Org',
  jobTitle: 'Head of Insight',
  receiveEmails: true,
};

describe('account profile, data export and deletion', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const call = callAs(() => server.app);
  const signIn = async (email: string) =>
    (await logIn(server.app, { email, password: demoPassword })).accessToken;

  describe('PUT /account', () => {
    it('saves the profile and answers the updated account', async () => {
      const token = await signIn('profile@example.com').catch(async () => {
        await createOrganization(server.database, 'Profile Org', [
          { email: 'profile@example.com', role: 'admin' },
        ]);
        return signIn('profile@example.com');
      });
      const response = await call('PUT', '/account', token, { ...profile, email: 'profile@example.com' });
      assert.equal(response.statusCode, 200, response.body);
      const account = response.json();
      assert.ok(v.is(UpdatedAccountSchema, account));
      assert.equal(account.jobTitle, 'Head of Insight');
      assert.equal(account.phone, '+44 20 7946 0000');
      assert.equal(account.receiveEmails, true);
      assert.equal(account.pendingEmail, null);
      assert.equal(account.organization.name, 'Profile Org');

      // Optional fields left empty are cleared.
      const cleared = await call('PUT', '/account', token, {
        ...profile,
        email: 'profile@example.com',
        phone: '',
        jobTitle: '  ',
        company: '',
      });
      assert.equal(cleared.statusCode, 200);
      assert.deepEqual(
        { phone: cleared.json().phone, jobTitle: cleared.json().jobTitle, company: cleared.json().company },
        { phone: null, jobTitle: null, company: null },
      );
      const read = await call('GET', '/account', token);
      assert.equal(read.json().firstName, 'Ada');
      assert.equal(read.json().company, null);
    });

    it("answers the spec's messages per field", async () => {
      const token = await signIn(demoAdmin.email);
      const response = await call('PUT', '/account', token, {
        firstName: '',
        lastName: 'x'.repeat(101),
        email: 'not-an-email',
        company: 'c'.repeat(500),
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json().issues, {
        firstName: 'This field is required',
        lastName: 'Your input exceeds the maximum allowed length of 100 characters',
        email: 'Please enter a valid email address',
        company: 'Your input exceeds the maximum allowed length of 200 characters',
        receiveEmails: 'This field is required',
      });
    });

    it('refuses NUL characters and huge input with 400, not 500', async () => {
      const token = await signIn(demoAdmin.email);
      for (const body of [
        { ...profile, firstName: 'Ada\u0000' },
        { ...profile, jobTitle: '\u0000' },
        { ...profile, lastName: 'y'.repeat(200_000) },
        { ...profile, email: `${'e'.repeat(300_000)}@example.com` },
      ]) {
        const response = await call('PUT', '/account', token, body);
        // Bodies over the API's 100 KiB limit are refused before they are read (413, docs/decisions/0029).
        assert.ok([400, 413].includes(response.statusCode), response.body.slice(0, 200));
        assert.ok(!response.body.includes('\u0000') && response.body.length < 2000, 'no input echoed');
      }
      assert.equal((await call('GET', '/account', token)).json().firstName, 'Ada');
    });

    it('sends a confirmation link to a new email and changes it only when the link is opened', async () => {
      await createOrganization(server.database, 'Mover Org', [{ email: 'mover@example.com', role: 'admin' }]);
      const token = await signIn('mover@example.com');
      const response = await call('PUT', '/account', token, { ...profile, email: 'Moved@Example.com ' });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().email, 'mover@example.com');
      assert.equal(response.json().pendingEmail, 'moved@example.com');
      // Asked again without a new address, the pending change is still reported.
      const again = await call('PUT', '/account', token, { ...profile, email: 'mover@example.com' });
      assert.equal(again.json().pendingEmail, 'moved@example.com');

      const link = findLinksInEmail(await latestEmailTo(server.database, 'moved@example.com')).find((url) =>
        url.includes('/verify-email?token='),
      );
      assert.ok(link);
      const verify = await server.app.inject({
        method: 'POST',
        url: '/verify-email',
        payload: { token: new URL(link).searchParams.get('token') },
      });
      assert.equal(verify.statusCode, 200, verify.body);
      const account = await call('GET', '/account', token);
      assert.equal(account.json().email, 'moved@example.com');
    });

    it("does not reveal that a new email is another account's, nor take it", async () => {
      await createOrganization(server.database, 'Taker Org', [{ email: 'taker@example.com', role: 'admin' }]);
      const token = await signIn('taker@example.com');
      const response = await call('PUT', '/account', token, { ...profile, email: demoAdmin.email });
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().pendingEmail, demoAdmin.email);
      assert.equal(response.json().email, 'taker@example.com');
      assert.match((await latestEmailTo(server.database, demoAdmin.email)).subject, /./);
    });

    it('needs a bearer token', async () => {
      const response = await call('PUT', '/account', undefined, profile);
      assert.equal(response.statusCode, 401);
    });
  });

  describe('GET /account/export', () => {
    it("answers a JSON attachment of the user's data without any secret", async () => {
      const { userIds } = await createOrganization(server.database, 'Export Org', [
        { email: 'exporter@example.com', role: 'admin' },
      ]);
      const userId = userIds[0];
      await db(server.database)
        .insertInto('integrationTokens')
        .values({
          userId: userId ?? '',
          provider: 'miro',
          accessToken: 'miro-access-secret',
          refreshToken: 'miro-refresh-secret',
        })
        .execute();
      const { accessToken, refreshToken } = await logIn(server.app, {
        email: 'exporter@example.com',
        password: demoPassword,
      });
      const response = await call('GET', '/account/export', accessToken);
      assert.equal(response.statusCode, 200);
      assert.match(
        String(response.headers['content-disposition']),
        /^attachment; filename="dcipher-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      assert.equal(response.headers['cache-control'], 'no-store');
      const document = response.json();
      assert.ok(v.is(PersonalDataExportSchema, document));
      const sections = document.sections as Record<string, unknown> & {
        profile: { email: string; hasPassword: boolean };
        organization: { name: string; role: string };
        sessions: unknown[];
        integrations: { provider: string; hasAccessToken: boolean }[];
        paymentMethods: unknown[];
      };
      assert.equal(sections.profile.email, 'exporter@example.com');
      assert.equal(sections.profile.hasPassword, true);
      assert.deepEqual(
        { name: sections.organization.name, role: sections.organization.role },
        { name: 'Export Org', role: 'admin' },
      );
      assert.equal(sections.sessions.length, 1);
      assert.equal(sections.integrations[0]?.provider, 'miro');
      assert.equal(sections.integrations[0]?.hasAccessToken, true);
      assert.deepEqual(sections.paymentMethods, []);
      for (const name of [
        'marketingEmails',
        'invitations',
        'emailChangeRequests',
        'signInFailures',
        'emailVerificationLinks',
        'passwordResetLinks',
        'trialReactivationLinks',
        'singleSignOn',
        'apiKeys',
        'workflows',
        'contactRequests',
        'whitePaperRequests',
        'emailsSent',
      ]) {
        assert.ok(name in sections, name);
      }
      for (const secret of [
        'miro-access-secret',
        'miro-refresh-secret',
        refreshToken,
        '$argon2',
        accessToken,
      ]) {
        assert.ok(!response.body.includes(secret), 'a secret is in the export');
      }
    });

    it("lists the demo organization's cards by brand, last four digits and expiry only", async () => {
      await db(server.database)
        .insertInto('paymentMethods')
        .values({
          organizationId: demoOrganization.id,
          gateway: 'test',
          gatewayToken: 'tok_secret_card',
          brand: 'visa',
          last4: '4242',
          expiryMonth: 12,
          expiryYear: 2030,
          cardHolder: 'Ada Admin',
          address: '1 Street',
          country: 'GB',
          billingType: 'Business',
          isDefault: true,
        })
        .execute();
      const response = await call('GET', '/account/export', await signIn(demoAdmin.email));
      assert.deepEqual(response.json().sections.paymentMethods, [
        { brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030, isDefault: true },
      ]);
      assert.ok(!response.body.includes('tok_secret_card'));
    });

    it('needs a bearer token', async () => {
      assert.equal((await call('GET', '/account/export')).statusCode, 401);
    });
  });

  describe('DELETE /account', () => {
    it('refuses a confirmation that is not the account email', async () => {
      const token = await signIn(demoAdmin.email);
      for (const confirmEmail of [
        'someone@else.com',
        'x'.repeat(100_000),
        'admin@demo.dcipher.local\u0000',
      ]) {
        const response = await call('DELETE', '/account', token, { confirmEmail });
        assert.equal(response.statusCode, 400);
        // Too long to be anyone's address, it fails the body's validation with the same message.
        assert.ok(['DELETION_NOT_CONFIRMED', 'VALIDATION_FAILED'].includes(response.json().code));
        assert.deepEqual(response.json().issues, {
          confirmEmail: confirmEmail.includes('\u0000')
            ? // No text of ours may hold a NUL: every endpoint refuses it the same way (issue 11).
              'This field contains a character that is not allowed'
            : "Type your account's email address exactly to confirm the deletion",
        });
      }
      const missing = await call('DELETE', '/account', token, {});
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(missing.json().issues, { confirmEmail: 'This field is required' });
    });

    it('refuses the last admin of an organization that has other members (409)', async () => {
      await createOrganization(server.database, 'Lonely Admin Ltd', [
        { email: 'last-admin@example.com', role: 'admin' },
        { email: 'stays@example.com', role: 'teammate' },
      ]);
      const token = await signIn('last-admin@example.com');
      const response = await call('DELETE', '/account', token, { confirmEmail: 'Last-Admin@example.com' });
      assert.equal(response.statusCode, 409);
      assert.deepEqual(errorBodyOf(response), {
        statusCode: 409,
        error: 'Conflict',
        code: 'LAST_ADMIN',
        params: {
          organizationName: 'Lonely Admin Ltd',
          reason: 'accountDeletion',
        },
        message:
          'You are the last admin of Lonely Admin Ltd: make another member an admin first, or delete the organization.',
      });
      assert.equal((await call('GET', '/account', token)).statusCode, 200);
    });

    it('deletes a member from every table and ends every session; the organization stays', async () => {
      const { id: organizationId, userIds } = await createOrganization(server.database, 'Two Admins', [
        { email: 'leaving@example.com', role: 'admin' },
        { email: 'remaining@example.com', role: 'admin' },
      ]);
      const leavingId = userIds[0] ?? '';
      const session = await logIn(server.app, { email: 'leaving@example.com', password: demoPassword });
      const other = await logIn(server.app, { email: 'leaving@example.com', password: demoPassword });
      // Data of several modules: a pending email change, an integration, an unsubscribe, a contact request.
      await call('PUT', '/account', session.accessToken, { ...profile, email: 'leaving-new@example.com' });
      await db(server.database)
        .insertInto('integrationTokens')
        .values({ userId: leavingId, provider: 'miro', accessToken: 'secret' })
        .execute();
      await db(server.database)
        .insertInto('emailUnsubscribes')
        .values({ email: 'leaving@example.com' })
        .execute();
      await db(server.database)
        .insertInto('contactRequests')
        .values({
          firstName: 'L',
          lastName: 'M',
          email: 'leaving@example.com',
          company: 'Co',
          topic: 'other',
          message: 'Hello',
          receiveEmails: false,
        })
        .execute();
      await server.app.inject({
        method: 'POST',
        url: '/login',
        payload: { email: 'leaving@example.com', password: 'wrong-password' },
      });

      const response = await call('DELETE', '/account', session.accessToken, {
        confirmEmail: ' leaving@example.com ',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(bodyOf(response), { deleted: true });

      assert.deepEqual(await placesHolding(server.database, leavingId), []);
      // The one trace left: the deletion's confirmation, waiting in the outbox to be delivered (decision 0078).
      assert.deepEqual(await placesHolding(server.database, 'leaving@example.com'), [
        'email_outbox.to_address',
      ]);
      assert.deepEqual(
        (await readOutbox(server.database, 'leaving@example.com')).map((message) => message.tag),
        ['account-deleted'],
      );
      assert.equal((await call('GET', '/account', other.accessToken)).statusCode, 401);
      const refresh = await server.app.inject({
        method: 'POST',
        url: '/token',
        payload: { refreshToken: other.refreshToken },
      });
      assert.equal(refresh.statusCode, 401);
      const login = await server.app.inject({
        method: 'POST',
        url: '/login',
        payload: { email: 'leaving@example.com', password: demoPassword },
      });
      assert.equal(login.statusCode, 401);
      // The organization and its other admin are untouched.
      const remaining = await call('GET', '/account', await signIn('remaining@example.com'));
      assert.equal(remaining.json().organization.id, organizationId);
    });

    it('deletes the organization with its only member, after which the address can sign up again', async () => {
      const email = 'solo@example.com';
      assert.equal((await signUp(server.app, individualSignUp({ email }), '192.0.2.90')).statusCode, 201);
      const user = await findUserByEmail(server.database, email);
      assert.ok(user);
      await markEmailVerified(server.database, user.id);
      const token = (await logIn(server.app, { email, password: 'Harbour-Lights-2026' })).accessToken;

      const response = await call('DELETE', '/account', token, { confirmEmail: email });
      assert.equal(response.statusCode, 200, response.body);
      for (const value of [user.id, user.organizationId]) {
        assert.deepEqual(await placesHolding(server.database, value), [], value);
      }
      // The one trace left: the deletion's confirmation, waiting in the outbox to be delivered (decision 0078).
      assert.deepEqual(await placesHolding(server.database, email), ['email_outbox.to_address']);
      const [confirmation, ...others] = await readOutbox(server.database, email);
      assert.equal(others.length, 0);
      assert.equal(confirmation?.tag, 'account-deleted');
      assert.match(confirmation?.text ?? '', /You had no paid plan: nothing more will be charged/);
      assert.equal((await signUp(server.app, individualSignUp({ email }), '192.0.2.91')).statusCode, 201);
    });

    it('needs a bearer token', async () => {
      assert.equal(
        (await call('DELETE', '/account', undefined, { confirmEmail: demoAdmin.email })).statusCode,
        401,
      );
    });
  });

  describe('DELETE /organization', () => {
    it('deletes the organization, every member and their data, and ends their sessions', async () => {
      const { id: organizationId, userIds } = await createOrganization(server.database, '  Closing Co ', [
        { email: 'closer@example.com', role: 'admin' },
        { email: 'closing-mate@example.com', role: 'teammate' },
        { email: 'closing-guest@example.com', role: 'guest' },
      ]);
      const admin = await signIn('closer@example.com');
      const mate = await signIn('closing-mate@example.com');

      const refused = await call('DELETE', '/organization', mate, { confirmName: 'Closing Co' });
      assert.equal(refused.statusCode, 403);
      const wrong = await call('DELETE', '/organization', admin, { confirmName: 'Demo Org' });
      assert.equal(wrong.statusCode, 400);
      assert.equal(wrong.json().code, 'DELETION_NOT_CONFIRMED');
      assert.deepEqual(wrong.json().issues, {
        confirmName: "Type the organization's name exactly to confirm the deletion",
      });
      for (const confirmName of ['Closing\u0000Co', 'n'.repeat(100_000)]) {
        assert.equal((await call('DELETE', '/organization', admin, { confirmName })).statusCode, 400);
      }

      const response = await call('DELETE', '/organization', admin, { confirmName: 'Closing Co' });
      assert.equal(response.statusCode, 200, response.body);
      for (const value of [
        organizationId,
        ...userIds,
        'closer@example.com',
        'closing-mate@example.com',
        'closing-guest@example.com',
      ]) {
        assert.deepEqual(await placesHolding(server.database, value), [], value);
      }
      assert.equal((await call('GET', '/account', mate)).statusCode, 401);
      assert.equal((await call('GET', '/account', admin)).statusCode, 401);
    });

    it("cannot touch another organization: only the caller's own is deleted, by its own name", async () => {
      await createOrganization(server.database, 'Neighbour Ltd', [
        { email: 'neighbour@example.com', role: 'admin' },
      ]);
      const token = await signIn('neighbour@example.com');
      const response = await call('DELETE', '/organization', token, { confirmName: 'Demo Org' });
      assert.equal(response.statusCode, 400);
      assert.equal((await call('GET', '/account', await signIn(demoAdmin.email))).statusCode, 200);
      const deleteOther = await call('DELETE', '/account', token, { confirmEmail: demoAdmin.email });
      assert.equal(deleteOther.statusCode, 400);
      assert.equal((await call('GET', '/account', await signIn(demoAdmin.email))).statusCode, 200);
    });

    it('needs a bearer token', async () => {
      assert.equal(
        (await call('DELETE', '/organization', undefined, { confirmName: 'Demo Org' })).statusCode,
        401,
      );
    });
  });
});
