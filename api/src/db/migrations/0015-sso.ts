import type { Migration } from './migration.js';

/**
 * Single sign-on with OpenID Connect (docs/decisions/0020). One configuration per organization: its identity
 * provider's issuer, the client it registered there (the secret is kept as given, as the token request needs it,
 * and is never answered or logged) and the email domains whose users it signs in. A domain belongs to at most one
 * configuration: arrays cannot carry a unique constraint, so the API checks it under a transaction-scoped advisory
 * lock that every configuration write takes.
 *
 * A login attempt keeps what the callback needs to finish it: the state (SHA-256 only, as it travels in URLs), the
 * PKCE code verifier and the nonce; it works once, for 10 minutes.
 */
export const ssoMigration: Migration = {
  version: '0015-sso',
  sql: /* sql */ `
    create table sso_configs (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null unique references organizations (id) on delete cascade,
      issuer_url text not null,
      client_id text not null,
      client_secret text not null,
      email_domains text[] not null check (cardinality(email_domains) > 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index sso_configs_email_domains_index on sso_configs using gin (email_domains);

    create table sso_login_attempts (
      id uuid primary key default gen_random_uuid(),
      state_hash text not null unique,
      organization_id uuid not null references organizations (id) on delete cascade,
      code_verifier text not null,
      nonce text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index sso_login_attempts_expires_at_index on sso_login_attempts (expires_at);
  `,
};
