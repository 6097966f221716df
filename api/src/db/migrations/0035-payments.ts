import type { Migration } from './migration.js';

/**
 * Payments in two steps (docs/decisions/0055). Every charge is a `payments` row before the gateway is called:
 * - `pending`: recorded, the gateway may or may not have charged; at most one per organization (a partial unique
 *   index), so an organization's money operations run one at a time across every API process;
 * - `succeeded`: charged and invoiced (`invoice_id`), the purchase applied in the same transaction;
 * - `declined`: the gateway refused (its message kept, so a retry with the same key answers the same);
 * - `abandoned`: left pending, and the gateway says it never charged: nothing happened;
 * - `refunded`: charged, but could not be applied: the money went back.
 * `details` holds what the invoice and the purchase need, priced once: a retry with the same key, or the repair
 * job, finishes it with those amounts, never pricing again. `fingerprint` binds the idempotency key to what it
 * paid for (endpoint, item, quantity).
 *
 * Promo codes declare their rules (`once_per_organization`, `first_plan_only`); `promo_redemptions` records which
 * organization redeemed which code by which payment, taken before the charge and given back when it fails.
 * `subscriptions.period_amount` is what the current period was paid (before VAT, after discounts): unused time is
 * credited from it, not from the list price.
 */
export const paymentsMigration: Migration = {
  version: '0035-payments',
  sql: /* sql */ `
    create table payments (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      idempotency_key text not null,
      fingerprint text not null,
      purpose text not null check (purpose in ('subscription', 'credits', 'add-on', 'renewal')),
      status text not null check (status in ('pending', 'succeeded', 'declined', 'abandoned', 'refunded')),
      amount integer not null check (amount >= 0),
      currency text not null check (currency in ('usd', 'eur', 'gpb')),
      gateway_key text not null,
      gateway_token text,
      attempt integer not null default 1 check (attempt >= 1),
      details jsonb not null,
      promo_code text,
      payment_reference text,
      invoice_id uuid references invoices (id),
      failure text,
      lease_until timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (organization_id, idempotency_key)
    );
    create unique index payments_one_pending_per_organization on payments (organization_id)
      where status = 'pending';
    create index payments_pending_lease_index on payments (lease_until) where status = 'pending';

    alter table promo_codes
      add column once_per_organization boolean not null default true,
      add column first_plan_only boolean not null default false;
    update promo_codes set first_plan_only = true where code = 'WELCOME20';

    create table promo_redemptions (
      organization_id uuid not null references organizations (id) on delete cascade,
      code text not null references promo_codes (code),
      payment_id uuid not null references payments (id) on delete cascade,
      redeemed_at timestamptz not null default now(),
      primary key (organization_id, code, payment_id)
    );

    alter table subscriptions add column period_amount integer check (period_amount >= 0);

    alter table local_gateway_charges add column refunded_at timestamptz;
  `,
};
