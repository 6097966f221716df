// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { migrate } from '../../db/migrate.js';
import { TooManyRequestsError } from '../../http/api-error.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { createRateLimiter, type RateLimitRule } from './rate-limiter.js';

describe('rate limiter', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
    await migrate(database);
  });
  after(() => database.close());

  const rule = (bucket: string): RateLimitRule => ({ bucket, limit: 3, windowSeconds: 60 });

  const consumeTimes = async (
    limiter: ReturnType<typeof createRateLimiter>,
    times: number,
    ...args: [RateLimitRule, string]
  ) => {
    for (let count = 0; count < times; count += 1) await limiter.consume(...args);
  };

  it('lets the limit through and refuses the next request with the seconds left in the window', async () => {
    const limiter = createRateLimiter(database);
    await consumeTimes(limiter, 3, rule('refusal'), '198.51.100.1');
    const refusal = await limiter.consume(rule('refusal'), '198.51.100.1').then(
      () => assert.fail('the fourth request went through'),
      (error: unknown) => error,
    );
    assert.ok(refusal instanceof TooManyRequestsError);
    assert.equal(refusal.statusCode, 429);
    assert.ok(
      refusal.retryAfterSeconds >= 59 && refusal.retryAfterSeconds <= 60,
      String(refusal.retryAfterSeconds),
    );
    assert.deepEqual(refusal.headers, { 'retry-after': String(refusal.retryAfterSeconds) });
  });

  it('counts each client and each bucket on its own', async () => {
    const limiter = createRateLimiter(database);
    await consumeTimes(limiter, 3, rule('separate'), '198.51.100.2');
    await assert.rejects(limiter.consume(rule('separate'), '198.51.100.2'), TooManyRequestsError);
    await limiter.consume(rule('separate'), '198.51.100.3');
    await limiter.consume(rule('other-bucket'), '198.51.100.2');
  });

  it('answers false instead of throwing for a limit the client must not see', async () => {
    const limiter = createRateLimiter(database);
    const answers = [];
    for (let count = 0; count < 4; count += 1) {
      answers.push(await limiter.tryConsume(rule('silent'), 'someone@example.com'));
    }
    assert.deepEqual(answers, [true, true, true, false]);
    await assert.rejects(limiter.consume(rule('silent'), 'someone@example.com'), TooManyRequestsError);
  });

  it('shares counts between limiters on the same database (API replicas)', async () => {
    const replicas = [createRateLimiter(database), createRateLimiter(database)];
    await consumeTimes(replicas[0]!, 2, rule('replicas'), '198.51.100.4');
    await replicas[1]!.consume(rule('replicas'), '198.51.100.4');
    await assert.rejects(replicas[1]!.consume(rule('replicas'), '198.51.100.4'), TooManyRequestsError);
    await assert.rejects(replicas[0]!.consume(rule('replicas'), '198.51.100.4'), TooManyRequestsError);
  });

  // PGlite runs one statement at a time; on PostgreSQL the upsert's row lock gives the same result.
  it('does not let concurrent requests slip past the limit', async () => {
    const limiter = createRateLimiter(database);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => limiter.consume(rule('concurrent'), '198.51.100.5')),
    );
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 3);
  });

  it('starts a new window once the last one has ended', async () => {
    const limiter = createRateLimiter(database);
    await consumeTimes(limiter, 3, rule('renewal'), '198.51.100.6');
    await assert.rejects(limiter.consume(rule('renewal'), '198.51.100.6'), TooManyRequestsError);
    await db(database)
      .updateTable('rateLimitWindows')
      .set({ windowEndsAt: sql<Date>`now() - interval '1 second'` })
      .where('bucket', '=', 'renewal')
      .execute();
    await consumeTimes(limiter, 3, rule('renewal'), '198.51.100.6');
    const window = await db(database)
      .selectFrom('rateLimitWindows')
      .select('hits')
      .where('bucket', '=', 'renewal')
      .executeTakeFirst();
    assert.equal(window?.hits, 3);
  });

  it('gives back refunded requests, so only the others count towards the limit', async () => {
    const limiter = createRateLimiter(database);
    for (let count = 0; count < 5; count += 1) {
      await limiter.consume(rule('refund'), '198.51.100.9');
      await limiter.refund(rule('refund'), '198.51.100.9');
    }
    assert.deepEqual(
      await db(database)
        .selectFrom('rateLimitWindows')
        .select('hits')
        .where('bucket', '=', 'refund')
        .execute(),
      [],
      'a window whose only request was given back is gone',
    );
    await consumeTimes(limiter, 3, rule('refund'), '198.51.100.9');
    await limiter.refund(rule('refund'), '198.51.100.9');
    await limiter.consume(rule('refund'), '198.51.100.9');
    await assert.rejects(limiter.consume(rule('refund'), '198.51.100.9'), TooManyRequestsError);
  });

  it('purges ended windows, and with them the IP addresses', async () => {
    const limiter = createRateLimiter(database);
    await limiter.consume(rule('purge'), '198.51.100.7');
    await limiter.consume(rule('purge'), '198.51.100.8');
    await db(database)
      .updateTable('rateLimitWindows')
      .set({ windowEndsAt: sql<Date>`now() - interval '1 second'` })
      .where('clientKey', '=', '198.51.100.7')
      .execute();
    await limiter.purgeEndedWindows();
    const remaining = await db(database)
      .selectFrom('rateLimitWindows')
      .select('clientKey')
      .where('bucket', '=', 'purge')
      .execute();
    assert.deepEqual(remaining, [{ clientKey: '198.51.100.8' }]);
  });

  it('RATE_LIMIT_SCALE multiplies every limit, so a test stack raises the limits instead of rationing its tests', async () => {
    const raised = createRateLimiter(database, { scale: 4 });
    await consumeTimes(raised, 12, rule('scaled'), '198.51.100.40');
    await assert.rejects(raised.consume(rule('scaled'), '198.51.100.40'), TooManyRequestsError);
    assert.equal(await raised.tryConsume(rule('scaled-quiet'), 'someone@example.com'), true);
  });
});
