import type { Database, Queryable } from '../../db/database.js';

/** A stored configuration, the client secret included: only the SSO service reads this. */
export interface StoredSsoConfig {
  organizationId: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  emailDomains: string[];
  createdAt: Date;
  updatedAt: Date;
}

const selectConfig = `
  select organization_id as "organizationId", issuer_url as "issuerUrl", client_id as "clientId",
         client_secret as "clientSecret", email_domains as "emailDomains", created_at as "createdAt",
         updated_at as "updatedAt"
  from sso_configs`;

// Any constant works; every configuration write takes it, so two organizations cannot claim one domain at once.
const configWriteLockKey = 7_245_310_015;

export async function findSsoConfigOfOrganization(
  database: Queryable,
  organizationId: string,
): Promise<StoredSsoConfig | undefined> {
  const [config] = await database.query<StoredSsoConfig>(`${selectConfig} where organization_id = $1`, [
    organizationId,
  ]);
  return config;
}

/** The configuration that signs in users of `domain` (lower case), if any organization set one up. */
export async function findSsoConfigForEmailDomain(
  database: Queryable,
  domain: string,
): Promise<StoredSsoConfig | undefined> {
  const [config] = await database.query<StoredSsoConfig>(
    `${selectConfig} where email_domains @> array[$1::text]`,
    [domain],
  );
  return config;
}

export interface SsoConfigWrite {
  organizationId: string;
  issuerUrl: string;
  clientId: string;
  /** Left out: the stored secret is kept. */
  clientSecret: string | undefined;
  emailDomains: string[];
}

export type SsoConfigWriteResult =
  | { outcome: 'saved'; config: StoredSsoConfig }
  /** Another organization's configuration has this domain. */
  | { outcome: 'domainTaken'; domain: string }
  /** No secret given and none stored. */
  | { outcome: 'secretRequired' };

/**
 * Creates or replaces the organization's configuration. Domain uniqueness across configurations is checked under
 * a transaction-scoped advisory lock, as an array column cannot carry a unique constraint.
 */
export function saveSsoConfig(database: Database, write: SsoConfigWrite): Promise<SsoConfigWriteResult> {
  return database.transaction(async (transaction) => {
    await transaction.query('select pg_advisory_xact_lock($1)', [configWriteLockKey]);
    const [taken] = await transaction.query<{ domain: string }>(
      `select domain from sso_configs, unnest(email_domains) as domain
       where organization_id <> $1 and domain = any($2::text[])
       order by domain limit 1`,
      [write.organizationId, write.emailDomains],
    );
    if (taken) return { outcome: 'domainTaken', domain: taken.domain };

    const [config] = await transaction.query<StoredSsoConfig>(
      `insert into sso_configs as current (organization_id, issuer_url, client_id, client_secret, email_domains)
       select $1, $2, $3, coalesce($4, (select client_secret from sso_configs where organization_id = $1)), $5
       where $4::text is not null or exists (select 1 from sso_configs where organization_id = $1)
       on conflict (organization_id) do update set
         issuer_url = excluded.issuer_url, client_id = excluded.client_id,
         client_secret = excluded.client_secret, email_domains = excluded.email_domains, updated_at = now()
       returning organization_id as "organizationId", issuer_url as "issuerUrl", client_id as "clientId",
                 client_secret as "clientSecret", email_domains as "emailDomains", created_at as "createdAt",
                 updated_at as "updatedAt"`,
      [write.organizationId, write.issuerUrl, write.clientId, write.clientSecret ?? null, write.emailDomains],
    );
    return config ? { outcome: 'saved', config } : { outcome: 'secretRequired' };
  });
}

/** Answers whether there was a configuration to delete. Pending login attempts then fail at the callback. */
export async function deleteSsoConfig(database: Queryable, organizationId: string): Promise<boolean> {
  const deleted = await database.query('delete from sso_configs where organization_id = $1 returning id', [
    organizationId,
  ]);
  return deleted.length > 0;
}
