import type { Queryable } from '../../db/database.js';

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

/**
 * When the user's one-time links of `table` (verification, reset, email change...) were issued, until when they
 * worked and when they were used; never the token's hash. `table` is a trusted table name, not input.
 */
export async function oneTimeLinkHistory(database: Queryable, table: string, userId: string) {
  const rows = await database.query<{ createdAt: Date; expiresAt: Date; usedAt: Date | null }>(
    `select created_at as "createdAt", expires_at as "expiresAt", used_at as "usedAt"
     from ${table} where user_id = $1 order by created_at`,
    [userId],
  );
  return rows.map((row) => ({
    createdAt: isoDate(row.createdAt),
    expiresAt: isoDate(row.expiresAt),
    usedAt: isoDate(row.usedAt),
  }));
}
