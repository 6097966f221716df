import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';
import { listSignInHistory, signInAttemptsKeptPerUser } from './sign-in-history.js';

/**
 * The user's sessions (live or ended, as long as they are kept) and every kept sign-in attempt, for the data
 * export (`GET /account/export`). Session and token secrets are not part of it.
 */
export async function exportSessionsAndSignInHistory(database: Queryable, userId: string) {
  const sessions = await db(database)
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'lastActiveAt', 'userAgent', 'ipAddress', 'browser', 'os'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
  return {
    sessions: sessions.map((session) => ({
      ...session,
      createdAt: new Date(session.createdAt).toISOString(),
      lastActiveAt: new Date(session.lastActiveAt).toISOString(),
    })),
    signInHistory: await listSignInHistory(database, userId, signInAttemptsKeptPerUser),
  };
}

/** Whether two-step verification is on, since when, and how many recovery codes are left; never the secret or codes. */
export async function exportTwoStepVerificationStatus(database: Queryable, userId: string) {
  const row = await db(database)
    .selectFrom('twoFactorSettings')
    .select(({ selectFrom }) => [
      'enabledAt',
      selectFrom('twoFactorRecoveryCodes')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('twoFactorRecoveryCodes.userId', '=', userId)
        .where('usedAt', 'is', null)
        .as('remaining'),
    ])
    .where('twoFactorSettings.userId', '=', userId)
    .where('secret', 'is not', null)
    .executeTakeFirst();
  return {
    enabled: row !== undefined,
    enabledAt: row?.enabledAt ? new Date(row.enabledAt).toISOString() : null,
    recoveryCodesRemaining: Number(row?.remaining ?? 0),
  };
}
