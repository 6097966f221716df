import type { Queryable } from '../../db/database.js';
import { hashOneTimeToken, newOneTimeToken } from './one-time-tokens.js';

/** How long the second step of a sign-in may take, and how many codes it may try. */
export const twoFactorChallengePolicy = { ttlSeconds: 5 * 60, maxAttempts: 5 } as const;

export type ChallengedMethod = 'password' | 'sso';

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
  await database.query('delete from two_factor_challenges where user_id = $1 and expires_at <= now()', [
    userId,
  ]);
  await database.query(
    `insert into two_factor_challenges (token_hash, user_id, method, session_ttl_seconds, expires_at)
     values ($1, $2, $3, $4, now() + $5::integer * interval '1 second')`,
    [hashOneTimeToken(token), userId, method, sessionTtlSeconds, twoFactorChallengePolicy.ttlSeconds],
  );
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
  const [challenge] = await database.query<AdmittedChallenge>(
    `update two_factor_challenges set attempts = attempts + 1
     where token_hash = $1 and used_at is null and expires_at > now() and attempts < $2
     returning id, user_id as "userId", method, session_ttl_seconds as "sessionTtlSeconds"`,
    [hashOneTimeToken(token), twoFactorChallengePolicy.maxAttempts],
  );
  return challenge;
}

/** A challenge works once: false when a concurrent request spent it first. */
export async function spendTwoFactorChallenge(database: Queryable, id: string): Promise<boolean> {
  const spent = await database.query(
    'update two_factor_challenges set used_at = now() where id = $1 and used_at is null returning id',
    [id],
  );
  return spent.length > 0;
}
