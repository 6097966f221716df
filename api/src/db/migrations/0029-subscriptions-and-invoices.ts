import type { Migration } from './migration.js';

/**
 * Subscriptions, invoices and promo codes (docs/decisions/0039). Money is integer minor units in the currency the
 * subscription was taken in (`usd`, `eur` or `gpb`, the spec's keys).
 * - One subscription per organization; the trial (`organizations.trial_ends_at`) precedes it.
 * - Invoice numbers come from one counter row, taken with `update … returning` inside the invoice's
 *   transaction: a rolled-back invoice never uses a number, so the sequence has no gaps (a `sequence` would).
 * - `idempotency_key` is unique per organization: a retried or double-clicked charge finds the first invoice.
 */
export const subscriptionsAndInvoicesMigration: Migration = {
  version: '0029-subscriptions-and-invoices',
  sql: /* sql */ `
    create table subscriptions (
      organization_id uuid primary key references organizations (id) on delete cascade,
      plan_id text not null references pricing_plans (id),
      currency text not null check (currency in ('usd', 'eur', 'gpb')),
      status text not null check (status in ('active', 'past_due', 'expired')),
      current_period_start timestamptz not null,
      current_period_end timestamptz not null check (current_period_end > current_period_start),
      -- A downgrade waits for the period's end; so does a cancellation. Both can be undone until then.
      scheduled_plan_id text references pricing_plans (id),
      cancel_at_period_end boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table invoice_number_counter (
      id boolean primary key default true check (id),
      last_number bigint not null
    );
    insert into invoice_number_counter (id, last_number) values (true, 0);

    create table invoices (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      number bigint not null unique,
      currency text not null check (currency in ('usd', 'eur', 'gpb')),
      period_start timestamptz not null,
      period_end timestamptz not null,
      lines jsonb not null,
      subtotal integer not null check (subtotal >= 0),
      discount integer not null check (discount >= 0 and discount <= subtotal),
      promo_code text,
      vat_rate_basis_points integer not null check (vat_rate_basis_points >= 0),
      reverse_charge boolean not null default false,
      vat integer not null check (vat >= 0),
      total integer not null check (total = subtotal - discount + vat),
      status text not null check (status in ('paid', 'open')),
      billing_country text not null,
      payment_reference text,
      idempotency_key text not null,
      issued_at timestamptz not null default now(),
      paid_at timestamptz,
      unique (organization_id, idempotency_key)
    );
    create index invoices_organization_issued_index on invoices (organization_id, issued_at);

    create table promo_codes (
      code text primary key check (code = upper(code)),
      kind text not null check (kind in ('percent', 'fixed')),
      percent integer check (percent between 1 and 100),
      amount_usd integer check (amount_usd > 0),
      amount_eur integer check (amount_eur > 0),
      amount_gpb integer check (amount_gpb > 0),
      -- Null: every plan.
      plan_ids text[],
      expires_at timestamptz,
      max_redemptions integer check (max_redemptions > 0),
      redemptions integer not null default 0,
      check (
        (kind = 'percent' and percent is not null and amount_usd is null)
        or (kind = 'fixed' and percent is null and amount_usd is not null and amount_eur is not null
            and amount_gpb is not null)
      ),
      check (max_redemptions is null or redemptions <= max_redemptions)
    );
    -- Product data, like the plans: the launch offers every environment knows.
    insert into promo_codes (code, kind, percent, plan_ids, expires_at, max_redemptions) values
      ('WELCOME20', 'percent', 20, null, null, null),
      ('ANNUAL10', 'percent', 10,
       array['starter-annual', 'professional-annual', 'business-annual'], null, 1000);
    insert into promo_codes (code, kind, amount_usd, amount_eur, amount_gpb, plan_ids, expires_at,
                             max_redemptions) values
      ('BUSINESS100', 'fixed', 10000, 9200, 8000, array['business-monthly', 'business-annual'], null, 500);
  `,
};
