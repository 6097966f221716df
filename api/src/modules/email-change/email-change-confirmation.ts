import type { Queryable } from '../../db/database.js';
import { hashOneTimeToken } from '../identity/one-time-tokens.js';
import { emailTakenByAnotherUser, replaceEmailWithVerified } from '../people/user-repository.js';
import type { EmailVerificationResult } from '../registration/email-verification-result.js';

// Kept apart from `email-change-tokens.ts` so that registration's `verifyEmailWithToken` can use it without an
// import cycle.

/** PostgreSQL's unique_violation: another account took the address between our check and our write. */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** Whether an account other than `userId`'s signs in with `email`. */
export const addressTaken = emailTakenByAnotherUser;

/**
 * Inside `verifyEmailWithToken`'s transaction: when the token is an email-change token, spends it and swaps the
 * new address in, if no other account took it meanwhile. Answers undefined for a token that is not an
 * email-change token. Used, expired or taken is the failed state: the old address still works, and the user asks
 * for the change again.
 */
export async function confirmEmailChange(
  transaction: Queryable,
  token: string,
): Promise<EmailVerificationResult | undefined> {
  const [stored] = await transaction.query<{
    id: string;
    userId: string;
    newEmail: string;
    used: boolean;
    expired: boolean;
  }>(
    `select id, user_id as "userId", new_email as "newEmail", used_at is not null as used,
            expires_at <= now() as expired
     from email_change_tokens where token_hash = $1
     for update`,
    [hashOneTimeToken(token)],
  );
  if (!stored) return undefined;
  if (stored.used || stored.expired) return { outcome: 'invalid' };
  await transaction.query('update email_change_tokens set used_at = now() where id = $1', [stored.id]);
  if (await addressTaken(transaction, stored.newEmail, stored.userId)) return { outcome: 'invalid' };
  await replaceEmailWithVerified(transaction, stored.userId, stored.newEmail);
  return { outcome: 'verified', email: stored.newEmail, emailChanged: true };
}
