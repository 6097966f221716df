// engines: both
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CamelCasePlugin } from 'kysely';
import { packageDirectory, sourceDirectory } from '../test-support/api-paths.js';
import {
  createTestDatabase,
  createTestPostgresDatabase,
  testDatabaseKind,
} from '../test-support/test-database.js';
import type { Database } from './database.js';
import { db } from './kysely.js';
import { migrate } from './migrate.js';
import { createPostgresDatabase } from './postgres-database.js';

const generated = readFileSync(join(sourceDirectory, 'db', 'schema.generated.ts'), 'utf8');

/** The generated `DB` interface: table (camelCase) → its interface's column names. */
function generatedTables(): Map<string, string[]> {
  const interfaces = new Map<string, string[]>();
  for (const match of generated.matchAll(/export interface (\w+) \{\n([^}]*)\}/g)) {
    interfaces.set(
      match[1]!,
      [...match[2]!.matchAll(/^\s+(\w+):/gm)].map((column) => column[1]!),
    );
  }
  const tables = new Map<string, string[]>();
  for (const [table, type] of (interfaces.get('DB') ?? []).map((table) => [
    table,
    generated.match(new RegExp(`^\\s+${table}: (\\w+);`, 'm'))?.[1],
  ])) {
    tables.set(table!, interfaces.get(type!) ?? []);
  }
  return tables;
}

describe('the generated database types (src/db/schema.generated.ts, docs/decisions/0065)', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
    await migrate(database);
  });
  after(() => database.close());

  it('name every table and column the migrations create, on this engine', async () => {
    const columns = await db(database)
      .selectFrom('information_schema.columns' as never)
      .select(['table_name as table', 'column_name as column'] as never)
      .where('table_schema' as never, '=', 'public' as never)
      .where('table_name' as never, '<>', 'schema_migrations' as never)
      .execute();
    const camel = new CamelCasePlugin() as unknown as { camelCase(name: string): string };
    const migrated = new Map<string, string[]>();
    for (const row of columns as unknown as { table: string; column: string }[]) {
      const table = camel.camelCase(row.table);
      migrated.set(table, [...(migrated.get(table) ?? []), camel.camelCase(row.column)].sort());
    }
    const declared = new Map([...generatedTables()].map(([table, names]) => [table, [...names].sort()]));
    assert.deepEqual(Object.fromEntries(declared), Object.fromEntries(migrated));
  });

  it('are exactly what kysely-codegen makes of the migrated schema (PostgreSQL)', async (t) => {
    if (testDatabaseKind !== 'postgres') {
      // kysely-codegen reads a PostgreSQL server; the PostgreSQL run of this suite makes this check.
      t.diagnostic('checked in the PostgreSQL run');
      return;
    }
    const { url, drop } = await createTestPostgresDatabase();
    try {
      const target = await createPostgresDatabase(url, (error) => {
        throw error;
      });
      await migrate(target);
      await target.close();
      const result = spawnSync(
        process.execPath,
        [join(packageDirectory, 'scripts', 'kysely-codegen.mjs'), '--verify'],
        {
          cwd: packageDirectory,
          encoding: 'utf8',
          env: { ...process.env, DATABASE_URL: url },
        },
      );
      assert.equal(
        result.status,
        0,
        `src/db/schema.generated.ts is out of date: run node scripts/generate-db-types.mjs\n${result.stdout}${result.stderr}`,
      );
    } finally {
      await drop();
    }
  });
});
