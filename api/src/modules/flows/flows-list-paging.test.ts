// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import type { Database, Queryable } from '../../db/database.js';
import { createServer } from '../../server.js';
import { callAs } from '../../test-support/call-as.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { createMigratedTestDatabase } from '../../test-support/test-database.js';
import { testConfig } from '../../test-support/test-server.js';
import { uploadFile } from '../../test-support/upload-file.js';

/**
 * The database as the server uses it, counting the statements it is sent (inside transactions too) while
 * `counting` is on.
 */
function countingDatabase(database: Database) {
  const state = { counting: false, statements: 0 };
  const counted = (queryable: Queryable): Queryable => ({
    execute(sql, params, preparedName) {
      if (state.counting) state.statements += 1;
      return queryable.execute(sql, params, preparedName);
    },
    exec: (script) => queryable.exec(script),
  });
  const wrapped: Database = {
    ...counted(database),
    transaction: (work) => database.transaction((transaction) => work(counted(transaction))),
    close: () => database.close(),
    listen: (channel, onMessage, onLost) => database.listen(channel, onMessage, onLost),
    ...(database.poolStats && { poolStats: () => database.poolStats!() }),
  };
  return { database: wrapped, state };
}

/** Issue 35 point 1 (docs/decisions/0120): `GET /flows` is paged and its statements do not grow with the page. */
describe('GET /flows paged, in statements that do not depend on the page size', () => {
  let app: Awaited<ReturnType<typeof createServer>>;
  let database: ReturnType<typeof countingDatabase>;
  let org: Awaited<ReturnType<typeof organizationWithPeople>>;
  const flowCount = 21;
  const workflow = predefinedWorkflows.find((entry) => entry.id === 'review-analysis')!;

  const call = callAs(() => app);

  before(async () => {
    database = countingDatabase(await createMigratedTestDatabase());
    app = await createServer(
      testConfig({ rateLimitScale: 100 }),
      // The jobs worker is off in tests: nothing but the requests below reaches the database.
      { database: database.database },
    );
    org = await organizationWithPeople({ app, database: database.database }, { label: 'paging' });
    const upload = await uploadFile(
      app,
      org.teammate,
      'kettle.csv',
      'id,text\n1,The kettle is loud\n2,Quiet',
    );
    assert.equal(upload.statusCode, 201, upload.body);
    const uploadId = upload.json().id as string;
    // Owners differ, a third of the flows read the upload, a few have runs (finished ones with result files). The
    // newest (the page of 1) has each kind of thing a page looks up: an upload and a run; a lookup with nothing to
    // look up costs no statement.
    for (let index = 0; index < flowCount; index += 1) {
      const created = await call('POST', '/flows', index % 2 === 0 ? org.admin : org.teammate, {
        name: `Paged ${index}`,
        flowType: 'predefinedFlow',
        predefinedFlowId: workflow.id,
        analysisType: workflow.analysisType,
        dataSources: [
          index % 3 === 0 || index === flowCount - 1
            ? { kind: 'uploaded', group: 'file', uploadId }
            : { kind: 'starter', group: 'file', sampleId: workflow.sample.id },
        ],
      });
      assert.equal(created.statusCode, 201, created.body);
      if (index >= flowCount - 3) {
        const started = await call('POST', `/flows/${created.json().id}/run`, org.admin);
        assert.equal(started.statusCode, 202, started.body);
        if (index < flowCount - 1) await app.jobs.work();
      }
    }
  });
  after(async () => {
    await app.close();
    await database.database.close();
  });

  /**
   * The statements one `GET /flows` sends, and its answer. The same call is made once before, uncounted: what the
   * server keeps between requests (the signed-in user, forgotten whenever users change) is then the same.
   */
  async function countList(query: string, token = org.admin) {
    await call('GET', `/flows${query}`, token);
    database.state.statements = 0;
    database.state.counting = true;
    const response = await call('GET', `/flows${query}`, token);
    database.state.counting = false;
    assert.equal(response.statusCode, 200, response.body);
    return { statements: database.state.statements, body: response.json() };
  }

  it('answers the page asked for, with the total, and the same statements for 1 flow or 20', async () => {
    const one = await countList('?pageSize=1');
    const twenty = await countList('?pageSize=20');
    assert.equal(one.body.flows.length, 1);
    assert.equal(twenty.body.flows.length, 20);
    assert.deepEqual([one.body.total, one.body.page, one.body.pageSize], [flowCount, 1, 1]);
    assert.deepEqual([twenty.body.total, twenty.body.page, twenty.body.pageSize], [flowCount, 1, 20]);
    // The page of 20 has owners of both kinds, uploads, pending and finished runs with files: all batched.
    const flows = twenty.body.flows as {
      owner: { email: string };
      lastRun: { state: string; files: unknown[] } | null;
      dataSources: { fileName?: string }[];
    }[];
    assert.equal(new Set(flows.map((flow) => flow.owner.email)).size, 2);
    assert.ok(flows.some((flow) => flow.dataSources[0]?.fileName === 'kettle.csv'));
    assert.ok(flows.some((flow) => flow.lastRun?.state === 'JobPending'));
    assert.ok(flows.some((flow) => flow.lastRun?.state === 'JobDone' && flow.lastRun.files.length > 0));
    assert.equal(
      one.statements,
      twenty.statements,
      `${one.statements} statements for 1, ${twenty.statements} for 20`,
    );
  });

  it('costs an organization with 20 flows on its page what it costs one with a single flow', async () => {
    const small = await organizationWithPeople({ app, database: database.database }, { label: 'paging-one' });
    const upload = await uploadFile(app, small.teammate, 'one.csv', 'id,text\n1,One kettle');
    const created = await call('POST', '/flows', small.admin, {
      name: 'The only one',
      flowType: 'predefinedFlow',
      predefinedFlowId: workflow.id,
      analysisType: workflow.analysisType,
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId: upload.json().id }],
    });
    assert.equal((await call('POST', `/flows/${created.json().id}/run`, small.admin)).statusCode, 202);
    const single = await countList('', small.admin);
    const page = await countList('?pageSize=20');
    assert.equal(
      single.statements,
      page.statements,
      `${single.statements} statements for 1 flow, ${page.statements} for 20`,
    );
    assert.equal(single.body.flows.length, 1);
    assert.equal(page.body.flows.length, 20);
  });

  it('pages newest first without gaps or repeats, and the default page is 50 (at most 100)', async () => {
    const all = (await countList('')).body;
    assert.equal(all.pageSize, 50);
    assert.equal(all.flows.length, flowCount);
    const pages = [];
    for (let page = 1; page <= 3; page += 1)
      pages.push(...(await countList(`?page=${page}&pageSize=8`)).body.flows);
    assert.deepEqual(
      pages.map((flow: { id: string }) => flow.id),
      all.flows.map((flow: { id: string }) => flow.id),
    );
    assert.equal(all.flows[0].name, `Paged ${flowCount - 1}`);
    assert.equal((await countList('?page=4&pageSize=8')).body.flows.length, 0);
    const tooMany = await call('GET', '/flows?pageSize=101', org.admin);
    assert.equal(tooMany.statusCode, 400, tooMany.body);
  });

  it("counts and pages only the flows the caller may see: a teammate's own and those shared with them", async () => {
    const teammateOwn = Math.floor(flowCount / 2);
    const listed = (await countList('?pageSize=3', org.teammate)).body;
    assert.equal(listed.total, teammateOwn);
    assert.equal(listed.flows.length, 3);
    assert.ok(listed.flows.every((flow: { myRole: string }) => flow.myRole === 'owner'));
    // Shared as viewer: listed for reading, not for updating.
    const adminFlow = (await countList('?pageSize=1')).body.flows[0];
    const shared = await call('POST', '/roles/resource', org.admin, {
      resource: 'workflow',
      resourceId: adminFlow.id,
      email: org.adminEmail.replace('-admin-', '-teammate-'),
      role: 'viewer',
    });
    assert.ok(shared.statusCode < 300, shared.body);
    assert.equal((await countList('', org.teammate)).body.total, teammateOwn + 1);
    const updatable = (await countList('?permissionAction=update', org.teammate)).body;
    assert.equal(updatable.total, teammateOwn);
    assert.ok(updatable.flows.every((flow: { id: string }) => flow.id !== adminFlow.id));
    assert.equal((await countList('', org.guest)).body.total, 0);
  });
});
