/**
 * Migrates a template database once per test run (scripts/run-tests.mjs, issue 33), which every test server then
 * starts from instead of running the 35 migrations again in each of the suite's files:
 * - `pglite <directory> [<empty directory>]`: a PGlite kept in `<directory>`, migrated; each test database is a copy
 *   of that directory (on tmpfs where there is one), which PGlite opens and reads as it needs: a `loadDataDir` dump
 *   had to be read whole, untarred into memory and written file by file at every open (about 4 s of CPU each; issue
 *   33). `<empty directory>` keeps the same database before its migrations, which `createTestDatabase()` copies
 *   where a test wants an empty one: a copy opens in 0.5 s, where PGlite's initdb takes 2 s;
 * - `postgres <admin url> <database name>`: a database `<database name>` created in that cluster and migrated (copied with
 *   `CREATE DATABASE … TEMPLATE`).
 * The servers still run `migrate()` at start: on a template it finds nothing pending, so a template made by an
 * older checkout only costs the migrations it lacks.
 */
import { cp } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate } from '../db/migrate.js';
import { pgliteDatabase } from '../db/pglite-database.js';
import { createPostgresDatabase } from '../db/postgres-database.js';

const [kind, ...rest] = process.argv.slice(2);
// pglite <directory> [<empty directory>] | postgres <admin url> <database name>
const [directory, emptyDirectory] = rest;
const [adminUrl, databaseName] = rest;
if (kind === 'pglite' && directory) {
  if (emptyDirectory) {
    await (await PGlite.create({ dataDir: emptyDirectory })).close();
    await cp(emptyDirectory, directory, { recursive: true });
  }
  const pglite = await PGlite.create({ dataDir: directory });
  await migrate(pgliteDatabase(pglite));
  // A checkpoint, so a copy starts without replaying the migrations' WAL.
  await pglite.exec('checkpoint');
  await pglite.close();
} else if (kind === 'postgres' && adminUrl && databaseName && /^[a-z0-9_]+$/.test(databaseName)) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${databaseName}" template template0`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const database = await createPostgresDatabase(url.toString(), (error) => {
    throw error;
  });
  await migrate(database);
  await database.close();
} else {
  console.error(
    'usage: make-test-template.ts pglite <directory> [<empty directory>] | postgres <admin url> <database name>',
  );
  process.exit(2);
}
