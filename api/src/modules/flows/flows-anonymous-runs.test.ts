// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { workflowMessages } from '@dcipher/shared/validation';
import { callAs, useUpSocialMediaQuota } from '../../test-support/call-as.js';
import { bodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * Anonymous runs of a public flow (issue 32, docs/decisions/0093): the caller learns nothing of the owner's wallet
 * when the organization cannot pay, and the owner is not emailed once per anonymous run.
 */
describe('anonymous runs of a public workflow', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ rateLimitScale: 100 });
    await server.app.jobs.work();
  });
  after(() => server.close());

  const call = callAs(() => server.app);

  async function publicFlow(label: string) {
    const org = await organizationWithPeople(server, { label });
    const created = await call(
      'POST',
      '/flows',
      { token: org.admin },
      {
        name: `${label} reviews`,
        flowType: 'predefinedFlow',
        predefinedFlowId: 'review-analysis',
        analysisType: 'contentAnalysis',
        dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
      },
    );
    assert.equal(created.statusCode, 201, created.body);
    const flowId = created.json().id as string;
    const shared = await call('PUT', `/flows/${flowId}`, { token: org.admin }, { visibility: 'public' });
    assert.equal(shared.statusCode, 200, shared.body);
    return { org, flowId };
  }
  const finishedMails = async (to: string) =>
    (await readOutbox(server.database, to)).filter((mail) => mail.subject.includes('has finished'));

  it('do not email the owner; a member’s run still does', async () => {
    const { org, flowId } = await publicFlow('anonymous-mail');
    for (let index = 0; index < 3; index += 1) {
      const anonymous = await call('POST', `/flows/${flowId}/run`);
      assert.equal(anonymous.statusCode, 202, anonymous.body);
      await server.app.jobs.work();
    }
    const { runs } = (await call('GET', `/flows/${flowId}/runs`, { token: org.admin })).json();
    assert.deepEqual(
      runs.map((run: { state: string }) => run.state),
      ['JobDone', 'JobDone', 'JobDone'],
    );
    assert.equal((await finishedMails(org.adminEmail)).length, 0, 'an email per anonymous run');

    assert.equal((await call('POST', `/flows/${flowId}/run`, { token: org.admin })).statusCode, 202);
    await server.app.jobs.work();
    assert.equal((await finishedMails(org.adminEmail)).length, 1);
  });

  it('that the organization cannot pay for are refused without its wallet balance; members are told it', async () => {
    const { org, flowId } = await publicFlow('anonymous-wallet');
    // Use up the social media quota; the wallet is empty.
    await useUpSocialMediaQuota(call, org.admin, 'anonymous-wallet');

    const anonymous = await call('POST', `/flows/${flowId}/run`);
    assert.deepEqual(
      [anonymous.statusCode, bodyOf(anonymous)],
      [
        409,
        {
          statusCode: 409,
          error: 'Conflict',
          code: 'FLOW_CONFLICT',
          params: { reason: 'cannotRunNow' },
          message: workflowMessages.cannotRunNow,
        },
      ],
    );
    assert.doesNotMatch(anonymous.body, /wallet|credits|balance/i);

    const member = await call('POST', `/flows/${flowId}/run`, { token: org.admin });
    assert.equal(member.statusCode, 402);
    assert.deepEqual(member.json().params, { needed: 18, balance: 0 });
  });
});
