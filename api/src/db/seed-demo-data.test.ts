// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { demoAdmin, logIn, startTestServer, type TestServer } from '../test-support/test-server.js';
import { demoResources } from './seed-demo-data.js';

describe('the demo seed', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer();
    token = (await logIn(server.app, { email: demoAdmin.email })).accessToken;
  });
  after(() => server.close());

  it('shares a workflow that opens: "Weekly news digest" is a workflow of the demo organization, not only a name', async () => {
    const workflow = demoResources.find((resource) => resource.type === 'workflow')!;
    const opened = await server.app.inject({
      method: 'GET',
      url: `/flows/${workflow.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(opened.statusCode, 200);
    assert.equal(opened.json().name, 'Weekly news digest');
    assert.equal(opened.json().analysisType, 'newsAnalysis');
    const list = await server.app.inject({
      method: 'GET',
      url: '/flows',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(list.statusCode, 200);
    const flows = list.json().flows as { id: string }[];
    assert.ok(
      flows.some((flow) => flow.id === workflow.id),
      'it is on the workflows list',
    );
  });

  it('seeds it once: a second seed on the same database adds nothing', async () => {
    const { seedDemoData } = await import('./seed-demo-data.js');
    await seedDemoData(server.database);
    const rows = await server.database.execute('select count(*)::int as n from flows where id = $1', [
      demoResources[1].id,
    ]);
    assert.equal((rows.rows[0] as { n: number }).n, 1);
  });
});
