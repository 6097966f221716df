import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { hashOneTimeToken, newOneTimeToken } from '../identity/one-time-tokens.js';
import { replaceUnverifiedEmail as replaceUnverifiedUserEmail } from '../people/user-repository.js';
import { issueEmailVerificationToken } from '../registration/email-verification-tokens.js';
import { addressTaken } from './email-change-confirmation.js';

/** How long the link confirming a new address works: as long as a sign-up verification link. */
export const emailChangeLinkLifetimeHours = 24;

/**
 * An unverified user's wrong address is simply replaced, and a new verification link issued for the new one
 * (the earlier links stop working). Answers the link's token, or undefined when another account has the address
 * (nothing changes then).
 */
export async function replaceUnverifiedEmail(
  database: Database,
  userId: string,
  newEmail: string,
): Promise<string | undefined> {
  try {
    return await database.transaction(async (transaction) => {
      if (!(await replaceUnverifiedUserEmail(transaction, userId, newEmail))) return undefined;
      await db(transaction).deleteFrom('emailChangeTokens').where('userId', '=', userId).execute();
      return issueEmailVerificationToken(transaction, userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** The address a pending change (unused, unexpired) would switch the user to, if any. */
export async function findPendingEmailChange(
  database: Queryable,
  userId: string,
): Promise<string | undefined> {
  const pending = await db(database)
    .selectFrom('emailChangeTokens')
    .select('newEmail')
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return pending?.newEmail;
}

/**
 * A verified user's new address waits until its owner opens the link: the pending change is stored with a
 * one-time token (32 random bytes, base64url, only the SHA-256 kept, valid 24 hours by the database's clock),
 * replacing any earlier pending change. Answers the token, or undefined when another account has the address.
 */
export async function startEmailChange(
  database: Database,
  userId: string,
  newEmail: string,
): Promise<string | undefined> {
  return database.transaction(async (transaction) => {
    if (await addressTaken(transaction, newEmail, userId)) return undefined;
    const token = newOneTimeToken();
    await db(transaction).deleteFrom('emailChangeTokens').where('userId', '=', userId).execute();
    await db(transaction)
      .insertInto('emailChangeTokens')
      .values({
        userId,
        newEmail,
        tokenHash: hashOneTimeToken(token),
        expiresAt: sql<Date>`now() + ${emailChangeLinkLifetimeHours}::integer * interval '1 hour'`,
      })
      .execute();
    return token;
  });
}
