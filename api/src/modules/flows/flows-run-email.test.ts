// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { callAs } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { readOutbox } from '../../test-support/read-outbox.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/** The finished-run email names the run's headline finding (issue 34 point 7). */
describe('the finished-run email', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      rateLimitScale: 100,
      flows: { uploadMaxBytes: 300_000, schedulerIntervalSeconds: 0, allowLoopbackSources: false },
    });
  });
  after(async () => {
    await server.close();
  });

  const call = callAs(() => server.app);

  it('names the top keyword with the documents it is found in, as the result view opens with it', async () => {
    const org = await organizationWithPeople(server, { label: 'run-email' });
    const workflow = predefinedWorkflows.find((entry) => entry.id === 'review-analysis')!;
    const created = await call('POST', '/flows', org.admin, {
      name: 'Espresso reviews',
      flowType: 'predefinedFlow',
      predefinedFlowId: workflow.id,
      analysisType: workflow.analysisType,
      dataSources: [{ kind: 'starter', group: 'file', sampleId: workflow.sample.id }],
    });
    assert.equal(created.statusCode, 201, created.body);
    const flowId = created.json().id;
    const started = await call('POST', `/flows/${flowId}/run`, org.admin);
    assert.equal(started.statusCode, 202, started.body);
    await server.app.jobs.work();
    const status = (
      await call('GET', `/flows/${flowId}/status?taskId=${started.json().taskId}`, org.admin)
    ).json();
    assert.equal(status.run.state, 'JobDone');
    const top = [...status.insights.keywords].sort(
      (a: { documents: number }, b: { documents: number }) => b.documents - a.documents,
    )[0];

    const [mail] = (await readOutbox(server.database, org.adminEmail)).filter((entry) =>
      entry.subject.includes('has finished'),
    );
    assert.ok(mail, 'the finished-run email was sent');
    const headline = `The top keyword is “${top.term}”, in ${top.documents} of the 120 documents analysed.`;
    assert.ok(mail.text?.includes(headline), mail.text);
  });
});
