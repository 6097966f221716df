import { ConfigError, loadConfig } from './config.js';
import { migrate, pendingMigrations } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';

/**
 * The migration step of a deployment (docs/decisions/0077), against the database the configuration names
 * (`DATABASE_URL`, or the embedded one under `DATA_DIR`):
 *
 *   pnpm --filter @dcipher/api migrate          applies the pending migrations, in order, then exits
 *   pnpm --filter @dcipher/api migrate status   lists the pending ones and exits 1 if there are any
 *
 * It runs once, before the replicas start with `MIGRATE_ON_START=off` (they refuse to start while a migration is
 * pending), so no replica migrates while others serve.
 */
const [command = 'apply'] = process.argv.slice(2);
if (command !== 'apply' && command !== 'status') {
  console.error('Usage: migrate [apply|status]');
  process.exit(2);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openDatabase(config.database, (error) => console.error(error.message));
try {
  if (command === 'status') {
    const pending = await pendingMigrations(database);
    console.log(pending.length === 0 ? 'No pending migrations.' : `Pending: ${pending.join(', ')}`);
    process.exitCode = pending.length === 0 ? 0 : 1;
  } else {
    const applied = await migrate(database);
    console.log(applied.length === 0 ? 'No pending migrations.' : `Applied: ${applied.join(', ')}`);
  }
} finally {
  await database.close();
}
