import {
  type SignInAttempt,
  type SignInMethod,
  type SignInOutcome,
  signInHistoryLength,
} from '@dcipher/shared/contract';
import type { Queryable } from '../../db/database.js';
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
  await database.query(
    `insert into sign_in_attempts (user_id, method, outcome, user_agent, ip_address, browser, os)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [userId, method, outcome, context.userAgent, context.ipAddress, browser, os],
  );
  await database.query(
    `delete from sign_in_attempts where user_id = $1 and id not in (
       select id from sign_in_attempts where user_id = $1 order by attempted_at desc, id limit $2)`,
    [userId, signInAttemptsKeptPerUser],
  );
}

/** The account's newest attempts, newest first. */
export async function listSignInHistory(
  database: Queryable,
  userId: string,
  limit = signInHistoryLength,
): Promise<SignInAttempt[]> {
  const rows = await database.query<Omit<SignInAttempt, 'attemptedAt'> & { attemptedAt: Date }>(
    `select attempted_at as "attemptedAt", method, outcome, browser, os, ip_address as "ipAddress"
     from sign_in_attempts where user_id = $1 order by attempted_at desc, id desc limit $2`,
    [userId, limit],
  );
  return rows.map((row) => ({ ...row, attemptedAt: new Date(row.attemptedAt).toISOString() }));
}
