import type { Migration } from './migration.js';

/**
 * The wallet and add-ons (docs/decisions/0041). The balance is never stored: it is the sum of `credit_transactions`,
 * an append-only ledger (purchases, gifts, usage, resets), so every credit can be accounted for. Packages are
 * product data like the plans, seeded here.
 */
export const walletAndAddOnsMigration: Migration = {
  version: '0032-wallet-and-add-ons',
  sql: /* sql */ `
    create table wallet_packages (
      id text primary key,
      name text not null,
      credits integer not null check (credits > 0),
      price_usd integer not null check (price_usd > 0),
      price_eur integer not null check (price_eur > 0),
      price_gpb integer not null check (price_gpb > 0),
      sort_order integer not null
    );
    insert into wallet_packages values
      ('credits-2500', '2,500 credits', 2500, 2500, 2300, 2000, 1),
      ('credits-10000', '10,000 credits', 10000, 9000, 8300, 7200, 2),
      ('credits-50000', '50,000 credits', 50000, 40000, 37000, 32000, 3);

    create table credit_transactions (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      kind text not null check (kind in ('purchase', 'gift', 'usage', 'reset')),
      credits integer not null check (credits <> 0 or kind = 'reset'),
      description text not null,
      invoice_id uuid references invoices (id) on delete cascade,
      created_at timestamptz not null default now()
    );
    create index credit_transactions_organization_index on credit_transactions (organization_id, created_at);

    create table addon_packages (
      id text primary key,
      name text not null,
      description text not null,
      usage_category text not null,
      quantity integer not null check (quantity > 0),
      unit text not null,
      price_usd integer not null check (price_usd > 0),
      price_eur integer not null check (price_eur > 0),
      price_gpb integer not null check (price_gpb > 0),
      sort_order integer not null
    );
    insert into addon_packages values
      ('social-media-50k', 'Social media boost', '50,000 more social media posts this period', 'SocialMedia',
       50000, 'posts', 4900, 4500, 3900, 1),
      ('news-20k', 'News boost', '20,000 more news articles this period', 'News', 20000, 'articles', 3900, 3600,
       3100, 2),
      ('llm-5m', 'AI capacity', '5 million more LLM tokens this period', 'LLM', 5000000, 'tokens', 4500, 4100,
       3600, 3);

    create table addon_purchases (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      package_id text not null references addon_packages (id),
      valid_until timestamptz not null,
      invoice_id uuid not null references invoices (id) on delete cascade,
      created_at timestamptz not null default now()
    );
    create index addon_purchases_organization_index on addon_purchases (organization_id, valid_until);
  `,
};
