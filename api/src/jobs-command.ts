import { ConfigError, loadConfig } from './config.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { createJobs } from './jobs/jobs.js';

/**
 * The dead-letter commands of the jobs module (docs/decisions/0059), against the database the configuration names
 * (`DATABASE_URL`, or the embedded one under `DATA_DIR`: stop `npm start` first, PGlite has one user):
 *
 *   pnpm --filter @dcipher/api jobs dead [queue]    lists the jobs that ran out of tries, with their last error
 *   pnpm --filter @dcipher/api jobs retry <job id>  gives a dead job its tries again, due now
 */
const [command, argument] = process.argv.slice(2);
const usage = 'Usage: jobs dead [queue] | jobs retry <job id>';
if (command !== 'dead' && command !== 'retry') {
  console.error(usage);
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
  await migrate(database);
  const jobs = createJobs({ database, log: console });
  if (command === 'dead') {
    const dead = await jobs.listDead(argument ? { queue: argument } : {});
    if (dead.length === 0) console.log('No dead jobs.');
    for (const job of dead) {
      console.log(`${job.id}  ${job.queue}  ${job.attempts} tries  last error: ${job.lastError ?? '-'}`);
    }
  } else if (!argument || !/^[0-9a-f-]{36}$/i.test(argument)) {
    console.error(usage);
    process.exitCode = 2;
  } else if (await jobs.retryDead(argument)) {
    console.log(`Job ${argument} is queued again.`);
  } else {
    console.error(`No dead job has the id ${argument}.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
