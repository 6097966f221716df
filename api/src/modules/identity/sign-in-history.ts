import {
  type SignInAttempt,
  type SignInMethod,
  type SignInOutcome,
  signInHistoryLength,
} from '@dcipher/shared/contract';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { describeUserAgent, type SignInContext } from './device-label.js';

/** Attempts kept per account: twice what the page shows, so pruning runs rarely matter. */
export const signInAttemptsKeptPerUser = signInHistoryLength * 2;

/**
 * Records one sign-in attempt on an existing account (never the typed password) and prunes the account's history
 * to its newest `signInAttemptsKeptPerUser`.
 */
export async function recordSignInAttempt(
  database: Queryable,
  userId: string,
  method: SignInMethod,
  outcome: SignInOutcome,
  context: SignInContext,
): Promise<void> {
  const { browser, os } = describeUserAgent(context.userAgent);
  await db(database)
    .insertInto('signInAttempts')
    .values({
      userId,
      method,
      outcome,
      userAgent: context.userAgent,
      ipAddress: context.ipAddress,
      browser,
      os,
    })
    .execute();
  await db(database)
    .deleteFrom('signInAttempts')
    .where('userId', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('signInAttempts')
        .select('id')
        .where('userId', '=', userId)
        .orderBy('attemptedAt', 'desc')
        .orderBy('id')
        .limit(signInAttemptsKeptPerUser),
    )
    .execute();
}

/** The account's newest attempts, newest first. */
export async function listSignInHistory(
  database: Queryable,
  userId: string,
  limit = signInHistoryLength,
): Promise<SignInAttempt[]> {
  const rows = await db(database)
    .selectFrom('signInAttempts')
    .select(['attemptedAt', 'method', 'outcome', 'browser', 'os', 'ipAddress'])
    .where('userId', '=', userId)
    .orderBy('attemptedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, attemptedAt: new Date(row.attemptedAt).toISOString() }));
}
