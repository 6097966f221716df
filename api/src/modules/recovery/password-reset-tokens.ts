import type { Database, Queryable } from '../../db/database.js';
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
    await transaction.query('delete from password_reset_tokens where user_id = $1', [user.id]);
    await transaction.query(
      `insert into password_reset_tokens (user_id, token_hash, expires_at)
       values ($1, $2, now() + $3::integer * interval '1 hour')`,
      [user.id, hashOneTimeToken(token), passwordResetLinkLifetimeHours],
    );
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
  const [stored] = await database.query<{ tokenId: string; userId: string; used: boolean; expired: boolean }>(
    `select id as "tokenId", user_id as "userId", used_at is not null as used, expires_at <= now() as expired
     from password_reset_tokens
     where token_hash = $1`,
    [hashOneTimeToken(token)],
  );
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
  const spent = await transaction.query(
    `update password_reset_tokens set used_at = now()
     where id = $1 and used_at is null and expires_at > now()
     returning id`,
    [tokenId],
  );
  return spent.length === 1;
}
