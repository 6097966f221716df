import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';

/** A stored configuration, the client secret included (sealed): only the SSO service reads this. */
export interface StoredSsoConfig {
  organizationId: string;
  issuerUrl: string;
  clientId: string;
  /** `v1:…` sealed with the SSO secret key (docs/decisions/0036); plain only for rows from before 0024. */
  clientSecret: string;
  emailDomains: string[];
  requireSso: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** One email domain of a configuration and its proof of control. */
export interface StoredSsoDomain {
  domain: string;
  verificationToken: string;
  verifiedAt: Date | null;
}

const configColumns = `organization_id as "organizationId", issuer_url as "issuerUrl", client_id as "clientId",
         client_secret as "clientSecret", email_domains as "emailDomains", require_sso as "requireSso",
         created_at as "createdAt", updated_at as "updatedAt"`;
const selectConfig = `select ${configColumns} from sso_configs`;

// Any constant works; every configuration write and domain verification takes it, so two organizations cannot
// verify one domain at once (the partial unique index would refuse the second anyway).
const configWriteLockKey = 7_245_310_015;

/** 256 random bits, the TXT record's token. */
const newVerificationToken = () => randomBytes(32).toString('base64url');

export async function findSsoConfigOfOrganization(
  database: Queryable,
  organizationId: string,
): Promise<StoredSsoConfig | undefined> {
  const [config] = await database.query<StoredSsoConfig>(`${selectConfig} where organization_id = $1`, [
    organizationId,
  ]);
  return config;
}

/**
 * The configuration that signs in users of `domain` (lower case): only one whose organization verified the
 * domain. Unverified claims route nothing, so claiming someone else's domain gains nothing.
 */
export async function findSsoConfigForEmailDomain(
  database: Queryable,
  domain: string,
): Promise<StoredSsoConfig | undefined> {
  const [config] = await database.query<StoredSsoConfig>(
    `${selectConfig} where organization_id = (
       select organization_id from sso_domains where domain = $1 and verified_at is not null
     ) and email_domains @> array[$1::text]`,
    [domain],
  );
  return config;
}

export async function listSsoDomains(
  database: Queryable,
  organizationId: string,
): Promise<StoredSsoDomain[]> {
  return database.query<StoredSsoDomain>(
    `select domain, verification_token as "verificationToken", verified_at as "verifiedAt"
     from sso_domains where organization_id = $1 order by domain`,
    [organizationId],
  );
}

/** Whether the organization verified `domain` (lower case) and still lists it: only then may SSO sign in its people. */
export async function isSsoDomainVerified(
  database: Queryable,
  organizationId: string,
  domain: string,
): Promise<boolean> {
  const [row] = await database.query(
    `select 1 from sso_domains d join sso_configs c on c.organization_id = d.organization_id
     where d.organization_id = $1 and d.domain = $2 and d.verified_at is not null
       and c.email_domains @> array[$2::text]`,
    [organizationId, domain],
  );
  return row !== undefined;
}

/** Whether the address must sign in through SSO: its organization requires it and verified its domain. */
export async function ssoRequiredFor(
  database: Queryable,
  organizationId: string,
  domain: string,
): Promise<boolean> {
  const [row] = await database.query(
    `select 1 from sso_configs c join sso_domains d on d.organization_id = c.organization_id
     where c.organization_id = $1 and c.require_sso and d.domain = $2 and d.verified_at is not null
       and c.email_domains @> array[$2::text]`,
    [organizationId, domain],
  );
  return row !== undefined;
}

export interface SsoConfigWrite {
  organizationId: string;
  issuerUrl: string;
  clientId: string;
  /** Sealed. Left out: the stored secret is kept. */
  clientSecret: string | undefined;
  emailDomains: string[];
  requireSso: boolean;
}

export type SsoConfigWriteResult =
  | { outcome: 'saved'; config: StoredSsoConfig; created: boolean; added: string[]; removed: string[] }
  /** Another organization verified this domain. */
  | { outcome: 'domainTaken'; domain: string }
  /** No secret given and none stored. */
  | { outcome: 'secretRequired' };

/**
 * Creates or replaces the organization's configuration and brings its domains in line: a new domain gets a row
 * with a fresh token (unverified), a dropped one loses its row (and its verification). A domain another
 * organization has verified is refused; one it merely claimed is not, as unverified claims must not block the
 * real owner. `fn` runs in the same transaction (the activity log's entries).
 */
export function saveSsoConfig(
  database: Database,
  write: SsoConfigWrite,
  fn: (transaction: Queryable, result: Extract<SsoConfigWriteResult, { outcome: 'saved' }>) => Promise<void>,
): Promise<SsoConfigWriteResult> {
  return database.transaction(async (transaction) => {
    await transaction.query('select pg_advisory_xact_lock($1)', [configWriteLockKey]);
    const [taken] = await transaction.query<{ domain: string }>(
      `select domain from sso_domains
       where organization_id <> $1 and verified_at is not null and domain = any($2::text[])
       order by domain limit 1`,
      [write.organizationId, write.emailDomains],
    );
    if (taken) return { outcome: 'domainTaken', domain: taken.domain };

    const existed = await findSsoConfigOfOrganization(transaction, write.organizationId);
    const [config] = await transaction.query<StoredSsoConfig>(
      `insert into sso_configs as current
         (organization_id, issuer_url, client_id, client_secret, email_domains, require_sso)
       select $1, $2, $3, coalesce($4, (select client_secret from sso_configs where organization_id = $1)), $5, $6
       where $4::text is not null or exists (select 1 from sso_configs where organization_id = $1)
       on conflict (organization_id) do update set
         issuer_url = excluded.issuer_url, client_id = excluded.client_id,
         client_secret = excluded.client_secret, email_domains = excluded.email_domains,
         require_sso = excluded.require_sso, updated_at = now()
       returning ${configColumns}`,
      [
        write.organizationId,
        write.issuerUrl,
        write.clientId,
        write.clientSecret ?? null,
        write.emailDomains,
        write.requireSso,
      ],
    );
    if (!config) return { outcome: 'secretRequired' };

    const removed = await transaction.query<{ domain: string }>(
      `delete from sso_domains where organization_id = $1 and not (domain = any($2::text[]))
       returning domain`,
      [write.organizationId, write.emailDomains],
    );
    const added: string[] = [];
    for (const domain of write.emailDomains) {
      const inserted = await transaction.query(
        `insert into sso_domains (organization_id, domain, verification_token) values ($1, $2, $3)
         on conflict (organization_id, domain) do nothing returning id`,
        [write.organizationId, domain, newVerificationToken()],
      );
      if (inserted.length > 0) added.push(domain);
    }
    const result = {
      outcome: 'saved' as const,
      config,
      created: !existed,
      added,
      removed: removed.map((row) => row.domain).sort(),
    };
    await fn(transaction, result);
    return result;
  });
}

export type DomainVerificationMark =
  | { outcome: 'verified'; alreadyVerified: boolean }
  | { outcome: 'notClaimed' }
  | { outcome: 'takenElsewhere' };

/**
 * Marks the organization's claim on `domain` verified (the caller has seen the TXT record), unless another
 * organization verified it first. `fn` runs in the same transaction when it newly is.
 */
export function markSsoDomainVerified(
  database: Database,
  organizationId: string,
  domain: string,
  fn: (transaction: Queryable) => Promise<void>,
): Promise<DomainVerificationMark> {
  return database.transaction(async (transaction) => {
    await transaction.query('select pg_advisory_xact_lock($1)', [configWriteLockKey]);
    const [claim] = await transaction.query<{ verifiedAt: Date | null }>(
      'select verified_at as "verifiedAt" from sso_domains where organization_id = $1 and domain = $2',
      [organizationId, domain],
    );
    if (!claim) return { outcome: 'notClaimed' };
    if (claim.verifiedAt) return { outcome: 'verified', alreadyVerified: true };
    const [other] = await transaction.query(
      'select 1 from sso_domains where domain = $1 and organization_id <> $2 and verified_at is not null',
      [domain, organizationId],
    );
    if (other) return { outcome: 'takenElsewhere' };
    await transaction.query(
      'update sso_domains set verified_at = now() where organization_id = $1 and domain = $2',
      [organizationId, domain],
    );
    await fn(transaction);
    return { outcome: 'verified', alreadyVerified: false };
  });
}

/** Configurations whose secret is still stored as given (before 0024), to be sealed at start. */
export async function listPlainSecrets(
  database: Queryable,
): Promise<{ organizationId: string; clientSecret: string }[]> {
  return database.query(
    `select organization_id as "organizationId", client_secret as "clientSecret" from sso_configs
     where client_secret not like 'v1:%'`,
  );
}

export async function replaceSecret(
  database: Queryable,
  organizationId: string,
  plain: string,
  sealed: string,
): Promise<void> {
  await database.query(
    'update sso_configs set client_secret = $3 where organization_id = $1 and client_secret = $2',
    [organizationId, plain, sealed],
  );
}

/**
 * Answers whether there was a configuration to delete; its domains go with it (verified ones are free again).
 * Pending login attempts then fail at the callback. `fn` runs in the same transaction when there was one.
 */
export function deleteSsoConfig(
  database: Database,
  organizationId: string,
  fn: (transaction: Queryable) => Promise<void>,
): Promise<boolean> {
  return database.transaction(async (transaction) => {
    const deleted = await transaction.query(
      'delete from sso_configs where organization_id = $1 returning id',
      [organizationId],
    );
    if (deleted.length === 0) return false;
    await transaction.query('delete from sso_domains where organization_id = $1', [organizationId]);
    await fn(transaction);
    return true;
  });
}
