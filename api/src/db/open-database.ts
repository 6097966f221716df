import type { Config } from '../config.js';
import type { Database } from './database.js';
import { createPgliteDatabase } from './pglite-database.js';
import { createPostgresDatabase } from './postgres-database.js';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else the embedded PGlite. */
export function openDatabase(
  database: Config['database'],
  onIdleClientError: (error: Error) => void,
): Promise<Database> {
  return database.kind === 'postgres'
    ? createPostgresDatabase(database.url, onIdleClientError)
    : createPgliteDatabase(database.dataDir, { sharedBuffers: database.sharedBuffers });
}
