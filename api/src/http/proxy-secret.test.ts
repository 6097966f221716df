// engines: any
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { createServer } from '../server.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { testConfig } from '../test-support/test-server.js';

/**
 * On one machine every local process shares nginx's address (docs/decisions/0095): with TRUSTED_PROXY_SECRET, a
 * replica believes X-Forwarded-For (and the edge's request id) only from a caller that proves it is nginx.
 */
describe('the proxy proves itself with a secret (docs/decisions/0095)', () => {
  const secret = 's'.repeat(40);
  let database: Database;
  let app: FastifyInstance;
  const seen: Record<string, unknown>[] = [];
  before(async () => {
    database = await createTestDatabase();
    app = await createServer(testConfig({ trustedProxies: ['127.0.0.1'], trustedProxySecret: secret }), {
      database,
      logStream: { write: (line: string) => void seen.push(JSON.parse(line)) },
    });
    app.get('/test-only/client', async (request) => ({
      ip: request.ip,
      id: request.id,
      protocol: request.protocol,
      headers: Object.keys(request.headers),
    }));
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  const ask = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/test-only/client', remoteAddress, headers });
  const forwarded = {
    'x-forwarded-for': '203.0.113.9',
    'x-forwarded-proto': 'https',
    'x-request-id': 'edge-id-12345',
  };

  it("believes nginx, which sends the secret, and not another local caller's X-Forwarded-For", async () => {
    const fromNginx = (await ask({ ...forwarded, 'x-dcipher-proxy-secret': secret })).json();
    assert.deepEqual(
      [fromNginx.ip, fromNginx.id, fromNginx.protocol],
      ['203.0.113.9', 'edge-id-12345', 'https'],
    );
    assert.ok(!fromNginx.headers.includes('x-dcipher-proxy-secret'), 'the secret goes no further');

    for (const headers of [forwarded, { ...forwarded, 'x-dcipher-proxy-secret': `${secret.slice(1)}x` }]) {
      const local = (await ask(headers)).json();
      assert.equal(local.ip, '127.0.0.1', 'the connection is the client');
      assert.notEqual(local.id, 'edge-id-12345', 'nor does it choose its request id');
      assert.equal(local.protocol, 'http');
    }
    // Not from a trusted address at all: as before, the connection is the client, secret or not.
    assert.equal(
      (await ask({ ...forwarded, 'x-dcipher-proxy-secret': secret }, '192.0.2.5')).json().ip,
      '192.0.2.5',
    );
    assert.doesNotMatch(JSON.stringify(seen), new RegExp(secret));
  });

  it('a local caller without the secret has no per-IP budget of its own choosing', async () => {
    const reset = (forwardedFor: string, proof?: string) =>
      app.inject({
        method: 'POST',
        url: '/reset-password',
        remoteAddress: '127.0.0.1',
        payload: { email: 'nobody-here@example.com' },
        headers: { 'x-forwarded-for': forwardedFor, ...(proof && { 'x-dcipher-proxy-secret': proof }) },
      });
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1)
      statuses.push((await reset(`198.51.100.${index}`)).statusCode);
    assert.ok(statuses.includes(429), 'one budget, whatever address it claims');
    assert.equal((await reset('198.51.100.200', secret)).statusCode, 202, "nginx's clients keep theirs");
  });

  it('TRUSTED_PROXY_SECRET is read from the environment and refused when short', () => {
    assert.equal(loadConfig({ TRUSTED_PROXY_SECRET: secret }).trustedProxySecret, secret);
    assert.equal(loadConfig({}).trustedProxySecret, undefined);
    assert.throws(() => loadConfig({ TRUSTED_PROXY_SECRET: 'short' }), /TRUSTED_PROXY_SECRET/);
  });
});
