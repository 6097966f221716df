import type { Queryable } from '../../db/database.js';
import { listSignInHistory, signInAttemptsKeptPerUser } from './sign-in-history.js';

/**
 * The user's sessions (live or ended, as long as they are kept) and every kept sign-in attempt, for the data
 * export (`GET /account/export`). Session and token secrets are not part of it.
 */
export async function exportSessionsAndSignInHistory(database: Queryable, userId: string) {
  const sessions = await database.query<{
    id: string;
    createdAt: Date;
    lastActiveAt: Date;
    userAgent: string;
    ipAddress: string;
    browser: string;
    os: string;
  }>(
    `select id, created_at as "createdAt", last_active_at as "lastActiveAt", user_agent as "userAgent",
            ip_address as "ipAddress", browser, os
     from sessions where user_id = $1 order by created_at desc`,
    [userId],
  );
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
  const [row] = await database.query<{ enabledAt: Date | null; remaining: number }>(
    `select s.enabled_at as "enabledAt",
            (select count(*)::integer from two_factor_recovery_codes c where c.user_id = $1 and c.used_at is null)
              as remaining
     from two_factor_settings s where s.user_id = $1 and s.secret is not null`,
    [userId],
  );
  return {
    enabled: row !== undefined,
    enabledAt: row?.enabledAt ? new Date(row.enabledAt).toISOString() : null,
    recoveryCodesRemaining: row?.remaining ?? 0,
  };
}
