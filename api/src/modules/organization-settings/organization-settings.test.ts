// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { db } from '../../db/kysely.js';
import { demoOrganization, demoPassword } from '../../db/seed-demo-data.js';
import { callAs } from '../../test-support/call-as.js';
import { createUser } from '../../test-support/create-user.js';
import { bodyOf } from '../../test-support/error-body.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';

const teammate = 'teammate@demo.dcipher.local';
const guest = 'guest@demo.dcipher.local';

describe('organization settings (issue 10)', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer();
    admin = (await logIn(server.app)).accessToken;
  });
  after(() => server.close());

  const call = callAs(() => server.app);
  const tokenOf = async (email: string, password = demoPassword) =>
    (await logIn(server.app, { email, password })).accessToken;

  it('lists about 25 cloud regions with readable names and continents', async () => {
    const response = await call('GET', '/regions', await tokenOf(teammate));
    assert.equal(response.statusCode, 200);
    const { regions } = response.json<{ regions: { id: string; name: string; continent: string }[] }>();
    assert.ok(regions.length >= 25);
    assert.deepEqual(
      regions.find((region) => region.id === 'us-central1'),
      { id: 'us-central1', name: 'United States (Iowa)', continent: 'North America' },
    );
  });

  it('shows the organization to its members, not to guests', async () => {
    const organization = (await call('GET', '/organization', admin)).json();
    assert.equal(organization.id, demoOrganization.id);
    assert.equal(organization.region, 'europe-west1');
    assert.equal(organization.passwordExpiresAfterDays, null);
    assert.equal(organization.twoStepRequired, false);
    assert.ok(organization.memberCount >= 4);
    assert.equal((await call('GET', '/organization', await tokenOf(teammate))).statusCode, 200);
    assert.equal((await call('GET', '/organization', await tokenOf(guest))).statusCode, 403);
  });

  it('lets an admin change the region, with a clear message for an unknown one, and records it', async () => {
    const refused = await call('PATCH', '/organization/region', admin, { region: 'mars-north1' });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json().issues, { region: 'Choose one of the listed regions' });
    assert.equal(
      (await call('PATCH', '/organization/region', await tokenOf(teammate), { region: 'us-central1' }))
        .statusCode,
      403,
    );

    const changed = await call('PATCH', '/organization/region', admin, { region: 'us-central1' });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.json().region, 'us-central1');

    const activity = (await call('GET', '/organization/activity?category=organization', admin)).json();
    const [newest] = activity.entries;
    assert.equal(newest.action, 'organization.region-changed');
    assert.equal(newest.actorEmail, 'admin@demo.dcipher.local');
    assert.deepEqual(newest.details, { from: 'europe-west1', to: 'us-central1' });
    // Saving the same region again changes nothing and records nothing.
    await call('PATCH', '/organization/region', admin, { region: 'us-central1' });
    const again = (await call('GET', '/organization/activity?category=organization', admin)).json();
    assert.equal(again.total, activity.total);
  });

  it('renames the organization (admins only, required and bounded)', async () => {
    const empty = await call('PATCH', '/organization', admin, { name: '  ' });
    assert.equal(empty.statusCode, 400);
    const renamed = await call('PATCH', '/organization', admin, { name: 'Demo Org' });
    assert.equal(renamed.statusCode, 200);
    assert.equal(renamed.json().name, 'Demo Org');
    assert.equal(
      (await call('PATCH', '/organization', await tokenOf(teammate), { name: 'Mine' })).statusCode,
      403,
    );
  });

  it('expires passwords older than the policy at the next sign-in, through the expired-password flow', async () => {
    const invalid = await call('PUT', '/org-admin/password-policies', admin, { expiresAfterDays: 10 });
    assert.equal(invalid.statusCode, 400);
    assert.deepEqual(invalid.json().issues, {
      expiresAfterDays: 'Enter a whole number of days between 30 and 365',
    });
    assert.equal(
      (await call('PUT', '/org-admin/password-policies', await tokenOf(teammate), { expiresAfterDays: 30 }))
        .statusCode,
      403,
    );

    const old = await createUser(server.database, 'old.password@example.com', 'Old-Password-2026!');
    const fresh = await createUser(server.database, 'fresh.password@example.com', 'Fresh-Password-2026!');
    await db(server.database)
      .updateTable('users')
      .set({ passwordChangedAt: sql<Date>`now() - interval '40 days'` })
      .where('id', '=', old.id)
      .execute();
    // Without a policy nothing expires.
    assert.equal(
      (await logIn(server.app, { email: 'old.password@example.com', password: 'Old-Password-2026!' }))
        .requiresPasswordChange,
      false,
    );

    const set = await call('PUT', '/org-admin/password-policies', admin, { expiresAfterDays: 30 });
    assert.deepEqual(bodyOf(set), { expiresAfterDays: 30 });
    assert.deepEqual(bodyOf(await call('GET', '/org-admin/password-policies', admin)), {
      expiresAfterDays: 30,
    });

    const expired = await logIn(server.app, {
      email: 'old.password@example.com',
      password: 'Old-Password-2026!',
    });
    assert.equal(expired.requiresPasswordChange, true);
    assert.equal(
      (await call('GET', '/organization', expired.accessToken)).statusCode,
      403,
      'only the password change is open',
    );
    const notExpired = await logIn(server.app, {
      email: 'fresh.password@example.com',
      password: 'Fresh-Password-2026!',
    });
    assert.equal(notExpired.requiresPasswordChange, false);
    assert.ok(fresh.id);

    // A new password is dated now: the next sign-in is normal.
    const changed = await call('PUT', '/change-password', expired.accessToken, {
      currentPassword: 'Old-Password-2026!',
      newPassword: 'Newer-Password-2026!',
      confirmPassword: 'Newer-Password-2026!',
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(
      (await logIn(server.app, { email: 'old.password@example.com', password: 'Newer-Password-2026!' }))
        .requiresPasswordChange,
      false,
    );
    await call('PUT', '/org-admin/password-policies', admin, { expiresAfterDays: null });
  });

  /** Sets two-step verification up for the holder of `token`; answers a code generator for later sign-ins. */
  const setUpTwoSteps = async (token: string) => {
    const setup = (
      await server.app.inject({
        method: 'POST',
        url: '/account/two-factor/setup',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    const enabled = await server.app.inject({
      method: 'POST',
      url: '/account/two-factor/enable',
      headers: { authorization: `Bearer ${token}` },
      payload: { code: totp.generate() },
    });
    assert.equal(enabled.statusCode, 200, enabled.body);
    return totp;
  };

  it('requires two-step verification: members without it may only set it up, then carry on', async () => {
    // An admin must have it before requiring it, so the requirement never locks them out.
    const refused = await call('PUT', '/organization/two-step-requirement', admin, { required: true });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.json().message, /Set up two-step verification for your own account first/);

    const secondAdmin = await createUser(server.database, 'second.admin@example.com', 'Second-Admin-2026!');
    await db(server.database)
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', secondAdmin.id)
      .execute();
    const secondToken = await tokenOf('second.admin@example.com', 'Second-Admin-2026!');
    await setUpTwoSteps(secondToken);
    await createUser(server.database, 'two.step.member@example.com', 'Member-Password-2026!');
    const required = await call('PUT', '/organization/two-step-requirement', secondToken, { required: true });
    assert.equal(required.statusCode, 200, required.body);
    assert.equal(required.json().twoStepRequired, true);
    try {
      const member = await tokenOf('two.step.member@example.com', 'Member-Password-2026!');
      const blocked = await call('GET', '/regions', member);
      assert.equal(blocked.statusCode, 403);
      assert.equal(blocked.json().code, 'TWO_STEP_SETUP_REQUIRED');
      assert.equal((await call('GET', '/account', member)).json().twoStepSetupRequired, true);
      await setUpTwoSteps(member);
      assert.equal(
        (await call('GET', '/regions', member)).statusCode,
        200,
        'set up: everything is open again',
      );
      assert.equal((await call('GET', '/account', member)).json().twoStepSetupRequired, false);
    } finally {
      await call('PUT', '/organization/two-step-requirement', secondToken, { required: false });
    }
    const log = (await call('GET', '/organization/activity?category=organization&pageSize=2', admin)).json();
    assert.deepEqual(
      log.entries.map((entry: { action: string; subject: string; actorEmail: string }) => [
        entry.action,
        entry.subject,
        entry.actorEmail,
      ]),
      [
        ['organization.two-step-requirement-changed', 'not required', 'second.admin@example.com'],
        ['organization.two-step-requirement-changed', 'required', 'second.admin@example.com'],
      ],
    );
  });

  it('shows the activity log to admins only, paged and filtered, with clear messages for bad paging', async () => {
    assert.equal((await call('GET', '/organization/activity', await tokenOf(teammate))).statusCode, 403);
    const page = await call('GET', '/organization/activity?page=1&pageSize=1', admin);
    assert.equal(page.statusCode, 200);
    assert.equal(page.json().entries.length, 1);
    assert.ok(page.json().total > 1);
    for (const query of ['page=0', 'pageSize=500', 'category=everything', 'page=abc']) {
      const refused = await call('GET', `/organization/activity?${query}`, admin);
      assert.equal(refused.statusCode, 400, query);
    }
  });
});
