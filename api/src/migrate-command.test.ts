// engines: both
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError } from './config.js';
import { migrate } from './db/migrate.js';
import { createServer } from './server.js';
import { apiEntryArguments, packageDirectory } from './test-support/api-paths.js';
import {
  createTestDatabase,
  createTestPostgresDatabase,
  testDatabaseKind,
  testPgliteEnvironment,
} from './test-support/test-database.js';
import { testConfig } from './test-support/test-server.js';

/** The migration step of a deployment and replicas that leave it to it (docs/decisions/0077). */
describe('MIGRATE_ON_START=off', () => {
  it('refuses to start while migrations are pending, and starts once the migrate step has run', async () => {
    const database = await createTestDatabase();
    try {
      const config = testConfig({ migrateOnStart: false, devAids: false });
      await assert.rejects(
        createServer(config, { database }),
        (error: unknown) => error instanceof ConfigError && /MIGRATE_ON_START is off/.test(error.message),
      );
      assert.ok((await migrate(database)).length > 0);
      const app = await createServer(config, { database });
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      assert.equal(ready.statusCode, 200);
      await app.close();
    } finally {
      await database.close();
    }
  });
});

describe('the migrate command', () => {
  let dataDir: string;
  let postgres: { url: string; drop(): Promise<void> } | undefined;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dcipher-migrate-'));
    if (testDatabaseKind === 'postgres') postgres = await createTestPostgresDatabase();
  });
  after(async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = (...args: string[]) =>
    spawnSync(process.execPath, [...apiEntryArguments('migrate-command'), ...args], {
      cwd: packageDirectory,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        DCIPHER_ENV: 'test',
        DATA_DIR: dataDir,
        ...testPgliteEnvironment,
        ...(postgres && { DATABASE_URL: postgres.url }),
      },
    });

  it('says what is pending, applies it once, then has nothing to do', () => {
    const before = run('status');
    assert.equal(before.status, 1, before.stderr);
    assert.match(before.stdout, /^Pending: /);
    const applied = run();
    assert.equal(applied.status, 0, applied.stderr);
    assert.match(applied.stdout, /^Applied: /);
    const again = run('apply');
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /No pending migrations/);
    assert.equal(run('status').status, 0);
    assert.equal(run('later').status, 2);
  });
});
