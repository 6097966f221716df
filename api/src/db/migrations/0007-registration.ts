import type { Migration } from './migration.js';

/**
 * Self-service sign-up: an organization's size band and the end of its free trial, when a user confirmed their
 * email address, and the one-time tokens of the emailed verification links (kept as SHA-256 only, like refresh
 * tokens). Users who existed before sign-up had verification (the demo seed) count as verified since they were
 * created.
 */
export const registrationMigration: Migration = {
  version: '0007-registration',
  sql: /* sql */ `
    alter table organizations
      add column company_size text check (company_size in ('1-10', '10-25', '25-100', '100-1000', '1000+')),
      add column trial_ends_at timestamptz;

    alter table users add column email_verified_at timestamptz;
    update users set email_verified_at = created_at;

    create table email_verification_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index email_verification_tokens_user_id_index on email_verification_tokens (user_id);
  `,
};
