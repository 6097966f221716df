import { createHash } from 'node:crypto';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';
import {
  exportSessionsAndSignInHistory,
  exportTwoStepVerificationStatus,
} from './account-security-export.js';

/** The user's sessions (refresh token families): when each began, was last renewed, ends, and whether it ended. */
export const sessionPersonalData: PersonalDataSection = {
  name: 'sessions',
  async collect(database, { userId }) {
    const rows = await database.query<{
      startedAt: Date;
      lastRenewedAt: Date;
      expiresAt: Date;
      revoked: boolean;
    }>(
      `select min(created_at) as "startedAt", max(created_at) as "lastRenewedAt", max(expires_at) as "expiresAt",
              bool_or(revoked_at is not null) as revoked
       from refresh_tokens where user_id = $1
       group by family_id order by min(created_at)`,
      [userId],
    );
    return rows.map((row) => ({
      startedAt: isoDate(row.startedAt),
      lastRenewedAt: isoDate(row.lastRenewedAt),
      expiresAt: isoDate(row.expiresAt),
      revoked: row.revoked,
    }));
  },
};

/** Failed sign-ins counted against the address (sign-in protection), keyed by the address's SHA-256. */
export const signInFailurePersonalData: PersonalDataSection = {
  name: 'signInFailures',
  async collect(database, { email }) {
    const [row] = await database.query<{ consecutiveFailures: number; lastFailureAt: Date }>(
      `select consecutive_failures as "consecutiveFailures", last_failure_at as "lastFailureAt"
       from sign_in_failures where account_key = $1`,
      [signInAccountKey(email)],
    );
    return row ? { ...row, lastFailureAt: isoDate(row.lastFailureAt) } : null;
  },
  async erase(transaction, { email, userId }) {
    await transaction.query('delete from sign_in_failures where account_key = $1', [signInAccountKey(email)]);
    // Per-address and per-user rate-limit counters (emails sent to the address, renewal requests...).
    await transaction.query('delete from rate_limit_windows where client_key = any($1)', [[email, userId]]);
  },
};

/** The sign-in throttle's key for an address (see abuse/sign-in-throttle.ts). */
const signInAccountKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * The account-security view of the same person: the sessions as the privacy page lists them (browser, IP, last
 * active), every kept sign-in attempt, and whether two-step verification is on (never its secret or codes). Rows
 * reference the user, so deleting the user removes them (on delete cascade).
 */
export const accountSecurityPersonalData: PersonalDataSection = {
  name: 'accountSecurity',
  async collect(database, { userId }) {
    return {
      ...(await exportSessionsAndSignInHistory(database, userId)),
      twoStepVerification: await exportTwoStepVerificationStatus(database, userId),
    };
  },
};
