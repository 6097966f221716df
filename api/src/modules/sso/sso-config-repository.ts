import { randomBytes } from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';
import { type DB, db } from '../../db/kysely.js';

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

const configColumns = [
  'organizationId',
  'issuerUrl',
  'clientId',
  'clientSecret',
  'emailDomains',
  'requireSso',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof StoredSsoConfig)[];

/** The configuration lists `domain` among its email domains. */
const listsDomain = ({ eb, val }: ExpressionBuilder<DB, 'ssoConfigs'>, domain: string) =>
  eb('ssoConfigs.emailDomains', '@>', val([domain]));

// Any constant works; every configuration write and domain verification takes it, so two organizations cannot
// verify one domain at once (the partial unique index would refuse the second anyway).
const configWriteLockKey = 7_245_310_015;

/** Takes the lock every configuration write and domain verification takes, until the transaction ends. */
async function lockConfigWrites(transaction: Queryable): Promise<void> {
  await sql`select pg_advisory_xact_lock(${configWriteLockKey})`.execute(db(transaction));
}

/** 256 random bits, the TXT record's token. */
const newVerificationToken = () => randomBytes(32).toString('base64url');

export async function findSsoConfigOfOrganization(
  database: Queryable,
  organizationId: string,
): Promise<StoredSsoConfig | undefined> {
  return db(database)
    .selectFrom('ssoConfigs')
    .select(configColumns)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
}

/**
 * The configuration that signs in users of `domain` (lower case): only one whose organization verified the
 * domain. Unverified claims route nothing, so claiming someone else's domain gains nothing.
 */
export async function findSsoConfigForEmailDomain(
  database: Queryable,
  domain: string,
): Promise<StoredSsoConfig | undefined> {
  return db(database)
    .selectFrom('ssoConfigs')
    .select(configColumns)
    .where('organizationId', '=', ({ selectFrom }) =>
      selectFrom('ssoDomains')
        .select('organizationId')
        .where('domain', '=', domain)
        .where('verifiedAt', 'is not', null),
    )
    .where((eb) => listsDomain(eb, domain))
    .executeTakeFirst();
}

export async function listSsoDomains(
  database: Queryable,
  organizationId: string,
): Promise<StoredSsoDomain[]> {
  return db(database)
    .selectFrom('ssoDomains')
    .select(['domain', 'verificationToken', 'verifiedAt'])
    .where('organizationId', '=', organizationId)
    .orderBy('domain')
    .execute();
}

/** Whether the organization verified `domain` (lower case) and still lists it: only then may SSO sign in its people. */
export async function isSsoDomainVerified(
  database: Queryable,
  organizationId: string,
  domain: string,
): Promise<boolean> {
  const row = await db(database)
    .selectFrom('ssoDomains')
    .innerJoin('ssoConfigs', 'ssoConfigs.organizationId', 'ssoDomains.organizationId')
    .select(({ lit }) => lit(1).as('verified'))
    .where('ssoDomains.organizationId', '=', organizationId)
    .where('ssoDomains.domain', '=', domain)
    .where('ssoDomains.verifiedAt', 'is not', null)
    .where((eb) => listsDomain(eb, domain))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the address must sign in through SSO: its organization requires it and verified its domain. */
export async function ssoRequiredFor(
  database: Queryable,
  organizationId: string,
  domain: string,
): Promise<boolean> {
  const row = await db(database)
    .selectFrom('ssoConfigs')
    .innerJoin('ssoDomains', 'ssoDomains.organizationId', 'ssoConfigs.organizationId')
    .select(({ lit }) => lit(1).as('required'))
    .where('ssoConfigs.organizationId', '=', organizationId)
    .where('ssoConfigs.requireSso', '=', true)
    .where('ssoDomains.domain', '=', domain)
    .where('ssoDomains.verifiedAt', 'is not', null)
    .where((eb) => listsDomain(eb, domain))
    .executeTakeFirst();
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
    await lockConfigWrites(transaction);
    const taken = await db(transaction)
      .selectFrom('ssoDomains')
      .select('domain')
      .where('organizationId', '<>', write.organizationId)
      .where('verifiedAt', 'is not', null)
      .where(({ eb, fn, val }) => eb('domain', '=', fn.any(val(write.emailDomains))))
      .orderBy('domain')
      .limit(1)
      .executeTakeFirst();
    if (taken) return { outcome: 'domainTaken', domain: taken.domain };

    const existed = await findSsoConfigOfOrganization(transaction, write.organizationId);
    const settings = {
      issuerUrl: write.issuerUrl,
      clientId: write.clientId,
      emailDomains: write.emailDomains,
      requireSso: write.requireSso,
    };
    // Without a new secret, only an existing configuration can be saved (keeping its secret).
    const config =
      write.clientSecret === undefined
        ? await db(transaction)
            .updateTable('ssoConfigs')
            .set({ ...settings, updatedAt: sql<Date>`now()` })
            .where('organizationId', '=', write.organizationId)
            .returning(configColumns)
            .executeTakeFirst()
        : await db(transaction)
            .insertInto('ssoConfigs')
            .values({ organizationId: write.organizationId, clientSecret: write.clientSecret, ...settings })
            .onConflict((conflict) =>
              conflict.column('organizationId').doUpdateSet(({ ref }) => ({
                issuerUrl: ref('excluded.issuerUrl'),
                clientId: ref('excluded.clientId'),
                clientSecret: ref('excluded.clientSecret'),
                emailDomains: ref('excluded.emailDomains'),
                requireSso: ref('excluded.requireSso'),
                updatedAt: sql<Date>`now()`,
              })),
            )
            .returning(configColumns)
            .executeTakeFirstOrThrow();
    if (!config) return { outcome: 'secretRequired' };

    const removed = await db(transaction)
      .deleteFrom('ssoDomains')
      .where('organizationId', '=', write.organizationId)
      .where(({ eb, fn, not, val }) => not(eb('domain', '=', fn.any(val(write.emailDomains)))))
      .returning('domain')
      .execute();
    const added: string[] = [];
    for (const domain of write.emailDomains) {
      const inserted = await db(transaction)
        .insertInto('ssoDomains')
        .values({ organizationId: write.organizationId, domain, verificationToken: newVerificationToken() })
        .onConflict((conflict) => conflict.columns(['organizationId', 'domain']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) added.push(domain);
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
    await lockConfigWrites(transaction);
    const claim = await db(transaction)
      .selectFrom('ssoDomains')
      .select('verifiedAt')
      .where('organizationId', '=', organizationId)
      .where('domain', '=', domain)
      .executeTakeFirst();
    if (!claim) return { outcome: 'notClaimed' };
    if (claim.verifiedAt) return { outcome: 'verified', alreadyVerified: true };
    const other = await db(transaction)
      .selectFrom('ssoDomains')
      .select(({ lit }) => lit(1).as('verified'))
      .where('domain', '=', domain)
      .where('organizationId', '<>', organizationId)
      .where('verifiedAt', 'is not', null)
      .executeTakeFirst();
    if (other) return { outcome: 'takenElsewhere' };
    await db(transaction)
      .updateTable('ssoDomains')
      .set({ verifiedAt: sql<Date>`now()` })
      .where('organizationId', '=', organizationId)
      .where('domain', '=', domain)
      .execute();
    await fn(transaction);
    return { outcome: 'verified', alreadyVerified: false };
  });
}

/** Configurations whose secret is still stored as given (before 0024), to be sealed at start. */
export async function listPlainSecrets(
  database: Queryable,
): Promise<{ organizationId: string; clientSecret: string }[]> {
  return db(database)
    .selectFrom('ssoConfigs')
    .select(['organizationId', 'clientSecret'])
    .where('clientSecret', 'not like', 'v1:%')
    .execute();
}

export async function replaceSecret(
  database: Queryable,
  organizationId: string,
  plain: string,
  sealed: string,
): Promise<void> {
  await db(database)
    .updateTable('ssoConfigs')
    .set({ clientSecret: sealed })
    .where('organizationId', '=', organizationId)
    .where('clientSecret', '=', plain)
    .execute();
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
    const deleted = await db(transaction)
      .deleteFrom('ssoConfigs')
      .where('organizationId', '=', organizationId)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) return false;
    await db(transaction).deleteFrom('ssoDomains').where('organizationId', '=', organizationId).execute();
    await fn(transaction);
    return true;
  });
}
