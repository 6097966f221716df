import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { hashOneTimeToken, newOneTimeToken } from './one-time-tokens.js';

/** How long the second step of a sign-in may take, and how many codes it may try. */
export const twoFactorChallengePolicy = { ttlSeconds: 5 * 60, maxAttempts: 5 } as const;

const challengedMethods = ['password', 'sso'] as const;
export type ChallengedMethod = (typeof challengedMethods)[number];

/** A half-done sign-in: who passed the first step, how, and how long their session will last. */
export interface AdmittedChallenge {
  id: string;
  userId: string;
  method: ChallengedMethod;
  sessionTtlSeconds: number;
}

/** Stores a challenge (its token only as SHA-256) and answers the token for the client. */
export async function createTwoFactorChallenge(
  database: Queryable,
  { userId, method, sessionTtlSeconds }: Omit<AdmittedChallenge, 'id'>,
): Promise<string> {
  const token = newOneTimeToken();
  // Abandoned challenges of the user go on the way: only the newest one can be pending anyway.
  await db(database)
    .deleteFrom('twoFactorChallenges')
    .where('userId', '=', userId)
    .where('expiresAt', '<=', sql<Date>`now()`)
    .execute();
  await db(database)
    .insertInto('twoFactorChallenges')
    .values({
      tokenHash: hashOneTimeToken(token),
      userId,
      method,
      sessionTtlSeconds,
      expiresAt: sql<Date>`now() + ${twoFactorChallengePolicy.ttlSeconds}::integer * interval '1 second'`,
    })
    .execute();
  return token;
}

/**
 * Counts one more code against the challenge before the code is checked (so concurrent guesses cannot all slip
 * in under the limit) and answers it; undefined when it is unknown, spent, expired or out of tries.
 */
export async function admitTwoFactorChallengeAttempt(
  database: Queryable,
  token: string,
): Promise<AdmittedChallenge | undefined> {
  const challenge = await db(database)
    .updateTable('twoFactorChallenges')
    .set(({ eb }) => ({ attempts: eb('attempts', '+', 1) }))
    .where('tokenHash', '=', hashOneTimeToken(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .where('attempts', '<', twoFactorChallengePolicy.maxAttempts)
    .returning(['id', 'userId', 'method', 'sessionTtlSeconds'])
    .executeTakeFirst();
  if (!challenge) return undefined;
  // The column's check constraint allows these two only; the text column is read back as one of them.
  const method = challengedMethods.find((known) => known === challenge.method);
  if (!method) throw new Error(`Unknown two-step challenge method ${challenge.method}`);
  return { ...challenge, method };
}

/** A challenge works once: false when a concurrent request spent it first. */
export async function spendTwoFactorChallenge(database: Queryable, id: string): Promise<boolean> {
  const spent = await db(database)
    .updateTable('twoFactorChallenges')
    .set({ usedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .returning('id')
    .execute();
  return spent.length > 0;
}
