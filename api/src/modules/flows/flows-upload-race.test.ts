// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { predefinedWorkflows } from '@dcipher/shared/domain';
import { errorBodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { testDatabaseKind } from '../../test-support/test-database.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { uploadFile } from '../../test-support/upload-file.js';
import { deleteUploadRow, lockUpload } from './flows-repository.js';

/**
 * Issue 35 point 1, docs/decisions/0120: an upload deleted while a workflow being created names it. The delete locks
 * the upload's row; the workflow's transaction locks it too (for share), so it waits and then finds it gone, instead
 * of naming a file that no longer exists. (On PGlite transactions take turns, so only PostgreSQL can interleave.)
 */
describe('an upload deleted while a workflow naming it is created', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ rateLimitScale: 100 });
  });
  after(() => server.close());

  it('refuses the workflow (404 upload) once the delete commits, rather than naming a deleted file', async () => {
    const org = await organizationWithPeople(server, { label: 'upload-race' });
    const uploaded = await uploadFile(server.app, org.admin, 'race.csv', 'id,text\n1,A kettle\n2,A toaster');
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    const uploadId = uploaded.json().id as string;
    const workflow = predefinedWorkflows.find((entry) => entry.id === 'review-analysis')!;
    let creating: Promise<Awaited<ReturnType<typeof server.app.inject>>> | undefined;
    // What `DELETE /flows/uploads/{id}` does (lock the row, find no workflow using it, delete it), held open while
    // `POST /flows` names the upload in another transaction.
    await server.database.transaction(async (transaction) => {
      assert.ok(await lockUpload(transaction, org.id, uploadId));
      creating = server.app.inject({
        method: 'POST',
        url: '/flows',
        headers: { authorization: `Bearer ${org.admin}` },
        payload: {
          name: 'Racing the delete',
          flowType: 'predefinedFlow',
          predefinedFlowId: workflow.id,
          analysisType: workflow.analysisType,
          dataSources: [{ kind: 'uploaded', group: 'file', uploadId }],
        },
      });
      if (testDatabaseKind === 'postgres') {
        // Until the creation's statements are waiting on this transaction's lock, or have all run.
        for (let tries = 0; tries < 40; tries += 1) {
          const { rows } = await server.database.execute(
            "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'",
          );
          if ((rows[0] as { waiting: number }).waiting > 0) break;
          await sleep(50);
        }
      }
      await deleteUploadRow(transaction, uploadId);
    });
    const created = await creating!;
    // Before the fix the workflow was made (201), naming an upload that the delete then removed.
    assert.equal(created.statusCode, 404, created.body);
    assert.deepEqual(errorBodyOf(created).params, { reason: 'upload' });
  });
});
