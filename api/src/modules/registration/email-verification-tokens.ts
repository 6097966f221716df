import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
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
  await db(database).deleteFrom('emailVerificationTokens').where('userId', '=', userId).execute();
  await db(database)
    .insertInto('emailVerificationTokens')
    .values({
      userId,
      tokenHash: hashOneTimeToken(token),
      expiresAt: sql<Date>`now() + ${emailVerificationLinkLifetimeHours}::integer * interval '1 hour'`,
    })
    .execute();
  return token;
}

export type { EmailVerificationResult };

/**
 * Another kind of link the verification page confirms (an email change's, docs/decisions/0016), asked first inside
 * the verification's transaction: its result, or undefined when the token is not one of its links. Registered with
 * `registration.acceptVerificationLinks` by the module that owns its tokens (docs/decisions/0110).
 */
export type VerificationLinkKind = (
  transaction: Queryable,
  token: string,
) => Promise<EmailVerificationResult | undefined>;

/**
 * Spends the token and marks its user's address verified, in one transaction. A token of another kind of link
 * (`otherKinds`: an email change's swaps the new address in, if no other account has it) is confirmed by its kind.
 */
export async function verifyEmailWithToken(
  database: Database,
  token: string,
  otherKinds: readonly VerificationLinkKind[] = [],
): Promise<EmailVerificationResult> {
  try {
    return await database.transaction(async (transaction) => {
      for (const confirm of otherKinds) {
        const confirmed = await confirm(transaction, token);
        if (confirmed) return confirmed;
      }
      return verifyAddressWithToken(transaction, token);
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
  const stored = await db(transaction)
    .selectFrom('emailVerificationTokens')
    .select((eb) => [
      'id',
      'userId',
      eb('usedAt', 'is not', null).$castTo<boolean>().as('used'),
      eb('expiresAt', '<=', sql<Date>`now()`).$castTo<boolean>().as('expired'),
    ])
    .where('tokenHash', '=', hashOneTimeToken(token))
    .forUpdate()
    .executeTakeFirst();
  const user = stored && (await findUserById(transaction, stored.userId));
  // A used link is "failed" even once it is also old: expiry only matters for a link that could still work.
  if (!stored || !user || stored.used) return { outcome: 'invalid' };
  if (stored.expired) return { outcome: 'expired' };

  await db(transaction)
    .updateTable('emailVerificationTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('id', '=', stored.id)
    .execute();
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
