import type { Migration } from './migration.js';

/**
 * Trial reactivation: when an organization was last emailed a reactivation link (at most once per 30 days), and
 * the one-time tokens of those links, one per admin emailed, kept as SHA-256 only like every emailed token.
 */
export const trialReactivationMigration: Migration = {
  version: '0012-trial-reactivation',
  sql: /* sql */ `
    alter table organizations add column trial_reactivation_emailed_at timestamptz;

    create table trial_reactivation_tokens (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index trial_reactivation_tokens_organization_id_index on trial_reactivation_tokens (organization_id);
    create index trial_reactivation_tokens_user_id_index on trial_reactivation_tokens (user_id);
  `,
};
