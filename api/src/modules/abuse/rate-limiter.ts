import type { Queryable } from '../../db/database.js';
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
    await database.query('delete from rate_limit_windows where window_ends_at <= now()');
  }

  /** Counts one request of `clientKey` and answers the window's count so far. */
  async function count(
    rule: RateLimitRule,
    clientKey: string,
  ): Promise<{ hits: number; retryAfterSeconds: number }> {
    if (Date.now() - lastPurgeAt >= purgeIntervalMilliseconds) await purgeEndedWindows();
    const [window] = await database.query<{ hits: number; retryAfterSeconds: number }>(
      `insert into rate_limit_windows as current (bucket, client_key, window_ends_at, hits)
         values ($1, $2, now() + $3::integer * interval '1 second', 1)
         on conflict (bucket, client_key) do update set
           hits = case when current.window_ends_at <= now() then 1 else current.hits + 1 end,
           window_ends_at = case when current.window_ends_at <= now() then excluded.window_ends_at
                                 else current.window_ends_at end
         returning hits,
                   greatest(1, ceil(extract(epoch from window_ends_at - now())))::integer as "retryAfterSeconds"`,
      [rule.bucket, clientKey, rule.windowSeconds],
    );
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
      await database.query(
        `with decremented as (
           update rate_limit_windows set hits = hits - 1
           where bucket = $1 and client_key = $2 and hits > 1 and window_ends_at > now()
           returning 1
         )
         delete from rate_limit_windows
         where bucket = $1 and client_key = $2 and hits = 1 and not exists (select 1 from decremented)`,
        [rule.bucket, clientKey],
      );
    },

    purgeEndedWindows,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
