// engines: any
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  can,
  type OrganizationRole,
  organizationRoles,
  type PermissionResource,
  permissionActions,
  permissionResources,
  type ResourceGrant,
  shareableResources,
} from '@dcipher/shared/domain';
import { demoOrganization, demoPassword, demoResources } from '../../db/seed-demo-data.js';
import { callAs } from '../../test-support/call-as.js';
import { bodyOf } from '../../test-support/error-body.js';
import { logIn, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { ensureOrganization } from '../people/organization-repository.js';
import { findUserByEmail, insertUser } from '../people/user-repository.js';
import { ensureResource, upsertGrant } from './roles-repository.js';

const emailOf: Record<OrganizationRole, string> = {
  admin: 'admin@demo.dcipher.local',
  teammate: 'teammate@demo.dcipher.local',
  guest: 'guest@demo.dcipher.local',
};

describe('roles (issue 10)', () => {
  let server: TestServer;
  const tokens = {} as Record<OrganizationRole, string>;
  const ids = {} as Record<OrganizationRole, string>;
  before(async () => {
    server = await startTestServer();
    for (const role of organizationRoles) {
      tokens[role] = (await logIn(server.app, { email: emailOf[role], password: demoPassword })).accessToken;
      ids[role] = (await findUserByEmail(server.database, emailOf[role]))?.id ?? '';
    }
  });
  after(() => server.close());

  const call = callAs(() => server.app);

  /** A resource of `type` in the demo organization, owned by `ownerId`, optionally public. */
  async function makeResource(
    type: string,
    ownerId: string,
    publicRole: 'viewer' | null = null,
  ): Promise<string> {
    const id = randomUUID();
    await ensureResource(server.database, {
      id,
      organizationId: demoOrganization.id,
      type,
      name: 'Matrix item',
      ownerUserId: ownerId,
      publicRole,
    });
    return id;
  }

  it('walks the whole policy matrix: every organization role × action × resource, and the API agrees', async () => {
    let checked = 0;
    for (const role of organizationRoles) {
      const subject = { kind: 'user' as const, role };
      for (const resource of permissionResources) {
        const answer = await call('GET', `/roles/abilities?resource=${resource}`, tokens[role]);
        assert.equal(answer.statusCode, 200, answer.body);
        for (const action of permissionActions) {
          assert.equal(
            answer.json().actions[action],
            can(subject, resource, action),
            `${role} ${action} ${resource}`,
          );
          checked += 1;
        }
      }
    }
    assert.equal(checked, organizationRoles.length * permissionResources.length * permissionActions.length);
  });

  it('and with a role on one resource — owner, editor, viewer, public, none — for every shareable resource', async () => {
    const someoneElse = ids.admin;
    let checked = 0;
    for (const role of organizationRoles) {
      const subject = { kind: 'user' as const, role };
      for (const resource of shareableResources as readonly PermissionResource[]) {
        const owner = role === 'admin' ? ids.admin : ids[role];
        const cases: [ResourceGrant | undefined, string][] = [
          ['owner', await makeResource(resource, owner)],
          [
            'public',
            await makeResource(resource, someoneElse === ids[role] ? ids.teammate : someoneElse, 'viewer'),
          ],
          [undefined, await makeResource(resource, someoneElse === ids[role] ? ids.teammate : someoneElse)],
        ];
        for (const grant of ['editor', 'viewer'] as const) {
          const id = await makeResource(resource, someoneElse === ids[role] ? ids.teammate : someoneElse);
          await upsertGrant(server.database, { resourceId: id, userId: ids[role], role: grant });
          cases.push([grant, id]);
        }
        for (const [resourceRole, id] of cases) {
          const answer = await call(
            'GET',
            `/roles/abilities?resource=${resource}&resourceId=${id}`,
            tokens[role],
          );
          assert.equal(answer.json().resourceRole, resourceRole ?? null, `${role} on ${resource}`);
          for (const action of permissionActions) {
            assert.equal(
              answer.json().actions[action],
              can(subject, resource, action, { ...(resourceRole && { resourceRole }) }),
              `${role} as ${resourceRole ?? 'nobody'}: ${action} ${resource}`,
            );
            checked += 1;
          }
        }
      }
    }
    assert.equal(
      checked,
      organizationRoles.length * shareableResources.length * 5 * permissionActions.length,
    );
  });

  it('shares a resource: the admin grants a teammate viewer; the viewer reads it but may not share it', async () => {
    const project = demoResources[0];
    const query = `resource=${project.type}&resourceId=${project.id}`;
    assert.equal(
      (await call('GET', `/roles/resource?${query}`, tokens.teammate)).statusCode,
      404,
      'not shared yet',
    );

    const granted = await call('POST', '/roles/resource', tokens.admin, {
      resource: project.type,
      resourceId: project.id,
      email: emailOf.teammate,
      role: 'viewer',
    });
    assert.equal(granted.statusCode, 201, granted.body);
    assert.deepEqual(
      granted.json().grants.map((grant: { email: string; role: string }) => [grant.email, grant.role]),
      [[emailOf.teammate, 'viewer']],
    );
    const seen = await call('GET', `/roles/resource?${query}`, tokens.teammate);
    assert.equal(seen.statusCode, 200);
    assert.equal(seen.json().name, 'Customer feedback study');
    const refused = await call('POST', '/roles/resource', tokens.teammate, {
      resource: project.type,
      resourceId: project.id,
      email: emailOf.guest,
      role: 'viewer',
    });
    assert.equal(refused.statusCode, 403);

    const updated = await call('PUT', '/roles/resource', tokens.admin, {
      resource: project.type,
      resourceId: project.id,
      email: emailOf.teammate,
      role: 'editor',
      public: true,
    });
    assert.equal(updated.json().grants[0].role, 'editor');
    assert.equal(updated.json().publicRole, 'viewer');
    assert.deepEqual(bodyOf(await call('GET', `/roles/resource/public?${query}`, tokens.guest)), {
      publicRole: 'viewer',
    });

    const removed = await call('DELETE', '/roles/resource', tokens.admin, {
      resource: project.type,
      resourceId: project.id,
      email: emailOf.teammate,
    });
    assert.deepEqual(removed.json().grants, []);
    const log = (await call('GET', '/organization/activity?category=role', tokens.admin)).json();
    assert.deepEqual(
      log.entries.map((entry: { action: string }) => entry.action),
      ['role.removed', 'role.updated', 'role.updated', 'role.granted'],
    );
  });

  it('caps a guest editor at read, and transfers ownership to a member (never to a guest)', async () => {
    const workflow = demoResources[1];
    await call('POST', '/roles/resource', tokens.admin, {
      resource: workflow.type,
      resourceId: workflow.id,
      email: emailOf.guest,
      role: 'editor',
    });
    const guestAbilities = (
      await call(
        'GET',
        `/roles/abilities?resource=workflow&resourceId=${workflow.id}&actions=read,update`,
        tokens.guest,
      )
    ).json();
    assert.deepEqual(guestAbilities.actions, { read: true, update: false });

    const toGuest = await call('PUT', '/roles/ownership', tokens.admin, {
      resource: workflow.type,
      resourceId: workflow.id,
      email: emailOf.guest,
    });
    assert.equal(toGuest.statusCode, 400);
    const transferred = await call('PUT', '/roles/ownership', tokens.admin, {
      resource: workflow.type,
      resourceId: workflow.id,
      email: emailOf.teammate,
    });
    assert.equal(transferred.statusCode, 200, transferred.body);
    assert.equal(transferred.json().ownerEmail, emailOf.teammate);
    assert.ok(
      transferred
        .json()
        .grants.some(
          (grant: { email: string; role: string }) =>
            grant.email === emailOf.admin && grant.role === 'editor',
        ),
      'the previous owner keeps editing it',
    );
  });

  it('refuses unknown resources, other organizations and bad input with clear 4xx, never telling what exists', async () => {
    const other = { id: randomUUID(), name: 'Other Roles Org', customerType: 'Business' } as const;
    await ensureOrganization(server.database, other);
    const outsider = await insertUser(server.database, {
      email: 'outsider@roles.example',
      firstName: 'Out',
      lastName: 'Sider',
      passwordHash: null,
      status: 'Active',
      organizationId: other.id,
      role: 'admin',
    });
    const foreign = { id: randomUUID() };
    await ensureResource(server.database, {
      id: foreign.id,
      organizationId: other.id,
      type: 'file',
      name: 'Secret plan',
      ownerUserId: outsider?.id ?? '',
    });
    const foreignAnswer = await call(
      'GET',
      `/roles/resource?resource=file&resourceId=${foreign?.id}`,
      tokens.admin,
    );
    assert.equal(foreignAnswer.statusCode, 404);
    assert.doesNotMatch(foreignAnswer.body, /Secret plan|outsider/);
    // Another organization's item, or an id that names nothing, is not found on every /roles call that takes one
    // (docs/decisions/0038): never answered from the caller's organization role (an admin may do all on files).
    const nowhere = '3f2a7c1e-9b4d-4e8a-8c6f-1d2e3f4a5b6c';
    for (const id of [foreign?.id, nowhere]) {
      const item = { resource: 'file', resourceId: id };
      for (const [method, url, payload] of [
        ['GET', `/roles/abilities?resource=file&resourceId=${id}`],
        ['GET', `/roles/abilities?resource=file&resourceId=${id}&actions=read`],
        ['GET', `/roles?resource=file&resourceId=${id}`],
        ['GET', `/roles/resource?resource=file&resourceId=${id}`],
        ['GET', `/roles/resource/public?resource=file&resourceId=${id}`],
        ['POST', '/roles/resource', { ...item, email: emailOf.teammate, role: 'viewer' }],
        ['PUT', '/roles/resource', { ...item, email: emailOf.teammate, role: 'editor' }],
        ['DELETE', '/roles/resource', { ...item, email: emailOf.teammate }],
        ['PUT', '/roles/ownership', { ...item, email: emailOf.teammate }],
      ] as const) {
        for (const role of organizationRoles) {
          const answer = await call(method, url, tokens[role], payload);
          assert.equal(answer.statusCode, 404, `${role}: ${method} ${url} ${answer.body}`);
          assert.equal(answer.json().message, 'This resource could not be found');
          assert.doesNotMatch(answer.body, /Secret plan|outsider|allowed/);
        }
      }
    }
    assert.equal(
      (await call('GET', `/roles/abilities?resource=file&resourceId=${demoResources[2].id}`, tokens.admin))
        .statusCode,
      200,
    );
    const toOutsider = await call('POST', '/roles/resource', tokens.admin, {
      resource: 'file',
      resourceId: demoResources[2].id,
      email: 'outsider@roles.example',
      role: 'viewer',
    });
    assert.equal(toOutsider.statusCode, 400);
    assert.deepEqual(toOutsider.json().issues, { email: 'This person is not a member of your organization' });

    for (const [url, issue] of [
      ['/roles/abilities?resource=spaceship', 'resource'],
      ['/roles/abilities?resource=file&actions=fly', 'actions'],
      ['/roles/resource?resource=organization&resourceId=00000000-0000-4000-8000-000000000000', 'resource'],
      ['/roles/resource?resource=file&resourceId=nope', 'resourceId'],
    ] as const) {
      const answer = await call('GET', url, tokens.admin);
      assert.equal(answer.statusCode, 400, url);
      assert.ok(
        Object.keys(answer.json().issues).some((field) => field.split('.')[0] === issue),
        `${url}: ${answer.body}`,
      );
    }
    const users = (await call('GET', '/roles/users', tokens.teammate)).json().users;
    assert.ok(
      users.every(
        (user: { email: string }) =>
          user.email.endsWith('@demo.dcipher.local') || !user.email.includes('outsider'),
      ),
    );
    assert.equal((await call('GET', '/roles/users', tokens.guest)).statusCode, 403);
    assert.equal((await call('GET', '/roles/organization', tokens.guest)).json().roles.length, 3);
  });

  it("answers the caller's own roles, and changes a member's organization role through the members module", async () => {
    const mine = await call('GET', `/roles?resource=file&resourceId=${demoResources[2].id}`, tokens.admin);
    assert.deepEqual(bodyOf(mine), { organizationRole: 'admin', resourceRole: 'owner' });
    assert.deepEqual(bodyOf(await call('GET', '/roles', tokens.guest)), {
      organizationRole: 'guest',
      resourceRole: null,
    });

    const member = 'roles.member@example.com';
    await insertUser(server.database, {
      email: member,
      firstName: 'Rolf',
      lastName: 'Member',
      passwordHash: null,
      status: 'Active',
      organizationId: demoOrganization.id,
      role: 'guest',
    });
    assert.equal(
      (await call('POST', '/roles/organization', tokens.teammate, { email: member, role: 'teammate' }))
        .statusCode,
      403,
    );
    const invalid = await call('POST', '/roles/organization', tokens.admin, { email: member, role: 'owner' });
    assert.equal(invalid.statusCode, 400);
    assert.deepEqual(invalid.json().issues, { role: 'Choose admin, teammate or guest' });
    const changed = await call('POST', '/roles/organization', tokens.admin, {
      email: member,
      role: 'teammate',
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(bodyOf(changed), { email: member, role: 'teammate' });
  });
});
