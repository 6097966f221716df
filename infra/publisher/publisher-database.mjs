// The publisher's database (docs/decisions/0067), which holds its build queue: the jobs table of the API's jobs
// module, created by that module's own migrations (`jobsMigrations`, decision 0117), not the API's schema.
// PostgreSQL when a URL is given (production: the API's database, whose jobs table the publisher shares), else an
// embedded PGlite in a directory of its own. PGlite serves one
// process and does nothing to stop a second one from opening the same directory, so a lock file beside it
// (`<directory>.lock`, the holder's pid) refuses a second user while the first runs: another publisher, or the
// `dead` and `retry` commands next to a running one.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase } from '@dcipher/api/database';
import { jobsMigrations } from '@dcipher/api/jobs';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `<DATA_DIR>/publisher-db`: not the API's `.data` database, which its own process holds. */
export const defaultDatabaseDir = join(process.env.DATA_DIR ?? join(repositoryRoot, '.data'), 'publisher-db');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Takes `<directory>.lock` for this process; a lock left by a process that is gone is taken over. */
async function lockDirectory(directory) {
  const lockFile = `${directory}.lock`;
  await mkdir(dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockFile, JSON.stringify({ pid: process.pid }), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const { pid } = JSON.parse(await readFile(lockFile, 'utf8').catch(() => '{}'));
      if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
        throw new Error(
          `The publisher's database ${directory} is in use by process ${pid} (an embedded database has one user): ` +
            'stop that publisher first, or use PostgreSQL (DATABASE_URL)',
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the publisher's database ${directory}`);
}

/**
 * Opens and migrates the publisher's database: PostgreSQL at `url`, else the embedded one in `directory`. Its
 * `close` also gives the embedded database's lock back.
 */
export async function openPublisherDatabase({ url, directory = defaultDatabaseDir, log = console } = {}) {
  const unlock = url ? async () => {} : await lockDirectory(directory);
  let database;
  try {
    database = await openDatabase(
      url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: directory },
      (error) => log.error({ err: error }, 'an idle database connection failed'),
    );
    await migrate(database, jobsMigrations);
  } catch (error) {
    await database?.close().catch(() => {});
    await unlock();
    throw error;
  }
  const close = database.close;
  database.close = async () => {
    try {
      await close();
    } finally {
      await unlock();
    }
  };
  return database;
}
