/**
 * Migrates a template database once per test run (scripts/run-tests.mjs, issue 33), which every test server then
 * starts from instead of running the 35 migrations again in each of the suite's files:
 * - `pglite <file>`: an in-memory PGlite, migrated, its data directory dumped to `<file>` (loaded with
 *   PGlite's `loadDataDir`);
 * - `postgres <admin url> <name>`: a database `<name>` created in that cluster and migrated (copied with
 *   `CREATE DATABASE … TEMPLATE`).
 * The servers still run `migrate()` at start: on a template it finds nothing pending, so a template made by an
 * older checkout only costs the migrations it lacks.
 */
import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate } from '../db/migrate.js';
import { pgliteDatabase } from '../db/pglite-database.js';
import { createPostgresDatabase } from '../db/postgres-database.js';

const [kind, target, name] = process.argv.slice(2);
if (kind === 'pglite' && target) {
  const pglite = await PGlite.create();
  await migrate(pgliteDatabase(pglite));
  await writeFile(target, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
} else if (kind === 'postgres' && target && name && /^[a-z0-9_]+$/.test(name)) {
  const admin = new pg.Client({ connectionString: target });
  await admin.connect();
  await admin.query(`create database "${name}" template template0`);
  await admin.end();
  const url = new URL(target);
  url.pathname = `/${name}`;
  const database = await createPostgresDatabase(url.toString(), (error) => {
    throw error;
  });
  await migrate(database);
  await database.close();
} else {
  console.error('usage: make-test-template.ts pglite <dump file> | postgres <admin url> <name>');
  process.exit(2);
}
