// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database, Queryable } from '../db/database.js';
import { demoUsers } from '../db/seed-demo-data.js';
import { createServer } from '../server.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { logIn, testConfig } from '../test-support/test-server.js';

/**
 * Request ids, one log line per request and the bearer check's cost (docs/decisions/0063).
 */
describe('request ids, request logs and the bearer check', () => {
  let database: Database;
  const lines: Record<string, unknown>[] = [];
  let counting = false;
  let queries = 0;
  let app: Awaited<ReturnType<typeof createServer>>;

  before(async () => {
    database = await createTestDatabase();
    const counted = (target: Queryable): Queryable => ({
      execute: (sql, params) => {
        if (counting) queries += 1;
        return target.execute(sql, params);
      },
      exec: (script) => target.exec(script),
    });
    const countingDatabase: Database = {
      ...counted(database),
      transaction: (work) => database.transaction((transaction) => work(counted(transaction))),
      listen: (channel, onMessage, onLost) => database.listen(channel, onMessage, onLost),
      close: () => database.close(),
    };
    app = await createServer(testConfig({ trustedProxies: ['127.0.0.2'] }), {
      database: countingDatabase,
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  it('an error answer carries the id its one log line has, also in X-Request-Id; the URL is not logged', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/account?token=secret-one-time-token' });
    assert.equal(response.statusCode, 401);
    const { requestId } = response.json<{ requestId: string }>();
    assert.match(requestId, /^[0-9a-f-]{36}$/);
    assert.equal(response.headers['x-request-id'], requestId);
    const logged = lines.filter((line) => line.requestId === requestId);
    assert.equal(logged.length, 1, 'one line per request');
    assert.deepEqual(
      { route: logged[0]?.route, statusCode: logged[0]?.statusCode, msg: logged[0]?.msg },
      { route: '/account', statusCode: 401, msg: 'request' },
    );
    assert.doesNotMatch(JSON.stringify(lines), /secret-one-time-token/);
  });

  it("a trusted proxy's X-Request-Id is kept; a client cannot choose its id", async () => {
    const edgeId = 'edge-4f0c2a9e51';
    const viaProxy = await app.inject({
      method: 'GET',
      url: '/no-such-path',
      remoteAddress: '127.0.0.2',
      headers: { 'x-request-id': edgeId },
    });
    assert.equal(viaProxy.json().requestId, edgeId);
    const direct = await app.inject({
      method: 'GET',
      url: '/no-such-path',
      remoteAddress: '127.0.0.9',
      headers: { 'x-request-id': edgeId },
    });
    assert.notEqual(direct.json().requestId, edgeId);
  });

  it('a bearer call costs one database round trip before its handler, and a signed-out session stops at once', async () => {
    const guest = demoUsers.find((user) => user.role === 'guest')!;
    const { accessToken } = await logIn(app, { email: guest.email });
    counting = true;
    queries = 0;
    // A guest may not read the subscription: the answer comes right after the bearer check and the policy.
    const refused = await app.inject({
      method: 'GET',
      url: '/subscriptions/summary',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    counting = false;
    assert.equal(refused.statusCode, 403);
    assert.equal(queries, 1);
    const signedOut = await app.inject({
      method: 'POST',
      url: '/logout',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { isForced: false },
    });
    assert.ok(signedOut.statusCode < 300, signedOut.body);
    const after = await app.inject({
      method: 'GET',
      url: '/account',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    assert.equal(after.statusCode, 401);
  });
});
