import type { Database, Queryable } from '../../db/database.js';
import { confirmEmailChange, isUniqueViolation } from '../email-change/email-change-confirmation.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';
import { findUserById, lockActiveUserByEmail, markEmailVerified } from '../people/user-repository.js';
import type { EmailVerificationResult } from './email-verification-result.js';

/** How long an emailed verification link works. */
export const emailVerificationLinkLifetimeHours = 24;

/**
 * A new one-time verification token for the user: 32 random bytes (base64url) of which only the SHA-256 is
 * stored, valid 24 hours by the database's clock. Deletes the user's earlier tokens, so only the link in the
 * newest email works.
 */
export async function issueEmailVerificationToken(database: Queryable, userId: string): Promise<string> {
  const token = newOneTimeToken();
  await database.query('delete from email_verification_tokens where user_id = $1', [userId]);
  await database.query(
    `insert into email_verification_tokens (user_id, token_hash, expires_at)
     values ($1, $2, now() + $3::integer * interval '1 hour')`,
    [userId, hashOneTimeToken(token), emailVerificationLinkLifetimeHours],
  );
  return token;
}

export type { EmailVerificationResult };

/**
 * Spends the token and marks its user's address verified, in one transaction. A token from an email-change link
 * (`email_change_tokens`) swaps the new address in instead, if no other account has it (docs/decisions/0016).
 */
export async function verifyEmailWithToken(
  database: Database,
  token: string,
): Promise<EmailVerificationResult> {
  try {
    return await database.transaction(async (transaction) => {
      const change = await confirmEmailChange(transaction, token);
      return change ?? (await verifyAddressWithToken(transaction, token));
    });
  } catch (error) {
    // Another account took the new address between the check and the swap.
    if (isUniqueViolation(error)) return { outcome: 'invalid' };
    throw error;
  }
}

async function verifyAddressWithToken(
  transaction: Queryable,
  token: string,
): Promise<EmailVerificationResult> {
  const [stored] = await transaction.query<{
    id: string;
    userId: string;
    used: boolean;
    expired: boolean;
  }>(
    `select id, user_id as "userId", used_at is not null as used, expires_at <= now() as expired
     from email_verification_tokens
     where token_hash = $1
     for update`,
    [hashOneTimeToken(token)],
  );
  const user = stored && (await findUserById(transaction, stored.userId));
  // A used link is "failed" even once it is also old: expiry only matters for a link that could still work.
  if (!stored || !user || stored.used) return { outcome: 'invalid' };
  if (stored.expired) return { outcome: 'expired' };

  await transaction.query('update email_verification_tokens set used_at = now() where id = $1', [stored.id]);
  await markEmailVerified(transaction, stored.userId);
  return { outcome: 'verified', email: user.email, userId: stored.userId };
}

/**
 * A new token for the account at `email` if it is active and not yet verified; undefined otherwise (no
 * account, an invitation not yet accepted, or already verified), which the caller must not reveal.
 */
export async function reissueEmailVerificationToken(
  database: Database,
  email: string,
): Promise<string | undefined> {
  return database.transaction(async (transaction) => {
    const user = await lockActiveUserByEmail(transaction, email, { unverifiedOnly: true });
    return user && issueEmailVerificationToken(transaction, user.id);
  });
}
