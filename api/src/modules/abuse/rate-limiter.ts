import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { TooManyRequestsError } from '../../http/api-error.js';

export interface RateLimitRule {
  /** What is counted; each bucket (one per endpoint) has its own count per client. */
  bucket: string;
  /** Requests a client may make per window; the next one is refused until the window ends. */
  limit: number;
  windowSeconds: number;
}

/**
 * The public form submissions (contact request, white paper): 10 per IP address per 10 minutes, counted per
 * form. A visitor needs one or two; 10 leaves room for colleagues behind one office address and for retries,
 * while a script is held to 60 submissions an hour per address and form.
 */
export const publicFormSubmissionLimit = { limit: 10, windowSeconds: 10 * 60 } as const;

/** How often one process deletes ended windows. Only housekeeping: an ended window is ignored either way. */
const purgeIntervalMilliseconds = 10 * 60 * 1000;

/**
 * Fixed-window rate limiting kept in PostgreSQL, so replicas share the counts and the API stays stateless. A
 * client's window starts at its first request and lasts `windowSeconds`; a request after it starts a new one.
 * Counting is one atomic upsert, so concurrent requests cannot both slip under the limit, and the database's
 * clock is the only clock involved.
 */
export function createRateLimiter(database: Queryable, { scale = 1 }: { scale?: number } = {}) {
  /** The rule's count as configured: production's, or raised for a test stack (RATE_LIMIT_SCALE). */
  const limitOf = (rule: RateLimitRule) => rule.limit * scale;
  let lastPurgeAt = 0;

  async function purgeEndedWindows(): Promise<void> {
    lastPurgeAt = Date.now();
    await db(database).deleteFrom('rateLimitWindows').where('windowEndsAt', '<=', sql<Date>`now()`).execute();
  }

  /** Counts one request of `clientKey` and answers the window's count so far. */
  async function count(
    rule: RateLimitRule,
    clientKey: string,
  ): Promise<{ hits: number; retryAfterSeconds: number }> {
    if (Date.now() - lastPurgeAt >= purgeIntervalMilliseconds) await purgeEndedWindows();
    const window = await db(database)
      .insertInto('rateLimitWindows')
      .values({
        bucket: rule.bucket,
        clientKey,
        windowEndsAt: sql<Date>`now() + ${rule.windowSeconds}::integer * interval '1 second'`,
        hits: 1,
      })
      .onConflict((conflict) =>
        conflict.columns(['bucket', 'clientKey']).doUpdateSet((eb) => {
          const ended = eb('rateLimitWindows.windowEndsAt', '<=', sql<Date>`now()`);
          return {
            hits: eb
              .case()
              .when(ended)
              .then(eb.lit(1))
              .else(eb('rateLimitWindows.hits', '+', 1))
              .end(),
            windowEndsAt: eb
              .case()
              .when(ended)
              .then(eb.ref('excluded.windowEndsAt'))
              .else(eb.ref('rateLimitWindows.windowEndsAt'))
              .end(),
          };
        }),
      )
      .returning([
        'hits',
        sql<number>`greatest(1, ceil(extract(epoch from window_ends_at - now())))::integer`.as(
          'retryAfterSeconds',
        ),
      ])
      .executeTakeFirst();
    if (!window) throw new Error('rate limit upsert returned no row');
    return window;
  }

  return {
    /** Counts one request of `clientKey`; throws TooManyRequestsError (429, Retry-After) when over the limit. */
    async consume(rule: RateLimitRule, clientKey: string): Promise<void> {
      const window = await count(rule, clientKey);
      if (window.hits > limitOf(rule)) throw new TooManyRequestsError(window.retryAfterSeconds);
    },

    /**
     * Counts one use of `clientKey` and answers whether it is within the limit, for limits the client must not
     * see: a per-address limit on emails answers the same whether it tripped or not, or it would tell that the
     * address has an account.
     */
    async tryConsume(rule: RateLimitRule, clientKey: string): Promise<boolean> {
      const window = await count(rule, clientKey);
      return window.hits <= limitOf(rule);
    },

    /**
     * Gives back one counted request of `clientKey` in the current window, for limits on failures: the attempt
     * is counted before the outcome is known, so concurrent attempts cannot slip past the limit together, and
     * returned once it succeeded.
     */
    async refund(rule: RateLimitRule, clientKey: string): Promise<void> {
      // A window whose only request is given back is deleted (counts are never 0); both in one statement.
      await db(database)
        .with('decremented', (query) =>
          query
            .updateTable('rateLimitWindows')
            .set((eb) => ({ hits: eb('hits', '-', 1) }))
            .where('bucket', '=', rule.bucket)
            .where('clientKey', '=', clientKey)
            .where('hits', '>', 1)
            .where('windowEndsAt', '>', sql<Date>`now()`)
            .returning(sql<number>`1`.as('one')),
        )
        .deleteFrom('rateLimitWindows')
        .where('bucket', '=', rule.bucket)
        .where('clientKey', '=', clientKey)
        .where('hits', '=', 1)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('decremented').select('one'))))
        .execute();
    },

    purgeEndedWindows,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
