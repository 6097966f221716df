import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** Clears the users' earlier reactivation links. */
export async function deleteTrialReactivationTokens(
  transaction: Queryable,
  userIds: string[],
): Promise<void> {
  await db(transaction)
    .deleteFrom('trialReactivationTokens')
    .where((eb) => eb('userId', '=', eb.fn.any(sql<string[]>`${userIds}::uuid[]`)))
    .execute();
}

/** Stores a link's token (its SHA-256 only), valid `lifetimeDays` by the database's clock. */
export async function insertTrialReactivationToken(
  transaction: Queryable,
  token: { organizationId: string; userId: string; tokenHash: string; lifetimeDays: number },
): Promise<void> {
  await db(transaction)
    .insertInto('trialReactivationTokens')
    .values({
      organizationId: token.organizationId,
      userId: token.userId,
      tokenHash: token.tokenHash,
      expiresAt: sql<Date>`now() + ${token.lifetimeDays}::integer * interval '1 day'`,
    })
    .execute();
}

/** The token with that hash, locked for the caller's transaction, and whether it can still be used. */
export function lockTrialReactivationToken(transaction: Queryable, tokenHash: string) {
  return db(transaction)
    .selectFrom('trialReactivationTokens')
    .select((eb) => [
      'id',
      'organizationId',
      'userId',
      eb.and([eb('usedAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]).as('unspent'),
    ])
    .where('tokenHash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function spendTrialReactivationToken(transaction: Queryable, id: string): Promise<void> {
  await db(transaction)
    .updateTable('trialReactivationTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
