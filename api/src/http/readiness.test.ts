// engines: both
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import * as netInternals from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pendingMigrations } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import { apiEntryArguments, packageDirectory } from '../test-support/api-paths.js';
import {
  createApiProcessDatabase,
  testDatabaseKind,
  testPgliteEnvironment,
} from '../test-support/test-database.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

/** Readiness and graceful shutdown (issue 26 point 3, docs/decisions/0075). */
describe('readiness and shutdown', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('GET /ready answers ready while the database answers and its schema is this version’s', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/ready' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ready', database: 'ok', migrations: 'current' });
    assert.deepEqual(await pendingMigrations(server.database), []);
    assert.deepEqual(
      await pendingMigrations(server.database, [
        ...migrations,
        { version: '9999-from-a-newer-version', sql: '' },
      ]),
      ['9999-from-a-newer-version'],
    );
  });

  it('shutting down, it says it is not ready, still answers, and closes every connection it answers on', async () => {
    server.app.readiness.beginShutdown();
    const ready = await server.app.inject({ method: 'GET', url: '/ready' });
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.json().code, 'NOT_READY');
    assert.deepEqual(ready.json().params, { reason: 'shuttingDown' });
    assert.equal(ready.json().message, 'This API process is shutting down.');
    const health = await server.app.inject({ method: 'GET', url: '/health' });
    assert.equal(health.statusCode, 200);
    assert.equal(health.headers.connection, 'close');
  });
});

describe('SIGTERM: drain, then stop listening, then exit 0', () => {
  let dataDir: string;
  let processDatabase: { url?: string; drop(): Promise<void> } | undefined;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dcipher-shutdown-'));
    processDatabase = await createApiProcessDatabase(dataDir);
  });
  after(async () => {
    await processDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers during the drain (not ready, connections closed), refuses connections after it, exits cleanly', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, apiEntryArguments('main'), {
      cwd: packageDirectory,
      env: {
        PATH: process.env.PATH,
        DCIPHER_ENV: 'test',
        API_HOST: '127.0.0.1',
        API_PORT: String(port),
        DATA_DIR: dataDir,
        ...testPgliteEnvironment,
        METRICS_PORT: '0',
        SHUTDOWN_DRAIN_SECONDS: '2',
        ...(processDatabase?.url && { DATABASE_URL: processDatabase.url }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    // A wait that ends when the API is ready; the bound is for a loaded CI machine (tsx compiles the API at start).
    const deadline = Date.now() + 180_000;
    for (;;) {
      assert.equal(child.exitCode, null, `the API exited at start: ${stderr}`);
      const ready = await fetch(`${url}/ready`).catch(() => undefined);
      if (ready?.status === 200) break;
      assert.ok(Date.now() < deadline, `the API was not ready in 180 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const duringDrain = await fetch(`${url}/ready`);
    assert.equal(duringDrain.status, 503);
    assert.equal(((await duringDrain.json()) as { code: string }).code, 'NOT_READY');
    const health = await fetch(`${url}/health`);
    assert.equal(health.status, 200);
    assert.equal(health.headers.get('connection'), 'close');

    assert.equal(await exited, 0, stderr);
    assert.ok(Date.now() - signalledAt >= 2_000, 'it kept answering for the drain');
    await assert.rejects(fetch(`${url}/health`), 'nothing listens any more');
  });

  it('on a socket its supervisor passed (LISTEN_FDS), it says it serves; once it drains, a successor on the socket answers every request, none refused', async () => {
    const port = await freePort();
    // The supervisor's socket, bound here and never accepted on here (what production.mjs does, decision 0087).
    const socket = (
      netInternals as unknown as {
        _createServerHandle(address: string, port: number, family: 4): { fd: number; close(): void };
      }
    )._createServerHandle('127.0.0.1', port, 4);
    const start = (name: string) => {
      const child = spawn(process.execPath, apiEntryArguments('main'), {
        cwd: packageDirectory,
        env: {
          PATH: process.env.PATH,
          DCIPHER_ENV: 'test',
          // The process serves descriptor 3; it binds no API_PORT of its own.
          LISTEN_FDS: '1',
          LISTEN_FDNAMES: 'api',
          DATA_DIR: path.join(dataDir, name),
          ...testPgliteEnvironment,
          METRICS_PORT: '0',
          SHUTDOWN_DRAIN_SECONDS: '1',
          ...(processDatabase?.url && { DATABASE_URL: processDatabase.url }),
        },
        stdio: ['ignore', 'ignore', 'pipe', socket.fd, 'ipc'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const ready = new Promise<void>((resolve, reject) => {
        child.on('message', (message: { ready?: boolean }) => message.ready === true && resolve());
        child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${stderr}`)));
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { child, ready, exited };
    };
    const url = `http://127.0.0.1:${port}`;
    // On PGlite each process has a database of its own (one process owns a PGlite), each copied from the template.
    if (testDatabaseKind === 'pglite') {
      for (const name of ['first', 'successor']) await createApiProcessDatabase(path.join(dataDir, name));
    }
    try {
      const first = start('first');
      await first.ready;
      assert.equal((await fetch(`${url}/ready`)).status, 200);
      const successor = start('successor');
      await successor.ready;

      first.child.kill('SIGTERM');
      let answered = 0;
      const failures: string[] = [];
      let oldGone = false;
      void first.exited.then(() => {
        oldGone = true;
      });
      // Through the drain and the old process's exit, and a while after: a new connection for every request.
      for (let after = 0; after < 20; after += oldGone ? 1 : 0) {
        const response = await fetch(`${url}/health`, { headers: { connection: 'close' } }).catch(
          (error: Error) => error,
        );
        if (response instanceof Error) failures.push(response.message);
        else if (response.status === 200) answered += 1;
        else failures.push(String(response.status));
      }
      assert.equal(await first.exited, 0);
      assert.deepEqual(failures, [], 'no request refused or failed');
      assert.ok(answered >= 20);
      const after = await fetch(`${url}/ready`);
      assert.equal(after.status, 200, 'the successor serves the socket');
      successor.child.kill('SIGTERM');
      assert.equal(await successor.exited, 0);
    } finally {
      socket.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
