import { createHash } from 'node:crypto';
import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';
import {
  exportSessionsAndSignInHistory,
  exportTwoStepVerificationStatus,
} from './account-security-export.js';

/** The user's sessions (refresh token families): when each began, was last renewed, ends, and whether it ended. */
export const sessionPersonalData: PersonalDataSection = {
  name: 'sessions',
  async collect(database, { userId }) {
    const rows = await db(database)
      .selectFrom('refreshTokens')
      .select(({ eb, fn }) => [
        fn.min('createdAt').as('startedAt'),
        fn.max('createdAt').as('lastRenewedAt'),
        fn.max('expiresAt').as('expiresAt'),
        fn<boolean>('bool_or', [eb('revokedAt', 'is not', null)]).as('revoked'),
      ])
      .where('userId', '=', userId)
      .groupBy('familyId')
      .orderBy(({ fn }) => fn.min('createdAt'))
      .execute();
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
    const row = await db(database)
      .selectFrom('signInFailures')
      .select(['consecutiveFailures', 'lastFailureAt'])
      .where('accountKey', '=', signInAccountKey(email))
      .executeTakeFirst();
    return row ? { ...row, lastFailureAt: isoDate(row.lastFailureAt) } : null;
  },
  async erase(transaction, { email, userId }) {
    await db(transaction)
      .deleteFrom('signInFailures')
      .where('accountKey', '=', signInAccountKey(email))
      .execute();
    // Per-address and per-user rate-limit counters (emails sent to the address, renewal requests...).
    await db(transaction).deleteFrom('rateLimitWindows').where('clientKey', 'in', [email, userId]).execute();
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
