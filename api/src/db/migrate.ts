import { sql } from 'kysely';
import type { Database } from './database.js';
import { db } from './kysely.js';
import { migrations as allMigrations } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';

// Any constant works; it only has to be the same for every API replica so they migrate one at a time.
const migrationLockKey = 7_245_310_001;

/** Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction, in order. */
export async function migrate(
  database: Database,
  migrations: readonly Migration[] = allMigrations,
): Promise<string[]> {
  await database.transaction(async (transaction) => {
    await sql`select pg_advisory_xact_lock(${migrationLockKey})`.execute(db(transaction));
    await transaction.exec(`
      create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      )
    `);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await database.transaction(async (transaction) => {
      await sql`select pg_advisory_xact_lock(${migrationLockKey})`.execute(db(transaction));
      // schema_migrations is the migrator's own table, outside the generated schema.
      const recorded =
        await sql`select 1 from schema_migrations where version = ${migration.version}`.execute(
          db(transaction),
        );
      if (recorded.rows.length > 0) return false;
      await transaction.exec(migration.sql);
      await sql`insert into schema_migrations (version) values (${migration.version})`.execute(
        db(transaction),
      );
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}

/** The migrations of this version not yet recorded in the database (none once `migrate` has run). */
export async function pendingMigrations(
  database: Database,
  migrations: readonly Migration[] = allMigrations,
): Promise<string[]> {
  const recorded = await sql<{ version: string }>`select version from schema_migrations`
    .execute(db(database))
    .catch(() => ({ rows: [] as { version: string }[] }));
  const versions = new Set(recorded.rows.map((row) => row.version));
  return migrations.map((migration) => migration.version).filter((version) => !versions.has(version));
}
