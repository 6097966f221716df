import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { Database } from '../db/database.js';
import { createPgliteDatabase } from '../db/pglite-database.js';
import { createPostgresDatabase } from '../db/postgres-database.js';

/**
 * Which engine the API tests run on, chosen by `scripts/run-tests.mjs`: `pglite` (the default, also when a test
 * file is run directly) or `postgres`, a throwaway cluster whose superuser URL is in
 * `DCIPHER_TEST_POSTGRES_URL`.
 */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.DCIPHER_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, empty database (no migrations applied) on the engine the test run chose. On PostgreSQL each call
 * creates its own database in the cluster and `close()` drops it, so test files (and tests within a file that
 * open several) never see each other's rows, as with separate PGlite instances. On PGlite it is a copy of the
 * run's empty data directory (`DCIPHER_TEST_EMPTY_TEMPLATE`, made beside the migrated template): 0.5 s where a new
 * in-memory PGlite's initdb takes 2 s; without one (a test file run on its own), a new in-memory PGlite.
 */
export async function createTestDatabase(): Promise<Database> {
  return openTestDatabase(
    testDatabaseKind === 'pglite' ? process.env.DCIPHER_TEST_EMPTY_TEMPLATE || undefined : undefined,
  );
}

/**
 * A fresh database with the migrations applied, copied from the run's template (`DCIPHER_TEST_TEMPLATE`, made once
 * per run by scripts/run-tests.mjs with make-test-template.ts: a PGlite data directory, or a database of the cluster
 * to copy); without a template, an empty one that the server migrates as it starts.
 */
export async function createMigratedTestDatabase(): Promise<Database> {
  return openTestDatabase(process.env.DCIPHER_TEST_TEMPLATE || undefined);
}

/**
 * The tests' PGlite shared buffers: a test database holds a few hundred rows, and PGlite clears all of its shared
 * buffers at every start (128MB by default: about 0.6 s of CPU per database opened; issue 33).
 */
export const testPgliteSharedBuffers = '16MB';

/**
 * The environment an API process a test starts takes for the same: its PGlite opens with the tests' shared
 * buffers (config.ts, PGLITE_SHARED_BUFFERS), not the product's 128MB.
 */
export const testPgliteEnvironment = { PGLITE_SHARED_BUFFERS: testPgliteSharedBuffers } as const;

async function openTestDatabase(template?: string): Promise<Database> {
  if (testDatabaseKind === 'pglite') {
    if (!template) return createPgliteDatabase(undefined, { sharedBuffers: testPgliteSharedBuffers });
    // A copy of the template's data directory beside it (tmpfs when the run found one), deleted on close.
    const dataDir = await mkdtemp(join(dirname(template), 'db-'));
    await cp(template, dataDir, { recursive: true });
    const database = await createPgliteDatabase(dataDir, { sharedBuffers: testPgliteSharedBuffers });
    return {
      ...database,
      async close() {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { url, drop } = await createTestPostgresDatabase({ template });
  const database = await createPostgresDatabase(url, (error) => {
    throw error;
  });
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/**
 * Gives an API process a test starts with `DATA_DIR=dataDir` the run's migrated database, so that the process does
 * not run every migration again at its start (about 7 s on a loaded machine; issue 33): on PGlite the template is
 * copied to where the process opens it (`DATA_DIR/pglite`); on PostgreSQL the process is given `url`, a database
 * copied from the template, which `drop()` deletes. Without a template (a test file run on its own) the process
 * migrates an empty database, as before.
 */
export async function createApiProcessDatabase(dataDir: string): Promise<{
  url?: string;
  drop(): Promise<void>;
}> {
  const template = process.env.DCIPHER_TEST_TEMPLATE || undefined;
  if (testDatabaseKind === 'postgres') return createTestPostgresDatabase({ template });
  if (template) await cp(template, join(dataDir, 'pglite'), { recursive: true });
  return { drop: async () => {} };
}

/**
 * A fresh, empty database in the run's throwaway PostgreSQL cluster, by URL, for a test that gives it to another
 * process (`DATABASE_URL`); `drop()` deletes it. Only when the run is on PostgreSQL.
 */
export async function createTestPostgresDatabase({ template }: { template?: string } = {}): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.DCIPHER_TEST_POSTGRES_URL;
  if (!adminUrl) {
    throw new Error(
      'DCIPHER_TEST_DATABASE=postgres needs DCIPHER_TEST_POSTGRES_URL (see scripts/run-tests.mjs)',
    );
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template))
    throw new Error(`bad template name ${template}`);
  // The names are made here (and by scripts/run-tests.mjs) from [a-z0-9_] only, so quoting them is safe.
  await asAdmin(adminUrl, (client) =>
    client.query(`create database "${name}" template "${template ?? 'template0'}"`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      asAdmin(adminUrl, async (client) => {
        // pg's pool.end() resolves before its connections have closed. Dropping "with (force)" at once ends them
        // mid-shutdown, and the pool reports that (57P01) as an error after the test file has finished. So wait
        // until they have gone (milliseconds); force only what is left after 5 s (a process that did not close).
        const deadline = Date.now() + 5_000;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ open: number }>(
            'select count(*)::int as open from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      }),
  };
}

// A short-lived connection per call: a pooled one would keep the test file's process alive after its tests.
async function asAdmin(adminUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
