// engines: any
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Account, IssuedTokenPair } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import { createOutboxMailer } from '../../adapters/mailer/outbox-mailer.js';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoUsers } from '../../db/seed-demo-data.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf, errorBodyOf } from '../../test-support/error-body.js';
import { findLinksInEmail, latestEmailTo, readOutbox } from '../../test-support/read-outbox.js';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { moveUserToOrganization } from '../people/membership-repository.js';
import { ensureOrganization } from '../people/organization-repository.js';
import { findUserByEmail, suspendUserByEmail } from '../people/user-repository.js';
import { invitationsPerAdminLimit } from './invitation-service.js';

const webUrl = 'https://www.dcipher.test';
const chosenPassword = 'Harbour-Lights-2026';
const demoEmail = (role: string) => demoUsers.find((user) => user.role === role)!.email;
const staffEmail = 'staff@demo.dcipher.local';

describe('invitations', () => {
  let server: TestServer;
  /** Set to make the next invitation emails fail, as an unreachable SMTP server would. */
  let mailFails = false;
  let outbox: Mailer | undefined;
  const mailer: Mailer = {
    send: (message) =>
      mailFails ? Promise.reject(new Error('SMTP server unavailable')) : outbox!.send(message),
  };
  let adminToken: string;
  let teammateToken: string;
  let guestToken: string;
  let staffToken: string;

  before(async () => {
    server = await startTestServer({ webUrl }, { mailer });
    outbox = createOutboxMailer(server.database);
    adminToken = (await logIn(server.app)).accessToken;
    teammateToken = (await logIn(server.app, { email: demoEmail('teammate') })).accessToken;
    guestToken = (await logIn(server.app, { email: demoEmail('guest') })).accessToken;
    staffToken = (await logIn(server.app, { email: staffEmail })).accessToken;
  });
  after(() => server.close());
  // The demo admin sends most of this file's invitations; each test starts with a fresh hourly allowance (the
  // limit itself is tested with an admin of its own).
  beforeEach(() =>
    db(server.database)
      .deleteFrom('rateLimitWindows')
      .where('bucket', '=', invitationsPerAdminLimit.bucket)
      .execute(),
  );

  let addressCount = 0;
  const newAddress = (label = 'invitee') => {
    addressCount += 1;
    return `${label}-${addressCount}@example.com`;
  };

  const bearer = (token: string | undefined) => (token ? { authorization: `Bearer ${token}` } : {});
  const invite = (payload: object, token: string | undefined = adminToken) =>
    server.app.inject({ method: 'POST', url: '/org-admin/invites', headers: bearer(token), payload });
  const resend = (payload: object, token: string | undefined = adminToken) =>
    server.app.inject({ method: 'POST', url: '/org-admin/invites/resend', headers: bearer(token), payload });
  const getInvitation = (token: string) =>
    server.app.inject({ method: 'GET', url: `/invitations?token=${encodeURIComponent(token)}` });
  const accept = (payload: object) => server.app.inject({ method: 'POST', url: '/invitations', payload });
  const acceptWith = (token: string, overrides: object = {}) =>
    accept({
      token,
      firstName: 'Grace',
      lastName: 'Hopper',
      password: chosenPassword,
      confirmPassword: chosenPassword,
      ...overrides,
    });
  const askForRenewal = (token: string, remoteAddress = '203.0.113.1') =>
    server.app.inject({
      method: 'POST',
      url: '/invitations/renewal-requests',
      payload: { token },
      remoteAddress,
    });

  /** The token of the newest invitation link emailed to the address. */
  const invitationTokenFor = async (email: string): Promise<string> => {
    const message = await latestEmailTo(server.database, email);
    const link = findLinksInEmail(message).find((url) => url.startsWith(`${webUrl}/signup?invitation=`));
    if (!link) throw new Error(`the newest email to ${email} has no invitation link`);
    return new URL(link).searchParams.get('invitation') ?? '';
  };

  /** Invites a new address as the demo admin; answers the address and the emailed token. */
  const invited = async (role = 'teammate') => {
    const email = newAddress();
    const response = await invite({ email, role });
    assert.equal(response.statusCode, 201, response.body);
    return { email, token: await invitationTokenFor(email) };
  };
  /** The id of the user at `email`, as a subquery. */
  const userIdOf = (email: string) =>
    db(server.database).selectFrom('users').select('id').where('email', '=', email);
  const expire = (email: string) =>
    db(server.database)
      .updateTable('invitations')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('userId', '=', userIdOf(email))
      .execute();

  const error = (statusCode: number, message: string, code: string, params?: object) => ({
    statusCode,
    error: {
      400: 'Bad Request',
      403: 'Forbidden',
      404: 'Not Found',
      409: 'Conflict',
      410: 'Gone',
      429: 'Too Many Requests',
    }[statusCode],
    message,
    code,
    ...(params && { params }),
  });
  const invalidLink = error(404, 'This invitation link is not valid.', 'INVITATION_INVALID');
  const expiredInvitation = error(
    410,
    'This invitation has expired. Ask for a new one.',
    'INVITATION_EXPIRED',
  );
  const acceptedAlready = error(
    409,
    'This invitation has already been accepted. Log in instead.',
    'INVITATION_ALREADY_ACCEPTED',
  );
  const suspended = error(
    403,
    'Your account has been suspended due to unusual activity. Please contact support.',
    'ACCOUNT_SUSPENDED',
  );

  describe('POST /org-admin/invites', () => {
    it('creates an invited user without a password and emails a single-use link valid 7 days', async () => {
      const email = newAddress();
      const response = await invite({ email: `  ${email.toUpperCase()} `, role: 'guest' });
      assert.equal(response.statusCode, 201, response.body);
      const body = response.json();
      assert.deepEqual(Object.keys(body).sort(), ['email', 'expiresAt', 'role', 'status']);
      assert.equal(body.email, email);
      assert.equal(body.role, 'guest');
      assert.equal(body.status, 'InvitationSent');
      const daysLeft = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
      assert.ok(daysLeft > 6.99 && daysLeft <= 7, `expires in ${daysLeft} days`);

      const user = await db(server.database)
        .selectFrom('users')
        .select([
          'status',
          'role',
          'organizationId',
          'passwordHash',
          'firstName',
          'lastName',
          'emailVerifiedAt',
        ])
        .where('email', '=', email)
        .executeTakeFirst();
      assert.deepEqual(user, {
        status: 'InvitationSent',
        role: 'guest',
        organizationId: demoOrganization.id,
        passwordHash: null,
        firstName: '',
        lastName: '',
        emailVerifiedAt: null,
      });

      const message = await latestEmailTo(server.database, email);
      assert.equal(message.subject, 'Ada Admin invited you to join Demo Org on Dcipher');
      assert.equal(message.tag, 'invitation');
      assert.match(message.text, /Ada Admin \(admin@demo\.dcipher\.local\) invited you to join Demo Org/);
      assert.match(message.text, /as a guest\./);
      assert.match(message.text, /This link expires in 7 days and works once\./);
      const links = findLinksInEmail(message);
      // Accept, and decline (docs/decisions/0035), for the same token.
      assert.equal(links.length, 2);
      const acceptLink = links.find((link) => !link.endsWith('&decline=yes'));
      assert.match(
        String(acceptLink),
        /^https:\/\/www\.dcipher\.test\/signup\?invitation=[A-Za-z0-9_-]{43}$/,
      );
      assert.ok(links.includes(`${acceptLink}&decline=yes`));

      const stored = await db(server.database)
        .selectFrom('invitations')
        .select('tokenHash')
        .where('userId', '=', userIdOf(email))
        .executeTakeFirst();
      assert.match(String(stored?.tokenHash), /^[0-9a-f]{64}$/, 'only a hash of the token is stored');
      assert.ok(!String(links[0]).includes(String(stored?.tokenHash)));
    });

    it('refuses teammates and guests with 403, and anonymous callers with 401', async () => {
      for (const token of [teammateToken, guestToken]) {
        const response = await invite({ email: newAddress(), role: 'teammate' }, token);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(
          bodyOf(response),
          error(403, 'Only the admins of your organization can invite people.', 'FORBIDDEN', {
            reason: 'permission',
            action: 'grant',
            resource: 'organization',
          }),
        );
      }
      assert.equal((await invite({ email: newAddress(), role: 'teammate' }, '')).statusCode, 401);
    });

    it('validates the address and the role with field messages', async () => {
      const wrongRole = await invite({ email: newAddress(), role: 'owner' });
      assert.equal(wrongRole.statusCode, 400);
      assert.deepEqual(wrongRole.json().issues, { role: 'Please choose a role: admin, teammate or guest.' });
      const nothing = await invite({});
      assert.equal(nothing.statusCode, 400);
      assert.deepEqual(nothing.json().issues, {
        email: 'This field is required',
        role: 'This field is required',
      });
      const badEmail = await invite({ email: 'not-an-address', role: 'admin' });
      assert.deepEqual(badEmail.json().issues, { email: 'Please enter a valid email address' });
    });

    it('answers 409 for an address of an active user, in this organization or another', async () => {
      for (const email of [demoEmail('teammate'), staffEmail]) {
        const response = await invite({ email, role: 'teammate' });
        assert.equal(response.statusCode, 409);
        assert.deepEqual(
          bodyOf(response),
          error(409, 'This person already has a Dcipher account.', 'ACCOUNT_EXISTS'),
        );
        assert.deepEqual(await readOutbox(server.database, email), []);
      }
    });

    it('answers 409 suggesting a resend when the address is already invited here', async () => {
      const { email } = await invited();
      const again = await invite({ email, role: 'admin' });
      assert.equal(again.statusCode, 409);
      assert.deepEqual(
        bodyOf(again),
        error(
          409,
          'This person has already been invited. Resend the invitation instead.',
          'INVITATION_PENDING',
        ),
      );
      assert.equal((await readOutbox(server.database, email)).length, 1);
    });

    it('answers 409 when another organization has invited the address', async () => {
      const email = newAddress();
      assert.equal((await invite({ email, role: 'teammate' }, staffToken)).statusCode, 201);
      const response = await invite({ email, role: 'teammate' });
      assert.equal(response.statusCode, 409);
      assert.deepEqual(
        bodyOf(response),
        error(
          409,
          'This person has already been invited to Dcipher by another organization.',
          'ACCOUNT_EXISTS',
          { reason: 'invitedByAnotherOrganization' },
        ),
      );
    });

    it('removes the invited user again when the email cannot be sent, so a retry works', async () => {
      const email = newAddress();
      mailFails = true;
      try {
        const failed = await invite({ email, role: 'teammate' });
        assert.equal(failed.statusCode, 500);
        assert.equal(failed.json().message, 'Server error');
      } finally {
        mailFails = false;
      }
      assert.equal(await findUserByEmail(server.database, email), undefined);
      assert.equal((await invite({ email, role: 'teammate' })).statusCode, 201);
    });

    it('lets one admin send 30 invitations an hour (resends included), then answers 429', async () => {
      // An admin of an organization of their own, so the demo admin's count is untouched.
      const organization = { id: randomUUID(), name: 'Busy Org', customerType: 'Business' } as const;
      await ensureOrganization(server.database, organization);
      const busyAdmin = newAddress('busy-admin');
      const { id } = await createUser(server.database, busyAdmin, chosenPassword);
      await moveUserToOrganization(server.database, id, organization.id, 'admin');
      const busyToken = (await logIn(server.app, { email: busyAdmin, password: chosenPassword })).accessToken;

      assert.equal((await invite({ email: newAddress(), role: 'guest' }, busyToken)).statusCode, 201);
      for (let count = 2; count <= 30; count += 1) {
        const response = await resend({ email: newAddress('never-invited') }, busyToken);
        assert.equal(response.statusCode, 404, `request ${count}`);
      }
      const refused = await invite({ email: newAddress(), role: 'guest' }, busyToken);
      assert.equal(refused.statusCode, 429);
      assert.deepEqual(
        bodyOf(refused),
        error(429, 'Too many requests. Please wait a few minutes and try again.', 'TOO_MANY_REQUESTS'),
      );
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await invite({ email: newAddress(), role: 'guest' })).statusCode, 201, 'other admins');
    });
  });

  describe('POST /org-admin/invites/resend', () => {
    it('emails a new link with a new expiry; the earlier link stops working', async () => {
      const { email, token: firstToken } = await invited('admin');
      await expire(email);
      const response = await resend({ email: email.toUpperCase() });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      assert.deepEqual(
        { ...body, expiresAt: undefined },
        {
          email,
          role: 'admin',
          status: 'InvitationSent',
          expiresAt: undefined,
        },
      );
      assert.ok(Date.parse(body.expiresAt) - Date.now() > 6.99 * 86_400_000);

      assert.equal((await readOutbox(server.database, email)).length, 2);
      const secondToken = await invitationTokenFor(email);
      assert.notEqual(secondToken, firstToken);
      assert.deepEqual(bodyOf(await getInvitation(firstToken)), invalidLink);
      assert.equal((await getInvitation(secondToken)).json().state, 'pending');
      assert.deepEqual(bodyOf(await acceptWith(firstToken)), invalidLink);
      assert.equal((await acceptWith(secondToken)).statusCode, 200);
    });

    it('answers 404 when the organization has no pending invitation for the address', async () => {
      const { email: acceptedEmail, token } = await invited();
      assert.equal((await acceptWith(token)).statusCode, 200);
      const invitedElsewhere = newAddress();
      assert.equal((await invite({ email: invitedElsewhere, role: 'guest' }, staffToken)).statusCode, 201);

      for (const email of ['nobody@example.com', demoEmail('teammate'), acceptedEmail, invitedElsewhere]) {
        const response = await resend({ email });
        assert.equal(response.statusCode, 404, email);
        assert.deepEqual(
          bodyOf(response),
          error(
            404,
            'There is no pending invitation for this email address in your organization.',
            'NOT_FOUND',
            { reason: 'pendingInvitation' },
          ),
        );
      }
      assert.equal((await readOutbox(server.database, invitedElsewhere)).length, 1);
    });

    it('is for admins only and validates the address', async () => {
      const { email } = await invited();
      const forbidden = await resend({ email }, teammateToken);
      assert.equal(forbidden.statusCode, 403);
      assert.equal(forbidden.json().code, 'FORBIDDEN');
      const bad = await resend({ email: 'nope' });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().issues, { email: 'Please enter a valid email address' });
      assert.equal((await readOutbox(server.database, email)).length, 1);
    });
  });

  describe('GET /invitations?token', () => {
    it('describes a pending invitation with only what the invitee needs', async () => {
      const { email, token } = await invited('guest');
      const response = await getInvitation(token);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-store');
      const body = response.json<{ expiresAt: string }>();
      assert.deepEqual(body, {
        state: 'pending',
        email,
        organizationName: 'Demo Org',
        inviterName: 'Ada Admin',
        role: 'guest',
        expiresAt: body.expiresAt,
        signInWithSso: false,
        existingAccount: false,
      });
      assert.ok(Date.parse(body.expiresAt) > Date.now());
    });

    it('says when the invitation has expired or has been accepted', async () => {
      const expiring = await invited();
      await expire(expiring.email);
      assert.equal((await getInvitation(expiring.token)).json().state, 'expired');

      const accepting = await invited();
      assert.equal((await acceptWith(accepting.token)).statusCode, 200);
      const response = await getInvitation(accepting.token);
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().state, 'accepted');
    });

    it('answers 404 for an unknown or malformed token, and 400 without one', async () => {
      for (const token of ['x'.repeat(43), '%%%', 'a'.repeat(5000)]) {
        const response = await getInvitation(token);
        assert.equal(response.statusCode, 404);
        assert.deepEqual(bodyOf(response), invalidLink);
      }
      const missing = await server.app.inject({ method: 'GET', url: '/invitations' });
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(missing.json().issues, { token: 'This field is required' });
    });
  });

  describe('POST /invitations', () => {
    it('activates the invited user with a verified address, signs them in and lets them log in later', async () => {
      const { email, token } = await invited('admin');
      const response = await acceptWith(token, { firstName: '  Grace ', lastName: 'Hopper' });
      assert.equal(response.statusCode, 200, response.body);
      const tokens = response.json<IssuedTokenPair>();
      assert.equal(tokens.requiresPasswordChange, false);
      assert.ok(tokens.accessToken && tokens.refreshToken);
      assert.ok(tokens.refreshExpiresIn > 43_100 && tokens.refreshExpiresIn <= 43_200, 'a 12-hour session');

      const account = await server.app.inject({
        method: 'GET',
        url: '/account',
        headers: bearer(tokens.accessToken),
      });
      assert.equal(account.statusCode, 200);
      const body = account.json<Account>();
      assert.equal(body.email, email);
      assert.equal(body.firstName, 'Grace');
      assert.equal(body.lastName, 'Hopper');
      assert.equal(body.status, 'Active');
      assert.equal(body.role, 'admin');
      assert.equal(body.organization.name, 'Demo Org');

      const user = await db(server.database)
        .selectFrom('invitations')
        .select((eb) => eb('acceptedAt', 'is not', null).as('accepted'))
        .where('userId', '=', userIdOf(email))
        .executeTakeFirst();
      assert.deepEqual(
        {
          verified: (await findUserByEmail(server.database, email))?.emailVerified,
          accepted: user?.accepted,
        },
        { verified: true, accepted: true },
      );

      const loggedIn = await logIn(server.app, { email, password: chosenPassword });
      assert.ok(loggedIn.accessToken);
    });

    it('accepts a body without confirmPassword', async () => {
      const { token } = await invited();
      const response = await accept({
        token,
        firstName: 'Alan',
        lastName: 'Turing',
        password: chosenPassword,
      });
      assert.equal(response.statusCode, 200, response.body);
    });

    it('applies the password policy, requires the names and checks the confirmation', async () => {
      const { email, token } = await invited();
      const nothing = await accept({});
      assert.equal(nothing.statusCode, 400);
      assert.deepEqual(nothing.json().issues, {
        token: 'This field is required',
        firstName: 'This field is required',
        lastName: 'This field is required',
        password: 'This field is required',
      });
      const cases: [object, Record<string, string>][] = [
        [{ password: 'Short-1' }, { password: 'Password must contain at least 12 characters' }],
        [{ password: 'harbour-lights-2026' }, { password: 'Password requires an uppercase letter' }],
        [{ password: 'HARBOUR-LIGHTS-2026' }, { password: 'Password requires a lowercase letter' }],
        [{ password: 'Harbour-Lights-Now' }, { password: 'Password requires a number' }],
        [{ password: 'HarbourLights2026' }, { password: 'Password requires a symbol' }],
        [
          { password: `Aa1-${'x'.repeat(130)}` },
          { password: 'Password must contain at most 128 characters' },
        ],
        [{ confirmPassword: 'Harbour-Lights-2027' }, { confirmPassword: 'Passwords do not match' }],
        [{ firstName: '   ' }, { firstName: 'This field is required' }],
        [
          { lastName: 'x'.repeat(101) },
          { lastName: 'Your input exceeds the maximum allowed length of 100 characters' },
        ],
      ];
      for (const [overrides, issues] of cases) {
        const response = await acceptWith(token, {
          ...('password' in overrides
            ? { confirmPassword: (overrides as { password: string }).password }
            : {}),
          ...overrides,
        });
        assert.equal(response.statusCode, 400, JSON.stringify(overrides));
        assert.deepEqual(response.json().issues, issues);
      }
      const user = await findUserByEmail(server.database, email);
      assert.equal(user?.status, 'InvitationSent', 'nothing changed');
    });

    it('answers 410 for an expired invitation, and the user stays invited', async () => {
      const { email, token } = await invited();
      await expire(email);
      const response = await acceptWith(token);
      assert.equal(response.statusCode, 410);
      assert.deepEqual(bodyOf(response), expiredInvitation);
      const user = await findUserByEmail(server.database, email);
      assert.equal(user?.status, 'InvitationSent');
    });

    it('answers 409 to a second acceptance, which changes nothing', async () => {
      const { email, token } = await invited();
      assert.equal((await acceptWith(token)).statusCode, 200);
      const again = await acceptWith(token, { password: 'Other-Password-2027', confirmPassword: undefined });
      assert.equal(again.statusCode, 409);
      assert.deepEqual(bodyOf(again), acceptedAlready);
      await logIn(server.app, { email, password: chosenPassword });
    });

    it('answers 404 for an unknown token', async () => {
      const response = await acceptWith('not-a-token');
      assert.equal(response.statusCode, 404);
      assert.deepEqual(bodyOf(response), invalidLink);
    });

    it('refuses a suspended invitee', async () => {
      const { email, token } = await invited();
      await suspendUserByEmail(server.database, email);
      const response = await acceptWith(token);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(bodyOf(response), suspended);
      const user = await findUserByEmail(server.database, email);
      assert.equal(user?.status, 'InvitationSent');
    });
  });

  describe('signing in before accepting', () => {
    it('answers the generic "Invalid email or password", as for an unknown address', async () => {
      const { email } = await invited();
      for (const password of [chosenPassword, '', 'anything-at-all']) {
        const response = await server.app.inject({
          method: 'POST',
          url: '/login',
          payload: { email, password: password || 'x' },
          remoteAddress: '198.51.100.7',
        });
        assert.equal(response.statusCode, 401);
        assert.deepEqual(errorBodyOf(response), {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Invalid email or password',
          code: 'INVALID_CREDENTIALS',
        });
      }
    });
  });

  describe('POST /invitations/renewal-requests', () => {
    it('emails the inviting admin once a day for an expired invitation', async () => {
      const { email, token } = await invited();
      await expire(email);
      const before = (await readOutbox(server.database, demoAdmin.email)).length;

      const response = await askForRenewal(token);
      assert.equal(response.statusCode, 202);
      assert.deepEqual(bodyOf(response), { requested: true });
      const message = await latestEmailTo(server.database, demoAdmin.email);
      assert.equal(message.subject, `${email} asks for a new invitation`);
      assert.equal(message.tag, 'invitation-renewal-request');
      assert.match(message.text, new RegExp(`resend the invitation to ${email.replace('.', '\\.')}`));
      assert.match(message.text, /The new link works for 7 days\./);

      const again = await askForRenewal(token);
      assert.equal(again.statusCode, 202);
      assert.equal((await readOutbox(server.database, demoAdmin.email)).length, before + 1);
    });

    it("goes to the organization's admins when the inviter is no longer there", async () => {
      const { email, token } = await invited();
      await expire(email);
      await db(server.database)
        .updateTable('invitations')
        .set({ invitedBy: null })
        .where('userId', '=', userIdOf(email))
        .execute();
      assert.equal((await getInvitation(token)).json().inviterName, 'An admin of Demo Org');
      assert.equal((await askForRenewal(token)).statusCode, 202);
      assert.equal(
        (await latestEmailTo(server.database, demoAdmin.email)).subject,
        `${email} asks for a new invitation`,
      );
    });

    it('refuses a pending, accepted, unknown or suspended invitation', async () => {
      const pending = await invited();
      assert.deepEqual(
        bodyOf(await askForRenewal(pending.token)),
        error(
          409,
          'This invitation is still valid: accept it instead of asking for a new one.',
          'INVITATION_STILL_VALID',
        ),
      );
      assert.equal((await acceptWith(pending.token)).statusCode, 200);
      await expire(pending.email);
      assert.deepEqual(bodyOf(await askForRenewal(pending.token)), acceptedAlready);
      assert.deepEqual(bodyOf(await askForRenewal('unknown')), invalidLink);

      const suspendedInvitee = await invited();
      await expire(suspendedInvitee.email);
      await suspendUserByEmail(server.database, suspendedInvitee.email);
      assert.deepEqual(bodyOf(await askForRenewal(suspendedInvitee.token)), suspended);
    });

    it('refuses the 11th request from one IP address within an hour with 429', async () => {
      const remoteAddress = '198.51.100.90';
      for (let count = 1; count <= 10; count += 1) {
        assert.equal((await askForRenewal(`unknown-${count}`, remoteAddress)).statusCode, 404);
      }
      const refused = await askForRenewal('unknown-11', remoteAddress);
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().code, 'TOO_MANY_REQUESTS');
      assert.equal((await askForRenewal('unknown-11', '198.51.100.91')).statusCode, 404);
    });
  });
});
