import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';

/** How long the user has at the identity provider before the state stops working. */
export const ssoLoginAttemptLifetimeMinutes = 10;

export interface SsoLoginAttempt {
  organizationId: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * Stores a new attempt and answers its state: 32 random bytes (base64url) of which only the SHA-256 is kept, like
 * every one-time token here. Attempts that ended more than a day ago are deleted on the way.
 */
export async function createSsoLoginAttempt(database: Queryable, attempt: SsoLoginAttempt): Promise<string> {
  const state = newOneTimeToken();
  await db(database)
    .deleteFrom('ssoLoginAttempts')
    .where('expiresAt', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db(database)
    .insertInto('ssoLoginAttempts')
    .values({
      stateHash: hashOneTimeToken(state),
      organizationId: attempt.organizationId,
      codeVerifier: attempt.codeVerifier,
      nonce: attempt.nonce,
      expiresAt: sql<Date>`now() + ${ssoLoginAttemptLifetimeMinutes}::integer * interval '1 minute'`,
    })
    .execute();
  return state;
}

/**
 * Spends the attempt `state` names, once: undefined when it is unknown, already used or expired. Spent before the
 * code is redeemed, so a replayed callback fails even while the first is still talking to the identity provider.
 */
export async function spendSsoLoginAttempt(
  database: Database,
  state: string,
): Promise<SsoLoginAttempt | undefined> {
  return db(database)
    .updateTable('ssoLoginAttempts')
    .set({ usedAt: sql<Date>`now()` })
    .where('stateHash', '=', hashOneTimeToken(state))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(['organizationId', 'codeVerifier', 'nonce'])
    .executeTakeFirst();
}
