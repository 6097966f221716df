// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { demoOrganization } from '../../db/seed-demo-data.js';
import { createUser } from '../../test-support/create-user.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { listActivity, recordActivity } from './activity-log.js';
import { activityLogPersonalData } from './activity-log-personal-data.js';

describe('organization activity log', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('records who did what, lists newest first, filters by action and actor, and pages', async () => {
    const alice = await createUser(server.database, 'alice.activity@example.com', 'Alice-Password-2026');
    const bob = await createUser(server.database, 'bob.activity@example.com', 'Bobby-Password-2026');
    const organizationId = demoOrganization.id;
    await recordActivity(server.database, {
      organizationId,
      actor: { userId: alice.id },
      action: 'member.invited',
      subject: 'new.person@example.com',
      details: { role: 'guest' },
    });
    await recordActivity(server.database, {
      organizationId,
      actor: { userId: bob.id },
      action: 'organization.region-changed',
      subject: 'europe-west1',
      details: { from: 'us-central1', to: 'europe-west1' },
    });

    const all = await listActivity(server.database, { organizationId, limit: 10, offset: 0 });
    assert.equal(all.total, 2);
    assert.deepEqual(
      all.entries.map((entry) => [entry.action, entry.actorEmail, entry.actorName, entry.subject]),
      [
        ['organization.region-changed', 'bob.activity@example.com', 'Test User', 'europe-west1'],
        ['member.invited', 'alice.activity@example.com', 'Test User', 'new.person@example.com'],
      ],
    );
    assert.deepEqual(all.entries[0]?.details, { from: 'us-central1', to: 'europe-west1' });

    const invites = await listActivity(server.database, {
      organizationId,
      actions: ['member.invited'],
      limit: 10,
      offset: 0,
    });
    assert.deepEqual(
      invites.entries.map((entry) => entry.actorUserId),
      [alice.id],
    );
    const byBob = await listActivity(server.database, {
      organizationId,
      actorUserId: bob.id,
      limit: 10,
      offset: 0,
    });
    assert.equal(byBob.total, 1);
    const secondPage = await listActivity(server.database, { organizationId, limit: 1, offset: 1 });
    assert.equal(secondPage.entries[0]?.action, 'member.invited');
    assert.equal(secondPage.total, 2);

    // Deleting Alice's account keeps the organization's record, but not who she was.
    await server.database.transaction((transaction) =>
      activityLogPersonalData.erase!(transaction, {
        userId: alice.id,
        email: 'alice.activity@example.com',
        organizationId,
      }),
    );
    const [erased] = (
      await listActivity(server.database, {
        organizationId,
        actions: ['member.invited'],
        limit: 1,
        offset: 0,
      })
    ).entries;
    assert.deepEqual(
      [erased?.actorUserId, erased?.actorEmail, erased?.actorName],
      [null, '', 'A former member'],
    );
  });
});
