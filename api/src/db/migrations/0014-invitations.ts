import type { Migration } from './migration.js';

/**
 * Invitations (docs/decisions/0019): one row per invited user, the user created with status `InvitationSent`, no
 * password and empty names until they accept. Only the SHA-256 of the emailed token is kept; resending replaces
 * the hash and the expiry in place, so earlier links stop working. `invited_by` is the admin who last sent it
 * (the one a renewal request goes to); it becomes null if that admin is deleted.
 */
export const invitationsMigration: Migration = {
  version: '0014-invitations',
  sql: /* sql */ `
    create table invitations (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null unique references users (id) on delete cascade,
      token_hash text not null unique,
      invited_by uuid references users (id) on delete set null,
      expires_at timestamptz not null,
      accepted_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index invitations_invited_by_index on invitations (invited_by);
  `,
};
