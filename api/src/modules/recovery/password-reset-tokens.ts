import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';
import { findUserById, lockActiveUserByEmail } from '../people/user-repository.js';

/** How long an emailed password reset link works. */
export const passwordResetLinkLifetimeHours = 1;

/**
 * A new one-time reset token for the active account at `email`, or undefined when there is none (which the
 * caller must not reveal): 32 random bytes (base64url) of which only the SHA-256 is stored, valid 1 hour by the
 * database's clock. The user's earlier reset tokens are deleted, so only the newest email's link works.
 */
export async function issuePasswordResetToken(
  database: Database,
  email: string,
): Promise<string | undefined> {
  return database.transaction(async (transaction) => {
    const user = await lockActiveUserByEmail(transaction, email);
    if (!user) return undefined;
    const token = newOneTimeToken();
    await db(transaction).deleteFrom('passwordResetTokens').where('userId', '=', user.id).execute();
    await db(transaction)
      .insertInto('passwordResetTokens')
      .values({
        userId: user.id,
        tokenHash: hashOneTimeToken(token),
        expiresAt: sql<Date>`now() + ${passwordResetLinkLifetimeHours}::integer * interval '1 hour'`,
      })
      .execute();
    return token;
  });
}

/** The account a reset token may set a new password for. */
export interface PasswordResetTarget {
  tokenId: string;
  userId: string;
  email: string;
  passwordHash: string | null;
}

export type PasswordResetTokenLookup =
  | { outcome: 'usable'; target: PasswordResetTarget }
  | { outcome: 'expired' }
  /** Unknown, already used, replaced by a newer link, its user no longer active, or not a token at all. */
  | { outcome: 'invalid' };

/** What a token from a link is worth now; changes nothing (the new password is checked before it is spent). */
export async function findPasswordResetToken(
  database: Queryable,
  token: string,
): Promise<PasswordResetTokenLookup> {
  const stored = await db(database)
    .selectFrom('passwordResetTokens')
    .select(({ eb }) => [
      'id as tokenId',
      'userId',
      eb('usedAt', 'is not', null).as('used'),
      eb('expiresAt', '<=', sql<Date>`now()`).as('expired'),
    ])
    .where('tokenHash', '=', hashOneTimeToken(token))
    .executeTakeFirst();
  const user = stored && (await findUserById(database, stored.userId));
  // A used link is invalid even once it is also old: expiry only matters for a link that could still work.
  if (!stored || user?.status !== 'Active' || stored.used) return { outcome: 'invalid' };
  if (stored.expired) return { outcome: 'expired' };
  return {
    outcome: 'usable',
    target: { tokenId: stored.tokenId, userId: user.id, email: user.email, passwordHash: user.passwordHash },
  };
}

/**
 * Marks the token used, in the caller's transaction; false when another request spent it first or it expired
 * since it was looked up.
 */
export async function spendPasswordResetToken(transaction: Queryable, tokenId: string): Promise<boolean> {
  const spent = await db(transaction)
    .updateTable('passwordResetTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('id', '=', tokenId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('id')
    .execute();
  return spent.length === 1;
}
