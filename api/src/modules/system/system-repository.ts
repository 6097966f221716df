import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** One round trip to the database: resolves when it answers, throws when it cannot be reached. */
export async function pingDatabase(database: Queryable): Promise<void> {
  await db(database)
    .selectNoFrom((eb) => eb.lit(1).as('one'))
    .execute();
}
