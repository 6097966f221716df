import type { Migration } from './migration.js';

/**
 * The billing scheduler (docs/decisions/0040): a subscription whose period has ended is renewed by whichever API
 * process claims its row first (`for update skip locked`); a failed renewal is retried on a schedule and then marked
 * `past_due` ("Payment problem"). `billing_notices` remembers which one-off emails went out (a trial's end), so a
 * notice is sent once whatever the number of processes or restarts. `local_gateway_charges` is the local test
 * gateway's ledger: like a real gateway it remembers idempotency keys across restarts.
 */
export const billingSchedulerMigration: Migration = {
  version: '0030-billing-scheduler',
  sql: /* sql */ `
    alter table subscriptions
      add column renewal_attempts integer not null default 0 check (renewal_attempts >= 0),
      add column next_attempt_at timestamptz;
    create index subscriptions_due_index on subscriptions (current_period_end) where status = 'active';

    create table billing_notices (
      organization_id uuid not null references organizations (id) on delete cascade,
      kind text not null,
      notice_key text not null,
      sent_at timestamptz not null default now(),
      primary key (organization_id, kind, notice_key)
    );

    create table local_gateway_charges (
      idempotency_key text primary key,
      reference text not null unique,
      amount integer not null check (amount > 0),
      currency text not null,
      charged_at timestamptz not null default now()
    );
  `,
};
