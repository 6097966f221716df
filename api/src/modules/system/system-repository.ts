import type { Queryable } from '../../db/database.js';
import { prepare } from '../../db/kysely.js';

/** Built once: load balancers and monitors call the health check all the time (db/kysely.ts `prepare`). */
const selectOne = prepare([], (kysely) => kysely.selectNoFrom((eb) => eb.lit(1).as('one')));

/** One round trip to the database: resolves when it answers, throws when it cannot be reached. */
export async function pingDatabase(database: Queryable): Promise<void> {
  await selectOne(database, {});
}
