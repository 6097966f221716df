import type { Migration } from './migration.js';

/**
 * Internal admins (Dcipher staff) and suspension. `internal_admin` is granted only by SQL or the API's
 * `grant-internal-admin` script, never through the API, so no customer can make themselves one; the flag is read
 * from the database on every call, so revoking it takes effect at once. A suspended user keeps their status
 * (InvitationSent or Active, the spec's two values) and is locked out while `suspended_at` is set.
 */
export const internalAdminsAndSuspensionMigration: Migration = {
  version: '0010-internal-admins-and-suspension',
  sql: /* sql */ `
    alter table users
      add column internal_admin boolean not null default false,
      add column suspended_at timestamptz;
  `,
};
