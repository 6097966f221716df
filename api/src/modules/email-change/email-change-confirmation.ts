import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { hashOneTimeToken } from '../identity/one-time-tokens.js';
import { emailTakenByAnotherUser, replaceEmailWithVerified } from '../people/user-repository.js';
import type { EmailVerificationResult } from '../registration/email-verification-result.js';

// The email-change links arrive at registration's verification endpoint (one link page for both): this module
// registers `confirmEmailChange` with registration's `acceptVerificationLinks` (docs/decisions/0110).

/** Whether an account other than `userId`'s signs in with `email`. */
export const addressTaken = emailTakenByAnotherUser;

/**
 * Inside the verification endpoint's transaction (registration's `verifyEmailWithToken`): when the token is an
 * email-change token, spends it and swaps the new address in, if no other account took it meanwhile. Answers undefined for a token that is not an
 * email-change token. Used, expired or taken is the failed state: the old address still works, and the user asks
 * for the change again.
 */
export async function confirmEmailChange(
  transaction: Queryable,
  token: string,
): Promise<EmailVerificationResult | undefined> {
  const stored = await db(transaction)
    .selectFrom('emailChangeTokens')
    .select(({ eb }) => [
      'id',
      'userId',
      'newEmail',
      eb('usedAt', 'is not', null).as('used'),
      eb('expiresAt', '<=', sql<Date>`now()`).as('expired'),
    ])
    .where('tokenHash', '=', hashOneTimeToken(token))
    .forUpdate()
    .executeTakeFirst();
  if (!stored) return undefined;
  if (stored.used || stored.expired) return { outcome: 'invalid' };
  await db(transaction)
    .updateTable('emailChangeTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('id', '=', stored.id)
    .execute();
  if (await addressTaken(transaction, stored.newEmail, stored.userId)) return { outcome: 'invalid' };
  await replaceEmailWithVerified(transaction, stored.userId, stored.newEmail);
  return { outcome: 'verified', email: stored.newEmail, emailChanged: true };
}
