// engines: any
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { resetPasswordLimit } from '../modules/recovery/recovery-routes.js';
import { createServer } from '../server.js';
import { createTestDatabase } from '../test-support/test-database.js';
import { testConfig } from '../test-support/test-server.js';

/** Two APIs on one database: one behind a trusted proxy on 127.0.0.1, one trusting no proxy (the default). */
describe('client address and slow clients', () => {
  let database: Database;
  let behindProxy: FastifyInstance;
  let direct: FastifyInstance;
  before(async () => {
    database = await createTestDatabase();
    behindProxy = await createServer(testConfig({ trustedProxies: ['127.0.0.1'] }), { database });
    direct = await createServer(testConfig({ requestTimeoutSeconds: 1 }), { database });
    for (const app of [behindProxy, direct]) {
      app.get('/test-only/client-address', async (request) => ({ ip: request.ip }));
    }
  });
  after(async () => {
    await behindProxy.close();
    await direct.close();
    await database.close();
  });

  const askForReset = (
    app: FastifyInstance,
    { remoteAddress, forwardedFor }: { remoteAddress: string; forwardedFor?: string },
  ) =>
    app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: { email: 'nobody-here@example.com' },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  const clientAddress = async (app: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/test-only/client-address',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      })
    ).json().ip;

  describe('with TRUSTED_PROXIES', () => {
    it('takes the client address from X-Forwarded-For only when a trusted proxy sent it', async () => {
      assert.equal(await clientAddress(behindProxy, '127.0.0.1', '203.0.113.7'), '203.0.113.7');
      // The right-most address a trusted proxy did not add: what the client wrote before it is not believed.
      assert.equal(await clientAddress(behindProxy, '127.0.0.1', '198.51.100.1, 203.0.113.7'), '203.0.113.7');
      assert.equal(await clientAddress(behindProxy, '192.0.2.99', '203.0.113.7'), '192.0.2.99');
    });

    it('gives two clients behind the proxy their own per-IP budgets', async () => {
      const proxy = '127.0.0.1';
      for (let request = 1; request <= resetPasswordLimit.limit; request += 1) {
        const response = await askForReset(behindProxy, {
          remoteAddress: proxy,
          forwardedFor: '203.0.113.10',
        });
        assert.equal(response.statusCode, 202, `request ${request}`);
      }
      const over = await askForReset(behindProxy, { remoteAddress: proxy, forwardedFor: '203.0.113.10' });
      assert.equal(over.statusCode, 429);
      const other = await askForReset(behindProxy, { remoteAddress: proxy, forwardedFor: '203.0.113.11' });
      assert.equal(other.statusCode, 202, 'another client behind the same proxy is not held');
    });
  });

  describe('without TRUSTED_PROXIES (the default)', () => {
    it('ignores X-Forwarded-For: the connection is the client', async () => {
      assert.equal(await clientAddress(direct, '192.0.2.20', '203.0.113.7'), '192.0.2.20');
    });

    it('does not let a spoofed X-Forwarded-For escape the per-IP limit', async () => {
      const attacker = '192.0.2.21';
      for (let request = 1; request <= resetPasswordLimit.limit; request += 1) {
        const response = await askForReset(direct, {
          remoteAddress: attacker,
          forwardedFor: `203.0.113.${100 + request}`,
        });
        assert.equal(response.statusCode, 202, `request ${request}`);
      }
      const spoofed = await askForReset(direct, { remoteAddress: attacker, forwardedFor: '203.0.113.200' });
      assert.equal(spoofed.statusCode, 429);
    });
  });

  describe('slow and silent clients (REQUEST_TIMEOUT_SECONDS=1)', () => {
    let port: number;
    before(async () => {
      await direct.listen({ host: '127.0.0.1', port: 0 });
      const address = direct.server.address();
      assert.ok(address && typeof address === 'object');
      port = address.port;
    });

    /** Opens a raw connection, writes `request`, and resolves with what came back once the API closed it. */
    const holdConnection = (request: string) =>
      new Promise<{ answer: string }>((resolve, reject) => {
        let answer = '';
        const socket: Socket = connect(port, '127.0.0.1', () => socket.write(request));
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
          answer += chunk;
        });
        socket.on('error', reject);
        socket.on('close', () => resolve({ answer }));
        // The API's timeout is 1 s; a connection it still holds after 10 s (Node's own default is 300 s) means the
        // timeout was not applied: that fails the test, rather than a measured duration (issue 33: no test times).
        setTimeout(() => {
          socket.destroy();
          reject(new Error('the API kept the connection open for 10 seconds'));
        }, 10_000).unref();
      });

    it('drops a request whose body never arrives, with a 408, within the timeout', async () => {
      const { answer } = await holdConnection(
        'POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      );
      assert.match(answer, /^HTTP\/1\.1 408 /);
    });

    it('drops a client that trickles its headers', async () => {
      await holdConnection('GET /health HTTP/1.1\r\nHost: local');
    });

    it('drops a client that connects and says nothing', async () => {
      await holdConnection('');
    });

    it('still answers a normal request', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      assert.equal(response.status, 200);
    });
  });

  it('refuses a body over 100 KiB with a clear 413', async () => {
    const response = await direct.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200 * 1024) }),
    });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().statusCode, 413);
    assert.match(response.json().message, /too large/i);
  });
});
