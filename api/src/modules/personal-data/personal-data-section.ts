import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** Whose data a section collects or erases. */
export interface PersonalDataSubject {
  userId: string;
  /** The account's sign-in address, lower case. */
  email: string;
  organizationId: string;
}

/**
 * What one module holds about a person (docs/decisions/0024). `collect` answers the section of the "download my
 * data" document (plain JSON, never a secret: no password hash, token or card number). `erase` removes, in the
 * deletion's transaction, what the module holds that the `users` row's `on delete cascade` foreign keys do not
 * reach (rows keyed by the email address); a module whose rows all reference users needs none.
 */
export interface PersonalDataSection {
  name: string;
  collect(database: Queryable, subject: PersonalDataSubject): Promise<unknown>;
  erase?(transaction: Queryable, subject: PersonalDataSubject): Promise<void>;
}

/** Dates as ISO strings, so that every section serialises the same way. */
export const isoDate = (value: Date | string | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();

/** The tables of one-time links, by their SQL names (what callers pass) and the names Kysely types them by. */
const oneTimeLinkTables = {
  email_verification_tokens: 'emailVerificationTokens',
  password_reset_tokens: 'passwordResetTokens',
  trial_reactivation_tokens: 'trialReactivationTokens',
} as const;

/**
 * When the user's one-time links of `table` (verification, reset, trial reactivation) were issued, until when they
 * worked and when they were used; never the token's hash.
 */
export async function oneTimeLinkHistory(
  database: Queryable,
  table: keyof typeof oneTimeLinkTables,
  userId: string,
) {
  const rows = await db(database)
    .selectFrom(oneTimeLinkTables[table])
    .select(['createdAt', 'expiresAt', 'usedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => ({
    createdAt: isoDate(row.createdAt),
    expiresAt: isoDate(row.expiresAt),
    usedAt: isoDate(row.usedAt),
  }));
}
