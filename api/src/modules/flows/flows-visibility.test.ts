// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { callAs } from '../../test-support/call-as.js';
import { errorBodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * Who may make a workflow public, and its one source of truth (docs/decisions/0094): `PUT /flows/{id}` and the
 * sharing API (`PUT /roles/resource`) follow one rule (grant: owners and admins) and change one thing, the
 * resource's public role, which the anonymous calls read.
 */
describe('workflow visibility (docs/decisions/0094)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({
      rateLimitScale: 100,
      flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: true },
    });
  });
  after(() => server.close());

  const call = callAs(() => server.app);
  let names = 0;
  const newFlow = async (token: string) => {
    const workflow = predefinedWorkflows.find((entry) => entry.id === 'review-analysis')!;
    names += 1;
    const response = await call('POST', '/flows', token, {
      name: `Visibility ${names}`,
      flowType: 'predefinedFlow',
      predefinedFlowId: workflow.id,
      analysisType: workflow.analysisType,
      dataSources: [{ kind: 'starter', group: 'file', sampleId: workflow.sample.id }],
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as { id: string; visibility: string };
  };
  const sharingPublic = (token: string, flowId: string, makePublic: boolean) =>
    call('PUT', '/roles/resource', token, { resource: 'workflow', resourceId: flowId, public: makePublic });
  const anonymousReach = async (flowId: string) => ({
    read: (await call('GET', `/flows/${flowId}/last-run`)).statusCode,
    run: (await call('POST', `/flows/${flowId}/run`)).statusCode,
  });

  it('an editor may not make a flow public (or private) through PUT /flows, as through the sharing API', async () => {
    const org = await organizationWithPeople(server, { label: 'visibility' });
    const flow = await newFlow(org.admin);
    const teammateEmail = org.adminEmail.replace('-admin-', '-teammate-');
    const granted = await call('POST', '/roles/resource', org.admin, {
      resource: 'workflow',
      resourceId: flow.id,
      email: teammateEmail,
      role: 'editor',
    });
    assert.equal(granted.statusCode, 201, granted.body);

    const viaFlows = await call('PUT', `/flows/${flow.id}`, org.teammate, { visibility: 'public' });
    assert.equal(viaFlows.statusCode, 403, viaFlows.body);
    assert.deepEqual(
      [errorBodyOf(viaFlows).code, errorBodyOf(viaFlows).params],
      ['FORBIDDEN', { reason: 'resourcePermission', action: 'grant' }],
    );
    const viaSharing = await sharingPublic(org.teammate, flow.id, true);
    assert.deepEqual([viaSharing.statusCode, errorBodyOf(viaSharing).code], [403, 'FORBIDDEN']);
    // Nothing of the refused change was kept, even with another change in the same body.
    const mixed = await call('PUT', `/flows/${flow.id}`, org.teammate, {
      description: 'Edited',
      visibility: 'public',
    });
    assert.equal(mixed.statusCode, 403);
    const read = (await call('GET', `/flows/${flow.id}`, org.teammate)).json();
    assert.deepEqual([read.visibility, read.description === 'Edited'], ['private', false]);
    assert.deepEqual(await anonymousReach(flow.id), { read: 404, run: 404 });
    // The editor still edits what is theirs to edit.
    const edited = await call('PUT', `/flows/${flow.id}`, org.teammate, { description: 'Edited' });
    assert.equal(edited.statusCode, 200, edited.body);

    // The owner (here the admin) may, either way; once public, the editor may not make it private either.
    const madePublic = await call('PUT', `/flows/${flow.id}`, org.admin, { visibility: 'public' });
    assert.equal(madePublic.statusCode, 200, madePublic.body);
    const back = await call('PUT', `/flows/${flow.id}`, org.teammate, { visibility: 'private' });
    assert.deepEqual(
      [back.statusCode, errorBodyOf(back).params],
      [403, { reason: 'resourcePermission', action: 'grant' }],
    );
    // Sending the visibility it already has is no change.
    const same = await call('PUT', `/flows/${flow.id}`, org.teammate, { visibility: 'public' });
    assert.equal(same.statusCode, 200, same.body);
  });

  it('"private again" on the Sharing screen makes the flow unreadable and unrunnable anonymously', async () => {
    const org = await organizationWithPeople(server, { label: 'visibility' });
    const flow = await newFlow(org.admin);
    assert.equal(
      (await call('PUT', `/flows/${flow.id}`, org.admin, { visibility: 'public' })).statusCode,
      200,
    );
    assert.equal((await call('GET', `/flows/${flow.id}/last-run`)).statusCode, 200);

    const privateAgain = await sharingPublic(org.admin, flow.id, false);
    assert.equal(privateAgain.statusCode, 200, privateAgain.body);
    assert.equal(privateAgain.json().publicRole, null);
    assert.deepEqual(await anonymousReach(flow.id), { read: 404, run: 404 });
    assert.equal((await call('GET', `/flows/${flow.id}`, org.admin)).json().visibility, 'private');
    // Nor does the organization read it through a public role any more.
    assert.equal((await call('GET', `/flows/${flow.id}`, org.teammate)).statusCode, 404);
  });

  it('public made either way is seen by the other', async () => {
    const org = await organizationWithPeople(server, { label: 'visibility' });

    // Through the sharing API: the flow says public, and anonymous callers reach it.
    const shared = await newFlow(org.admin);
    assert.equal((await sharingPublic(org.admin, shared.id, true)).statusCode, 200);
    assert.equal((await call('GET', `/flows/${shared.id}`, org.admin)).json().visibility, 'public');
    const read = await call('GET', `/flows/${shared.id}/last-run`);
    assert.equal(read.statusCode, 200, read.body);
    const run = await call('POST', `/flows/${shared.id}/run`);
    assert.equal(run.statusCode, 202, run.body);
    await server.app.jobs.work();

    // Through PUT /flows: the sharing API says public; private through PUT /flows: it says private.
    const edited = await newFlow(org.admin);
    assert.equal(
      (await call('PUT', `/flows/${edited.id}`, org.admin, { visibility: 'public' })).statusCode,
      200,
    );
    const sharing = await call('GET', `/roles/resource?resource=workflow&resourceId=${edited.id}`, org.admin);
    assert.equal(sharing.json().publicRole, 'viewer');
    assert.equal(
      (await call('PUT', `/flows/${edited.id}`, org.admin, { visibility: 'private' })).statusCode,
      200,
    );
    const after_ = await call(
      'GET',
      `/roles/resource/public?resource=workflow&resourceId=${edited.id}`,
      org.admin,
    );
    assert.equal(after_.json().publicRole, null);
    assert.deepEqual(await anonymousReach(edited.id), { read: 404, run: 404 });
  });
});
