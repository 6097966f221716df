import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** How often one process deletes rows of expired challenges. Only housekeeping: lookups never need it. */
const purgeIntervalMilliseconds = 10 * 60 * 1000;

/**
 * Rows outlive their challenge by this much before they are purged. The API replica's clock decides whether a
 * challenge has expired and the database's clock decides the purge; the margin covers a difference between the
 * two, so a challenge is never forgotten while some replica would still accept it.
 */
const purgeMargin = sql`interval '1 hour'`;

/**
 * The challenges already solved, kept in PostgreSQL so every API replica refuses a replayed solution. A challenge
 * is known by its signature, which the API made and which no one else can produce for other parameters.
 */
export function createUsedCaptchaChallenges(database: Queryable) {
  let lastPurgeAt = 0;

  async function purgeExpired(): Promise<void> {
    lastPurgeAt = Date.now();
    await db(database)
      .deleteFrom('captchaUsedChallenges')
      .where('expiresAt', '<', sql<Date>`now() - ${purgeMargin}`)
      .execute();
  }

  return {
    /**
     * Records the challenge as used; false when it already was. One atomic insert, so of two concurrent
     * submissions of one solution exactly one is first.
     */
    async recordFirstUse(signature: string, expiresAt: Date): Promise<boolean> {
      if (Date.now() - lastPurgeAt >= purgeIntervalMilliseconds) await purgeExpired();
      const inserted = await db(database)
        .insertInto('captchaUsedChallenges')
        .values({ signature, expiresAt: expiresAt.toISOString() })
        .onConflict((conflict) => conflict.column('signature').doNothing())
        .returning('signature')
        .execute();
      return inserted.length === 1;
    },

    purgeExpired,
  };
}

export type UsedCaptchaChallenges = ReturnType<typeof createUsedCaptchaChallenges>;
