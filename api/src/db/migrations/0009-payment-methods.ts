import type { Migration } from './migration.js';

/**
 * An organization's payment cards. Never the card number or the CVC: the gateway keeps those and answers a token
 * (stored with the gateway's name, as a token works only with the gateway that issued it), the brand and the
 * last four digits. The billing details of the payment form are kept beside the card they were given with. At
 * most one card per organization is the default.
 */
export const paymentMethodsMigration: Migration = {
  version: '0009-payment-methods',
  sql: /* sql */ `
    create table payment_methods (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      gateway text not null,
      gateway_token text not null,
      brand text not null
        check (brand in ('visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'maestro', 'unknown')),
      last4 text not null check (last4 ~ '^[0-9]{4}$'),
      expiry_month smallint not null check (expiry_month between 1 and 12),
      expiry_year smallint not null check (expiry_year between 2000 and 2999),
      card_holder text not null,
      company text,
      address text not null,
      country text not null check (country ~ '^[A-Z]{2}$'),
      vat_number text,
      billing_type text not null check (billing_type in ('Individual', 'Business')),
      is_default boolean not null default false,
      created_at timestamptz not null default now(),
      unique (gateway, gateway_token)
    );
    create index payment_methods_organization_id_index on payment_methods (organization_id);
    create unique index payment_methods_one_default_index on payment_methods (organization_id) where is_default;
  `,
};
