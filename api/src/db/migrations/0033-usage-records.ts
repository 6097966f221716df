import type { Migration } from './migration.js';

/**
 * Use per usage category (docs/decisions/0042): each recorded use, with the credits it took from the wallet when it
 * went past the quota. A retried record (same key) is counted once.
 */
export const usageRecordsMigration: Migration = {
  version: '0033-usage-records',
  sql: /* sql */ `
    create table usage_records (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      usage_category text not null,
      quantity integer not null check (quantity > 0),
      credits_charged integer not null check (credits_charged >= 0),
      idempotency_key text not null,
      recorded_at timestamptz not null default now(),
      unique (organization_id, idempotency_key)
    );
    create index usage_records_period_index on usage_records (organization_id, usage_category, recorded_at);
  `,
};
