import type { Migration } from './migration.js';

/**
 * API keys (docs/decisions/0037). A key belongs to an organization and acts as the admin who created it (gone with
 * them). Only the SHA-256 of the secret is stored (the secret is 256 random bits, so a fast hash is enough);
 * `prefix` is its first characters, for recognising a key in the list. A revoked key is deleted: nothing of it is
 * kept but the activity log's entry. `kind` `research-bot` keys are only exchanged for research-bot tokens.
 */
export const apiKeysMigration: Migration = {
  version: '0025-api-keys',
  sql: /* sql */ `
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      created_by uuid not null references users (id) on delete cascade,
      kind text not null check (kind in ('general', 'research-bot')),
      name text not null,
      prefix text not null,
      secret_hash text not null unique,
      created_at timestamptz not null default now(),
      rotated_at timestamptz,
      last_used_at timestamptz
    );
    create index api_keys_organization_index on api_keys (organization_id, kind, created_at);
    create index api_keys_created_by_index on api_keys (created_by);
  `,
};
