// engines: any
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { callAs } from '../../test-support/call-as.js';
import { errorBodyOf } from '../../test-support/error-body.js';
import { organizationWithPeople } from '../../test-support/organization-with-people.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { uploadFile } from '../../test-support/upload-file.js';

/** Issue 35 point 4 (docs/decisions/0114): uploads streamed as multipart, listed with what uses them, deleted. */
describe('uploads streamed as multipart, listed and deleted', () => {
  let server: TestServer;
  let port: number;
  const maxBytes = 200_000;

  before(async () => {
    server = await startTestServer({
      flows: { uploadMaxBytes: maxBytes, schedulerIntervalSeconds: 0, allowLoopbackSources: true },
    });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as AddressInfo).port;
  });
  after(() => server.close());

  const call = callAs(() => server.app);
  const csv = (rows: number) =>
    `id,text\n${Array.from({ length: rows }, (_, index) => `${index},Comment ${index} on the kettle`).join('\n')}`;

  it('takes a file part streamed as multipart/form-data and reads it', async () => {
    const org = await organizationWithPeople(server, { label: 'multipart' });
    const uploaded = await uploadFile(server.app, org.teammate, 'kettle.csv', csv(4));
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    assert.deepEqual(
      [uploaded.json().fileName, uploaded.json().format, uploaded.json().documents],
      ['kettle.csv', 'csv', 4],
    );
  });

  it('refuses a file past the largest size while it streams, before the rest of the body is sent', async () => {
    const org = await organizationWithPeople(server, { label: 'streamed' });
    const boundary = 'x-dcipher-boundary';
    // No Content-Length (chunked): the refusal cannot come from a declared size, only from the bytes counted.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/flows/uploads',
        headers: {
          authorization: `Bearer ${org.teammate}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      // The socket is closed once the refusal is sent: what this side still writes fails, which is expected.
      request.on('error', () => {});
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      );
      // Past the cap, then nothing more: the request is never finished by this side.
      request.write(Buffer.alloc(maxBytes + 70_000, 'a'));
      setTimeout(() => reject(new Error('no answer while the body was still open')), 20_000).unref();
    });
    assert.equal(answer.status, 400, answer.body);
    const body = JSON.parse(answer.body) as { code: string; params: unknown; message: string };
    assert.deepEqual([body.code, body.params], ['UPLOAD_REJECTED', { reason: 'tooLarge' }]);
    assert.ok(!answer.body.includes('aaaa'), 'the input is never echoed');

    // A declared length past the cap is refused before any of it is read.
    const declared = await uploadFile(
      server.app,
      org.teammate,
      'big.csv',
      Buffer.alloc(maxBytes + 100_000, 'b'),
    );
    assert.deepEqual([declared.statusCode, errorBodyOf(declared).params], [400, { reason: 'tooLarge' }]);
    // The largest file itself is taken.
    const atCap = await uploadFile(
      server.app,
      org.teammate,
      'cap.csv',
      `id,text\n1,${'c'.repeat(maxBytes - 10)}`,
    );
    assert.equal(atCap.statusCode, 201, atCap.body);
  });

  it('refuses a bad part with a reason: not multipart, a part of another name, a bad name or format', async () => {
    const org = await organizationWithPeople(server, { label: 'bad-part' });
    const post = (payload: string, contentType: string) =>
      server.app.inject({
        method: 'POST',
        url: '/flows/uploads',
        headers: { authorization: `Bearer ${org.teammate}`, 'content-type': contentType },
        payload,
      });
    const reasonOf = (response: Awaited<ReturnType<typeof post>>) => [
      response.statusCode,
      errorBodyOf(response).code,
      errorBodyOf(response).params,
    ];
    const part = (disposition: string, content = 'id,text\n1,Zq9<script>') =>
      `--b\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--b--\r\n`;
    const multipart = 'multipart/form-data; boundary=b';

    assert.deepEqual(reasonOf(await post('{"fileName":"a.csv"}', 'application/json')), [
      400,
      'UPLOAD_REJECTED',
      { reason: 'notMultipart' },
    ]);
    assert.deepEqual(reasonOf(await post(part('name="data"; filename="a.csv"'), multipart)), [
      400,
      'UPLOAD_REJECTED',
      { reason: 'notMultipart' },
    ]);
    // Cut off mid-part, and no file part at all.
    assert.deepEqual(
      reasonOf(
        await post(
          '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nid,te',
          multipart,
        ),
      ),
      [400, 'UPLOAD_REJECTED', { reason: 'notMultipart' }],
    );
    assert.deepEqual(reasonOf(await post(part('name="note"', 'hello'), multipart)), [
      400,
      'UPLOAD_REJECTED',
      { reason: 'notMultipart' },
    ]);
    assert.deepEqual(reasonOf(await post(part('name="file"; filename="run.exe"'), multipart)), [
      400,
      'UPLOAD_REJECTED',
      { reason: 'format' },
    ]);
    const badName = await post(part('name="file"; filename="a\u0001Zq9.csv"'), multipart);
    assert.deepEqual([badName.statusCode, errorBodyOf(badName).code], [400, 'VALIDATION_FAILED']);
    for (const response of [badName, await post(part('name="file"; filename="a.csv"', ''), multipart)]) {
      assert.ok(!response.body.includes('Zq9'), `the input is never echoed: ${response.body}`);
    }
    // A guest may not upload: refused before the body is read.
    const guest = await uploadFile(server.app, org.guest, 'a.csv', csv(1));
    assert.equal(guest.statusCode, 403);
  });

  it("lists the organization's uploads, paged, with who uploaded them and the workflows that use them", async () => {
    const org = await organizationWithPeople(server, { label: 'listed' });
    const other = await organizationWithPeople(server, { label: 'listed-other' });
    const ids: string[] = [];
    for (const name of ['first.csv', 'second.csv', 'third.csv']) {
      const uploaded = await uploadFile(server.app, org.teammate, name, csv(2));
      assert.equal(uploaded.statusCode, 201, uploaded.body);
      ids.push(uploaded.json().id);
    }
    await uploadFile(server.app, other.admin, 'theirs.csv', csv(2));
    const flow = await call('POST', '/flows', org.admin, {
      name: 'Kettle comments',
      flowType: 'customFlow',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId: ids[0] }],
    });
    assert.equal(flow.statusCode, 201, flow.body);

    const firstPage = await call('GET', '/flows/uploads?pageSize=2', org.admin);
    assert.equal(firstPage.statusCode, 200, firstPage.body);
    assert.deepEqual([firstPage.json().total, firstPage.json().page, firstPage.json().pageSize], [3, 1, 2]);
    assert.deepEqual(
      firstPage.json().uploads.map((upload: { fileName: string }) => upload.fileName),
      ['third.csv', 'second.csv'],
    );
    const [third] = firstPage.json().uploads;
    assert.deepEqual(
      [third.format, third.bytes, third.documents, third.uploadedBy.name, third.usedBy],
      ['csv', Buffer.byteLength(csv(2)), 2, 'Test teammate', []],
    );
    const secondPage = await call('GET', '/flows/uploads?page=2&pageSize=2', org.admin);
    assert.deepEqual(secondPage.json().uploads[0].usedBy, [{ id: flow.json().id, name: 'Kettle comments' }]);
    assert.equal(secondPage.json().uploads[0].fileName, 'first.csv');
    // Another organization sees its own only; members without the right are refused.
    const theirs = await call('GET', '/flows/uploads', other.admin);
    assert.deepEqual(
      theirs.json().uploads.map((upload: { fileName: string }) => upload.fileName),
      ['theirs.csv'],
    );
    assert.equal((await call('GET', '/flows/uploads', org.teammate)).statusCode, 403);
    assert.equal((await call('GET', '/flows/uploads', org.guest)).statusCode, 403);
    const badPage = await call('GET', '/flows/uploads?pageSize=1000', org.admin);
    assert.equal(badPage.statusCode, 400);
  });

  it('deletes an upload no workflow uses; refuses one in use, another organization’s (404) and a teammate (403)', async () => {
    const org = await organizationWithPeople(server, { label: 'deleted' });
    const other = await organizationWithPeople(server, { label: 'deleted-other' });
    const used = (await uploadFile(server.app, org.admin, 'used.csv', csv(2))).json().id as string;
    const spare = (await uploadFile(server.app, org.admin, 'spare.csv', csv(2))).json().id as string;
    const flow = await call('POST', '/flows', org.admin, {
      name: 'Uses a file',
      flowType: 'customFlow',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId: used }],
    });
    assert.equal(flow.statusCode, 201, flow.body);

    const inUse = await call('DELETE', `/flows/uploads/${used}`, org.admin);
    assert.deepEqual(
      [inUse.statusCode, errorBodyOf(inUse).code, errorBodyOf(inUse).params],
      [409, 'FLOW_CONFLICT', { reason: 'uploadInUse' }],
    );
    assert.match(String(errorBodyOf(inUse).message), /used by a workflow/);
    assert.equal((await call('DELETE', `/flows/uploads/${spare}`, other.admin)).statusCode, 404);
    assert.equal((await call('DELETE', `/flows/uploads/${spare}`, org.teammate)).statusCode, 403);
    assert.equal((await call('DELETE', '/flows/uploads/not-an-id', org.admin)).statusCode, 400);

    const deleted = await call('DELETE', `/flows/uploads/${spare}`, org.admin);
    assert.deepEqual([deleted.statusCode, deleted.json()], [200, { deleted: true }]);
    assert.equal((await call('DELETE', `/flows/uploads/${spare}`, org.admin)).statusCode, 404);
    // Once the workflow is gone, its file may go too.
    assert.equal((await call('DELETE', `/flows/${flow.json().id}`, org.admin)).statusCode, 200);
    assert.equal((await call('DELETE', `/flows/uploads/${used}`, org.admin)).statusCode, 200);
    const listed = await call('GET', '/flows/uploads', org.admin);
    assert.deepEqual([listed.json().total, listed.json().uploads], [0, []]);
  });
});
