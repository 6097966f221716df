import type { Migration } from './migration.js';

/**
 * The organization's own billing details (`/billing`, docs/decisions/0039): when set, invoices are addressed with
 * them and VAT follows their country, type and VAT number; without them the paying card's details apply.
 */
export const billingDetailsMigration: Migration = {
  version: '0031-billing-details',
  sql: /* sql */ `
    create table billing_details (
      organization_id uuid primary key references organizations (id) on delete cascade,
      company text,
      address text not null,
      country text not null check (country ~ '^[A-Z]{2}$'),
      vat_number text,
      billing_type text not null check (billing_type in ('Individual', 'Business')),
      updated_at timestamptz not null default now()
    );
  `,
};
