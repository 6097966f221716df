import type { Migration } from './migration.js';

/**
 * Password recovery and sign-in protection. The one-time tokens of emailed password reset links (SHA-256 only,
 * like the other tokens), and the failed sign-ins per account that slow down password guessing. That count is
 * keyed by a SHA-256 of the typed address, known or not, so it reveals no accounts and keeps no typed addresses;
 * a successful sign-in deletes the row, and rows idle for a day are purged.
 */
export const recoveryAndSignInProtectionMigration: Migration = {
  version: '0008-recovery-and-sign-in-protection',
  sql: /* sql */ `
    create table password_reset_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index password_reset_tokens_user_id_index on password_reset_tokens (user_id);

    create table sign_in_failures (
      account_key text primary key,
      consecutive_failures integer not null check (consecutive_failures >= 0),
      last_failure_at timestamptz not null,
      delayed_until timestamptz
    );
    create index sign_in_failures_last_failure_at_index on sign_in_failures (last_failure_at);
  `,
};
