// Generates src/db/schema.generated.ts, the database's types for Kysely, from the migrated schema: starts a
// throwaway PostgreSQL cluster, applies every migration, runs kysely-codegen against it and stops the cluster.
//   node scripts/generate-db-types.mjs           writes the file
//   node scripts/generate-db-types.mjs --verify  fails if the file differs from what the migrations give
// (The API suite on PostgreSQL runs the same check: src/db/schema.test.ts.)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBinDir, startThrowawayPostgres } from './throwaway-postgres.mjs';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const verify = process.argv.includes('--verify');
const binDir = findPostgresBinDir();
if (!binDir) {
  console.error("No initdb/pg_ctl found: install Debian's postgresql (sudo apt-get install postgresql).");
  process.exit(1);
}
const cluster = await startThrowawayPostgres(binDir);
process.on('exit', cluster.stop);
const migrated = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--input-type=module', '-e', migrateScript()],
  { cwd: packageDir, stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } },
);
if (migrated.status !== 0) process.exit(migrated.status ?? 1);
const generated = spawnSync(
  process.execPath,
  [join(packageDir, 'scripts', 'kysely-codegen.mjs'), ...(verify ? ['--verify'] : [])],
  { cwd: packageDir, stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } },
);
process.exit(generated.status ?? 1);

function migrateScript() {
  return `
    import { createPostgresDatabase } from './src/db/postgres-database.ts';
    import { migrate } from './src/db/migrate.ts';
    const database = await createPostgresDatabase(process.env.DATABASE_URL, (error) => { throw error; });
    await migrate(database);
    await database.close();
  `;
}
