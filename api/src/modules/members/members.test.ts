// engines: any
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Member, MemberPage } from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import { memberMessages } from '@dcipher/shared/validation';
import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { callAs } from '../../test-support/call-as.js';
import { findLinksInEmail, latestEmailTo, waitForEmailsTo } from '../../test-support/read-outbox.js';
import { individualSignUp, signUp, verificationTokenFor } from '../../test-support/sign-up.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { createPasswordHasher } from '../identity/password-hasher.js';
import { createOrganization, findOrganizationName } from '../people/organization-repository.js';
import { findUserByEmail, insertUser, suspendUserByEmail } from '../people/user-repository.js';

const webUrl = 'https://www.dcipher.test';
const password = 'Harbour-Lights-2026';
const passwordHasher = createPasswordHasher();

describe('members and invitations (docs/decisions/0035)', () => {
  let server: TestServer;
  let passwordHash: string;

  before(async () => {
    server = await startTestServer({ webUrl });
    passwordHash = await passwordHasher.hash(password);
  });
  after(() => server.close());

  let count = 0;
  const address = (label: string) => {
    count += 1;
    return `${label}-${count}@example.com`;
  };

  /** A verified, active user of `organizationId` with `role`, made in the database. */
  const addUser = async (organizationId: string, role: OrganizationRole, label: string = role) => {
    const email = address(label);
    await insertUser(server.database, {
      email,
      firstName: 'Test',
      lastName: label,
      passwordHash,
      status: 'Active',
      organizationId,
      role,
      emailVerified: true,
    });
    return { email, token: (await logIn(server.app, { email, password })).accessToken };
  };

  /** A fresh organization with one admin. */
  const newOrganization = async (name = 'Org') => {
    const organization = await createOrganization(server.database, {
      name: `${name} ${count}`,
      customerType: 'Business',
      companySize: null,
      trialDays: 14,
    });
    const admin = await addUser(organization.id, 'admin', 'admin');
    return { id: organization.id, admin };
  };

  const call = callAs(() => server.app);
  const invite = (token: string, email: string, role = 'teammate') =>
    call('POST', '/org-admin/invites', token, { email, role });
  const list = async (token: string, query = '') => {
    const response = await call('GET', `/org-admin/users${query}`, token);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<MemberPage>();
  };
  const invitationTokenFor = async (email: string) => {
    const link = findLinksInEmail(await latestEmailTo(server.database, email)).find((url) =>
      url.startsWith(`${webUrl}/signup?invitation=`),
    );
    if (!link) throw new Error('no invitation link');
    return new URL(link).searchParams.get('invitation') ?? '';
  };
  const activity = (organizationId: string) =>
    db(server.database)
      .selectFrom('organizationActivity')
      .select(['action', 'subject', 'details'])
      .where('organizationId', '=', organizationId)
      .orderBy('createdAt')
      .execute();

  it('lists members and invitees with their status, searchable and a page at a time', async () => {
    const org = await newOrganization();
    const teammate = await addUser(org.id, 'teammate', 'zelda');
    const invitee = address('invitee');
    assert.equal((await invite(org.admin.token, invitee, 'guest')).statusCode, 201);
    await suspendUserByEmail(server.database, teammate.email);

    const all = await list(org.admin.token);
    assert.equal(all.total, 3);
    assert.deepEqual(
      all.members.map((member) => [member.email, member.role, member.status]),
      [
        [org.admin.email, 'admin', 'Active'],
        [teammate.email, 'teammate', 'suspended'],
        [invitee, 'guest', 'InvitationSent'],
      ],
    );
    assert.ok(all.members[2]?.invitationExpiresAt);
    assert.equal(all.members[0]?.invitationExpiresAt, null);

    const found = await list(org.admin.token, '?search=ZELDA');
    assert.deepEqual(
      found.members.map((member) => member.email),
      [teammate.email],
    );
    const wildcard = await list(org.admin.token, `?search=${encodeURIComponent('%')}`);
    assert.equal(wildcard.total, 0);

    const secondPage = await list(org.admin.token, '?page=2&pageSize=2');
    assert.deepEqual(
      {
        total: secondPage.total,
        page: secondPage.page,
        size: secondPage.pageSize,
        emails: secondPage.members.map((m) => m.email),
      },
      { total: 3, page: 2, size: 2, emails: [invitee] },
    );
    const badPage = await call('GET', '/org-admin/users?page=0&pageSize=1000', org.admin.token);
    assert.equal(badPage.statusCode, 400);
    assert.match(badPage.body, new RegExp(memberMessages.invalidPage));
  });

  it('refuses teammates and guests every member-management call (403), and lets every member see the team', async () => {
    const org = await newOrganization();
    const teammate = await addUser(org.id, 'teammate');
    const guest = await addUser(org.id, 'guest');
    const pending = address('pending');
    await invite(org.admin.token, pending);
    for (const user of [teammate, guest]) {
      for (const [method, url, payload] of [
        ['GET', '/org-admin/users'],
        ['GET', `/org-admin/email?email=${encodeURIComponent(org.admin.email)}`],
        ['POST', '/org-admin/invites', { email: address('x'), role: 'guest' }],
        ['POST', '/org-admin/invites/resend', { email: pending }],
        ['DELETE', `/org-admin/invites/${org.id}`],
        ['PUT', `/org-admin/users/${encodeURIComponent(user.email)}`, { role: 'admin' }],
        ['DELETE', `/org-admin/users/${encodeURIComponent(org.admin.email)}`],
      ] as const) {
        const response = await call(method, url, user.token, payload);
        assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
      }
      const team = await call('GET', '/organization/members', user.token);
      assert.equal(team.statusCode, 200);
      const emails = team.json<{ members: { email: string; role: string }[] }>().members.map((m) => m.email);
      assert.deepEqual(emails.sort(), [org.admin.email, teammate.email, guest.email].sort());
      assert.ok(!emails.includes(pending), 'invitees are not colleagues yet');
    }
  });

  it('checks an address only inside the organization, never revealing other organizations', async () => {
    const org = await newOrganization();
    const other = await newOrganization('Other');
    const invitee = address('invitee');
    await invite(org.admin.token, invitee);
    const check = async (email: string) =>
      (await call('GET', `/org-admin/email?email=${encodeURIComponent(email)}`, org.admin.token)).json<{
        inOrganization: string;
      }>().inOrganization;
    assert.equal(await check(org.admin.email), 'member');
    assert.equal(await check(invitee.toUpperCase()), 'invited');
    assert.equal(await check(other.admin.email), 'none');
    assert.equal(await check(address('nobody')), 'none');
    const bad = await call('GET', '/org-admin/email?email=not-an-email', org.admin.token);
    assert.equal(bad.statusCode, 400);
    assert.ok(!bad.body.includes('not-an-email'));
  });

  it('changes roles, records it, and never leaves the organization without an admin', async () => {
    const org = await newOrganization();
    const teammate = await addUser(org.id, 'teammate');
    const promoted = await call(
      'PUT',
      `/org-admin/users/${encodeURIComponent(teammate.email)}`,
      org.admin.token,
      {
        role: 'admin',
      },
    );
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.equal(promoted.json<Member>().role, 'admin');

    // The two admins demote each other at the same moment: one wins, the other is refused.
    const [first, second] = await Promise.all([
      call('PUT', `/org-admin/users/${encodeURIComponent(teammate.email)}`, org.admin.token, {
        role: 'guest',
      }),
      call('PUT', `/org-admin/users/${encodeURIComponent(org.admin.email)}`, teammate.token, {
        role: 'guest',
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    assert.ok(
      (statuses[0] === 200 && statuses[1] === 409) || (statuses[0] === 200 && statuses[1] === 403),
      `${first.body} ${second.body}`,
    );
    const admins = (await list((first.statusCode === 200 ? org.admin : teammate).token)).members.filter(
      (member) => member.role === 'admin',
    );
    assert.equal(admins.length, 1);

    const lastAdmin = admins[0]!;
    const lastAdminToken = lastAdmin.email === org.admin.email ? org.admin.token : teammate.token;
    const demoteSelf = await call(
      'PUT',
      `/org-admin/users/${encodeURIComponent(lastAdmin.email)}`,
      lastAdminToken,
      {
        role: 'teammate',
      },
    );
    assert.equal(demoteSelf.statusCode, 409);
    assert.equal(demoteSelf.json<{ code: string; message: string }>().code, 'LAST_ADMIN');
    assert.equal(demoteSelf.json<{ message: string }>().message, memberMessages.lastAdmin);
    const removeSelf = await call(
      'DELETE',
      `/org-admin/users/${encodeURIComponent(lastAdmin.email)}`,
      lastAdminToken,
    );
    assert.equal(removeSelf.statusCode, 409);

    const badRole = await call(
      'PUT',
      `/org-admin/users/${encodeURIComponent(teammate.email)}`,
      lastAdminToken,
      {
        role: 'owner',
      },
    );
    assert.equal(badRole.statusCode, 400);
    assert.deepEqual(
      (await activity(org.id))
        .filter((entry) => entry.action === 'member.role-changed')
        .map((entry) => entry.details),
      [
        { from: 'teammate', to: 'admin' },
        { from: 'admin', to: 'guest' },
      ],
    );
  });

  it('removes a member: their account is deleted and they are signed out', async () => {
    const org = await newOrganization();
    const teammate = await addUser(org.id, 'teammate');
    const removed = await call(
      'DELETE',
      `/org-admin/users/${encodeURIComponent(teammate.email)}`,
      org.admin.token,
    );
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal((await call('GET', '/account', teammate.token)).statusCode, 401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: teammate.email, password },
    });
    assert.equal(login.statusCode, 401);
    const again = await call(
      'DELETE',
      `/org-admin/users/${encodeURIComponent(teammate.email)}`,
      org.admin.token,
    );
    assert.equal(again.statusCode, 404);
    assert.deepEqual(
      (await activity(org.id))
        .filter((entry) => entry.action === 'member.removed')
        .map((entry) => entry.subject),
      [teammate.email],
    );
  });

  it('revokes an invitation: its link stops working and the address is free', async () => {
    const org = await newOrganization();
    const invitee = address('revoked');
    await invite(org.admin.token, invitee);
    const resent = await call('POST', '/org-admin/invites/resend', org.admin.token, { email: invitee });
    assert.equal(resent.statusCode, 200, resent.body);
    const token = await invitationTokenFor(invitee);
    const pending = (await list(org.admin.token)).members.find((member) => member.email === invitee)!;
    const revoked = await call('DELETE', `/org-admin/invites/${pending.id}`, org.admin.token);
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal(
      (await server.app.inject({ method: 'GET', url: `/invitations?token=${token}` })).statusCode,
      404,
    );
    assert.equal((await call('DELETE', `/org-admin/invites/${pending.id}`, org.admin.token)).statusCode, 404);
    assert.equal((await call('DELETE', '/org-admin/invites/not-a-uuid', org.admin.token)).statusCode, 404);
    // An active member is not an invitation.
    const admin = (await list(org.admin.token)).members[0]!;
    assert.equal((await call('DELETE', `/org-admin/invites/${admin.id}`, org.admin.token)).statusCode, 404);
    assert.equal(
      (await invite(org.admin.token, invitee)).statusCode,
      201,
      'the address can be invited again',
    );
    const actions = (await activity(org.id)).map((entry) => entry.action);
    assert.deepEqual(actions, [
      'member.invited',
      'member.invitation-resent',
      'member.invitation-revoked',
      'member.invited',
    ]);
  });

  it("keeps organizations apart: an admin of B cannot list, change, revoke or remove A's people", async () => {
    const a = await newOrganization('A');
    const b = await newOrganization('B');
    const teammate = await addUser(a.id, 'teammate');
    const invitee = address('a-invitee');
    await invite(a.admin.token, invitee);
    const pending = (await list(a.admin.token)).members.find((member) => member.email === invitee)!;

    const bList = await call('GET', '/org-admin/users', b.admin.token);
    const bTeam = await call('GET', '/organization/members', b.admin.token);
    const changed = await call(
      'PUT',
      `/org-admin/users/${encodeURIComponent(teammate.email)}`,
      b.admin.token,
      {
        role: 'admin',
      },
    );
    const removed = await call(
      'DELETE',
      `/org-admin/users/${encodeURIComponent(teammate.email)}`,
      b.admin.token,
    );
    const revoked = await call('DELETE', `/org-admin/invites/${pending.id}`, b.admin.token);
    const resent = await call('POST', '/org-admin/invites/resend', b.admin.token, { email: invitee });
    for (const response of [changed, removed, revoked, resent])
      assert.equal(response.statusCode, 404, response.body);
    for (const response of [bList, bTeam, changed, removed, revoked, resent]) {
      for (const secret of [a.admin.email, teammate.email, invitee, pending.id, a.id]) {
        assert.ok(!response.body.includes(secret), `${secret} leaked: ${response.body}`);
      }
    }
    const after = await list(a.admin.token);
    assert.deepEqual(
      after.members.map((member) => [member.email, member.role]),
      [
        [a.admin.email, 'admin'],
        [teammate.email, 'teammate'],
        [invitee, 'teammate'],
      ],
    );
  });

  describe('invitations cannot lock people out', () => {
    it('the invitee may decline: the invitation is withdrawn and recorded', async () => {
      const org = await newOrganization();
      const invitee = address('decliner');
      await invite(org.admin.token, invitee);
      const token = await invitationTokenFor(invitee);
      const email = await latestEmailTo(server.database, invitee);
      assert.ok(
        findLinksInEmail(email).some((url) => url.includes('decline=yes')),
        'the email links to declining',
      );
      const declined = await server.app.inject({
        method: 'POST',
        url: '/invitations/decline',
        payload: { token },
      });
      assert.equal(declined.statusCode, 200, declined.body);
      assert.equal(
        (await server.app.inject({ method: 'GET', url: `/invitations?token=${token}` })).statusCode,
        404,
      );
      const twice = await server.app.inject({
        method: 'POST',
        url: '/invitations/decline',
        payload: { token },
      });
      assert.equal(twice.statusCode, 404);
      assert.equal((await list(org.admin.token)).total, 1);
      assert.deepEqual(
        (await activity(org.id)).map((entry) => [entry.action, entry.subject]),
        [
          ['member.invited', invitee],
          ['member.invitation-declined', invitee],
        ],
      );
    });

    it('an accepted invitation cannot be declined', async () => {
      const org = await newOrganization();
      const invitee = address('joiner');
      await invite(org.admin.token, invitee);
      const token = await invitationTokenFor(invitee);
      const accepted = await server.app.inject({
        method: 'POST',
        url: '/invitations',
        payload: { token, firstName: 'Grace', lastName: 'Hopper', password, confirmPassword: password },
      });
      assert.equal(accepted.statusCode, 200, accepted.body);
      const declined = await server.app.inject({
        method: 'POST',
        url: '/invitations/decline',
        payload: { token },
      });
      assert.equal(declined.statusCode, 409);
      assert.deepEqual(
        (await activity(org.id)).map((entry) => entry.action),
        ['member.invited', 'member.joined'],
      );
    });

    /** Invites `label`'s address to a new organization, then that address signs up on its own and verifies it. */
    const invitedThenSignedUp = async (label: string, remoteAddress: string, role = 'teammate') => {
      const org = await newOrganization('Inviting');
      const email = address(label);
      assert.equal((await invite(org.admin.token, email, role)).statusCode, 201);
      const invitationToken = await invitationTokenFor(email);
      const signedUp = await signUp(
        server.app,
        individualSignUp({ email, firstName: 'Sam', lastName: 'Self' }),
        remoteAddress,
      );
      assert.equal(signedUp.statusCode, 201, signedUp.body);
      const verified = await server.app.inject({
        method: 'POST',
        url: '/verify-email',
        payload: { token: await verificationTokenFor(server.database, email) },
      });
      assert.ok(verified.statusCode < 300, verified.body);
      const token = (await logIn(server.app, { email, password })).accessToken;
      const own = await findUserByEmail(server.database, email);
      return {
        org,
        email,
        invitationToken,
        token,
        ownOrganizationId: own!.organizationId,
        userId: own!.id,
      };
    };
    const offersOf = async (token: string) => {
      const response = await call('GET', '/invitations/offers', token);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{
        offers: { id: string; organizationName: string; role: string; expired: boolean }[];
      }>().offers;
    };
    const accountOf = async (token: string) => (await call('GET', '/account', token)).json();

    it('an invited address can still sign up on its own, and the invitation stays an offer to that account', async () => {
      const { org, email, invitationToken, token, ownOrganizationId } = await invitedThenSignedUp(
        'self-starter',
        '192.0.2.77',
      );
      // The admins still see the invitation, as they sent it: no names of the person's own account.
      const listed = (await list(org.admin.token)).members.find((member) => member.email === email);
      assert.deepEqual(listed && [listed.role, listed.status, listed.firstName, listed.lastName], [
        'teammate',
        'InvitationSent',
        '',
        '',
      ]);
      assert.equal(
        (await call('GET', `/org-admin/email?email=${email}`, org.admin.token)).json().inOrganization,
        'invited',
      );
      // Inviting the address again says it is invited already.
      assert.equal((await invite(org.admin.token, email)).json().code, 'INVITATION_PENDING');

      // The link says so; a password through the link is refused (only the signed-in account may accept).
      const described = await server.app.inject({
        method: 'GET',
        url: `/invitations?token=${invitationToken}`,
      });
      assert.equal(described.statusCode, 200);
      assert.equal(described.json().state, 'pending');
      assert.equal(described.json().existingAccount, true);
      const viaLink = await server.app.inject({
        method: 'POST',
        url: '/invitations',
        payload: {
          token: invitationToken,
          firstName: 'Eve',
          lastName: 'Link',
          password: 'Other-Password-2027',
        },
      });
      assert.equal(viaLink.statusCode, 409);
      assert.equal(viaLink.json().code, 'INVITATION_FOR_EXISTING_ACCOUNT');
      assert.equal(
        viaLink.json().message,
        'You already have a Dcipher account with this email address. Log in to accept the invitation from your account.',
      );

      // Nobody else may accept it: another user's id is "not found".
      const [offer] = await offersOf(token);
      assert.deepEqual(offer && [offer.organizationName, offer.role, offer.expired], [
        (await accountOf(org.admin.token)).organization.name,
        'teammate',
        false,
      ]);
      const stranger = await newOrganization('Stranger');
      const stolen = await call('POST', `/invitations/offers/${offer!.id}/accept`, stranger.admin.token);
      assert.equal(stolen.statusCode, 404);
      assert.equal(stolen.json().code, 'INVITATION_OFFER_NOT_FOUND');
      assert.equal((await call('POST', '/invitations/offers/not-a-uuid/accept', token)).statusCode, 404);

      // Joining: the account moves with the offered role; its own, empty organization is closed.
      const joined = await call('POST', `/invitations/offers/${offer!.id}/accept`, token);
      assert.equal(joined.statusCode, 200, joined.body);
      assert.equal(joined.json().role, 'teammate');
      const account = await accountOf(token);
      assert.deepEqual(
        [account.organization.id, account.role, account.firstName],
        [org.id, 'teammate', 'Sam'],
      );
      assert.equal(await findOrganizationName(server.database, ownOrganizationId), undefined);
      const member = (await list(org.admin.token)).members.find((entry) => entry.email === email);
      assert.deepEqual(member && [member.status, member.firstName], ['Active', 'Sam']);
      assert.deepEqual(await offersOf(token), []);
      const again = await call('POST', `/invitations/offers/${offer!.id}/accept`, token);
      assert.equal(again.statusCode, 404);
      assert.deepEqual(
        (await activity(org.id)).map((entry) => entry.action),
        ['member.invited', 'member.joined'],
      );
    });

    it('admins revoke, re-role or remove an offer without touching the person’s own account', async () => {
      const { org, email, token, userId, ownOrganizationId } = await invitedThenSignedUp(
        'offered',
        '192.0.2.79',
      );
      const changed = await call('PUT', `/org-admin/users/${email}`, org.admin.token, { role: 'guest' });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((await offersOf(token))[0]?.role, 'guest');
      assert.equal((await accountOf(token)).role, 'admin', 'their own organization role is untouched');

      const removed = await call('DELETE', `/org-admin/users/${email}`, org.admin.token);
      assert.equal(removed.statusCode, 200, removed.body);
      assert.deepEqual(await offersOf(token), []);
      assert.equal((await accountOf(token)).organization.id, ownOrganizationId, 'the account is still there');

      // Invited again and signed up already: revoking by the listed id withdraws only the offer.
      assert.equal((await invite(org.admin.token, email)).statusCode, 409, 'an address with an account');
      await db(server.database)
        .insertInto('invitations')
        .values({
          userId,
          organizationId: org.id,
          role: 'teammate',
          tokenHash: `offer-${randomUUID()}`,
          invitedBy: null,
          expiresAt: sql<Date>`now() + interval '7 days'`,
        })
        .execute();
      const listed = (await list(org.admin.token)).members.find((member) => member.email === email);
      const revoked = await call('DELETE', `/org-admin/invites/${listed!.id}`, org.admin.token);
      assert.equal(revoked.statusCode, 200, revoked.body);
      assert.deepEqual(await offersOf(token), []);
      assert.equal((await logIn(server.app, { email, password })).accessToken.length > 0, true);
    });

    it('the invitee declines an offer from the link or from their account; their account stays', async () => {
      const fromLink = await invitedThenSignedUp('declines-link', '192.0.2.80');
      const declined = await server.app.inject({
        method: 'POST',
        url: '/invitations/decline',
        payload: { token: fromLink.invitationToken },
      });
      assert.equal(declined.statusCode, 200, declined.body);
      assert.deepEqual(await offersOf(fromLink.token), []);
      assert.equal((await list(fromLink.org.admin.token)).total, 1);
      assert.equal((await accountOf(fromLink.token)).email, fromLink.email);

      const signedIn = await invitedThenSignedUp('declines-account', '192.0.2.81');
      const [offer] = await offersOf(signedIn.token);
      const answer = await call('POST', `/invitations/offers/${offer!.id}/decline`, signedIn.token);
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(await offersOf(signedIn.token), []);
      assert.deepEqual(
        (await activity(signedIn.org.id)).map((entry) => entry.action),
        ['member.invited', 'member.invitation-declined'],
      );
    });

    it('joining is refused while others belong to one’s own organization, and once the offer expired', async () => {
      const busy = await invitedThenSignedUp('busy', '192.0.2.82');
      // An Individual account cannot invite (docs/decisions/0085): the colleague is one it had before that rule.
      assert.equal((await invite(busy.token, address('colleague'))).statusCode, 403);
      await addUser(busy.ownOrganizationId, 'teammate', 'colleague');
      const [offer] = await offersOf(busy.token);
      const refused = await call('POST', `/invitations/offers/${offer!.id}/accept`, busy.token);
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, 'ORGANIZATION_HAS_OTHER_MEMBERS');
      assert.equal((await accountOf(busy.token)).organization.id, busy.ownOrganizationId);

      const late = await invitedThenSignedUp('late', '192.0.2.83');
      await db(server.database)
        .updateTable('invitations')
        .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
        .where('userId', '=', late.userId)
        .execute();
      const [expired] = await offersOf(late.token);
      assert.equal(expired?.expired, true);
      const tooLate = await call('POST', `/invitations/offers/${expired!.id}/accept`, late.token);
      assert.equal(tooLate.statusCode, 410);
    });

    it('the quick sign-up of an invited address mails the sign-up link, not "you already have an account"', async () => {
      const org = await newOrganization();
      const invitee = address('quick');
      await invite(org.admin.token, invitee);
      const response = await server.app.inject({
        method: 'POST',
        url: '/register/quick',
        payload: { email: invitee },
        remoteAddress: '192.0.2.78',
      });
      assert.ok(response.statusCode < 300, response.body);
      const messages = await waitForEmailsTo(server.database, invitee, 2);
      assert.ok(messages.some((message) => message.subject === 'Finish creating your Dcipher account'));
    });

    it('forgot password for an invited address explains how to get in', async () => {
      const org = await newOrganization();
      const invitee = address('forgetful');
      await invite(org.admin.token, invitee);
      const response = await server.app.inject({
        method: 'POST',
        url: '/reset-password',
        payload: { email: invitee },
      });
      assert.ok(response.statusCode < 300, response.body);
      const messages = await waitForEmailsTo(server.database, invitee, 2);
      const last = messages.find((message) => message.subject === 'You have no Dcipher password yet');
      assert.ok(last, 'the forgot-password email');
      assert.ok(findLinksInEmail(last).some((url) => url.startsWith(`${webUrl}/signup?email=`)));
    });
  });
});
