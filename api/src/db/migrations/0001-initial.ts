import type { Migration } from './migration.js';

/** Organizations, their users and the users' refresh tokens: what sign-in and the account screen need. */
export const initialMigration: Migration = {
  version: '0001-initial',
  sql: /* sql */ `
    create table organizations (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      customer_type text not null check (customer_type in ('Individual', 'Business')),
      created_at timestamptz not null default now()
    );

    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null unique check (email = lower(email)),
      first_name text not null,
      last_name text not null,
      phone text,
      company text,
      job_title text,
      receive_emails boolean not null default false,
      -- null until an invited user chooses a password
      password_hash text,
      status text not null check (status in ('InvitationSent', 'Active')),
      organization_id uuid not null references organizations (id) on delete cascade,
      role text not null check (role in ('admin', 'teammate', 'guest')),
      requires_password_change boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index users_organization_id_index on users (organization_id);

    -- Refresh tokens are opaque; only their SHA-256 is kept. A family is one sign-in and every token rotated
    -- from it, so reuse of a spent token can end the whole session.
    create table refresh_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      family_id uuid not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index refresh_tokens_family_id_index on refresh_tokens (family_id);
    create index refresh_tokens_user_id_index on refresh_tokens (user_id);
  `,
};
