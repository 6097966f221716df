// engines: both
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Database } from './db/database.js';
import { db } from './db/kysely.js';
import { createPgliteDatabase } from './db/pglite-database.js';
import { createPostgresDatabase } from './db/postgres-database.js';
import { apiEntryArguments, packageDirectory } from './test-support/api-paths.js';
import { createApiProcessDatabase, testPgliteEnvironment } from './test-support/test-database.js';

/**
 * Crash safety (issue 11): a real API process, on its own data, takes concurrent writes over HTTP and is killed
 * with SIGKILL in the middle of them, twice; started again on the same data it must open the database, and every
 * write it had answered 2xx must be there. Writes are contact requests (answered with their id) and quick
 * registrations (each queues an email). The per-IP limits stay as they are: each request comes from its own
 * loopback address (127.0.0.0/8 all reaches the API on 127.0.0.1).
 */
const writesBeforeEachKill = 120;
const concurrentClients = 8;

describe('crash safety: SIGKILL during writes, then a restart on the same data', () => {
  let dataDir: string;
  let processDatabase: { url?: string; drop(): Promise<void> } | undefined;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dcipher-crash-'));
    processDatabase = await createApiProcessDatabase(dataDir);
  });
  after(async () => {
    await processDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  let requestCount = 0;
  /** A loopback address of its own for each request, so no per-IP limit is reached. */
  const nextClientAddress = () => {
    requestCount += 1;
    return `127.0.${Math.floor(requestCount / 250) + 1}.${(requestCount % 250) + 1}`;
  };

  interface ApiProcess {
    port: number;
    child: ChildProcess;
    exited: Promise<number | null>;
    stderr: () => string;
  }

  async function startApi(): Promise<ApiProcess> {
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
        ...(processDatabase?.url && { DATABASE_URL: processDatabase.url }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const api = { port, child, exited, stderr: () => stderr };
    // A wait that ends when the API answers; the bound is for a loaded CI machine (the first start migrates and seeds).
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited at start: ${stderr}`);
      const health = await request(port, 'GET', '/health').catch(() => undefined);
      if (health?.status === 200) return api;
      if (Date.now() > deadline) throw new Error(`the API did not start in 180 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const contactIds = new Set<string>();
  const quickRegistered = new Set<string>();
  let writeCount = 0;

  /** One write, alternating the two kinds; what it answered 2xx is recorded. Network errors are the crash. */
  async function write(port: number): Promise<void> {
    writeCount += 1;
    const number = writeCount;
    if (number % 4 === 0) {
      const email = `crash-quick-${number}@example.com`;
      const response = await request(port, 'POST', '/register/quick', { email });
      if (response.status === 202) quickRegistered.add(email);
      else assert.fail(`quick registration answered ${response.status}: ${response.body}`);
      return;
    }
    const response = await request(port, 'POST', '/contact-requests', {
      firstName: 'Crash',
      lastName: `Tester ${number}`,
      email: `crash-${number}@example.com`,
      company: 'Durable Inc.',
      topic: 'support',
      message: `Write number ${number}, made while the API may be killed.`,
    });
    if (response.status === 201) contactIds.add((JSON.parse(response.body) as { id: string }).id);
    else assert.fail(`contact request answered ${response.status}: ${response.body}`);
  }

  /** Writes from several clients at once until `count` were answered, then kills the API with requests in flight. */
  async function writeAndKill(api: ApiProcess, count: number): Promise<void> {
    const target = contactIds.size + quickRegistered.size + count;
    let killed = false;
    const client = async () => {
      while (!killed) {
        try {
          await write(api.port);
        } catch (error) {
          if (killed) return;
          throw error;
        }
        if (contactIds.size + quickRegistered.size >= target && !killed) {
          killed = true;
          api.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: concurrentClients }, client));
    assert.equal(await api.exited, null, 'the API was not killed by the signal');
  }

  // The bound only catches a hang: three starts, each bounded at 180 s, and the writes (CI once took over 120 s
  // on a loaded machine).
  it('keeps every answered write across two SIGKILLs, and the database opens', {
    timeout: 600_000,
  }, async (t) => {
    const started = performance.now();
    await writeAndKill(await startApi(), writesBeforeEachKill);
    await writeAndKill(await startApi(), writesBeforeEachKill);

    // Opens after the second kill, and takes writes again.
    const last = await startApi();
    for (let index = 0; index < 10; index += 1) await write(last.port);
    last.child.kill('SIGTERM');
    assert.equal(await last.exited, 0, last.stderr());

    const database = await openTheData();
    try {
      const storedContacts = new Set(
        (await db(database).selectFrom('contactRequests').select('id').execute()).map((row) => row.id),
      );
      const missingContacts = [...contactIds].filter((id) => !storedContacts.has(id));
      assert.deepEqual(missingContacts, [], 'answered contact requests lost');
      const outbox = new Set(
        (await db(database).selectFrom('emailOutbox').select('toAddress').execute()).map(
          (row) => row.toAddress,
        ),
      );
      const missingEmails = [...quickRegistered].filter((email) => !outbox.has(email));
      assert.deepEqual(missingEmails, [], 'answered quick registrations whose email was lost');
    } finally {
      await database.close();
    }
    assert.ok(contactIds.size + quickRegistered.size >= 2 * writesBeforeEachKill + 10);
    const seconds = (performance.now() - started) / 1000;
    t.diagnostic(
      `${contactIds.size} contact requests and ${quickRegistered.size} quick registrations ` +
        `answered across 2 SIGKILLs, none lost (${seconds.toFixed(1)} s)`,
    );
  });

  /** The API's database, opened by this test now that no API process has it. */
  function openTheData(): Promise<Database> {
    if (processDatabase?.url) {
      return createPostgresDatabase(processDatabase.url, (error) => {
        throw error;
      });
    }
    return createPgliteDatabase(path.join(dataDir, 'pglite'));
  }

  /** A plain HTTP request on a new connection from its own loopback address. */
  function request(
    port: number,
    method: string,
    urlPath: string,
    body?: object,
  ): Promise<{ status: number; body: string }> {
    const payload = body && JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: urlPath,
          localAddress: nextClientAddress(),
          agent: false,
          headers: payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {},
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
});

/** A port nobody listens on now: the API process is told to use it. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
