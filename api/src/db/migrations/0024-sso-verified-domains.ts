import type { Migration } from './migration.js';

/**
 * SSO with verified domains only (docs/decisions/0036). Each email domain of a configuration gets a row here with
 * the token its DNS TXT record must hold; SSO sign-in routes a domain only once `verified_at` is set. At most one
 * organization holds a domain verified (the partial unique index); unverified claims, any number of them, block
 * no one. Domains configured before this were never proven: they start unverified, so their sign-ins stop until an
 * admin of the organization adds the TXT record (the secure default after the claimed-domain finding).
 *
 * `client_secret` now holds `v1:<iv>:<tag>:<ciphertext>` (AES-256-GCM under `SSO_SECRET_KEY`); secrets stored as
 * given before this are encrypted by the API when it starts, as the key is configuration, not SQL.
 *
 * `require_sso`: members whose address is in a verified domain must sign in through the identity provider.
 */
export const ssoVerifiedDomainsMigration: Migration = {
  version: '0024-sso-verified-domains',
  sql: /* sql */ `
    alter table sso_configs add column require_sso boolean not null default false;

    create table sso_domains (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      domain text not null,
      verification_token text not null,
      verified_at timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, domain)
    );
    create unique index sso_domains_verified_domain_index on sso_domains (domain) where verified_at is not null;

    insert into sso_domains (organization_id, domain, verification_token)
    select organization_id, domain,
           replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
    from sso_configs, unnest(email_domains) as domain
    on conflict do nothing;
  `,
};
