import { createHash } from 'node:crypto';
import type { ApiKeyKind } from '@dcipher/shared/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';

export interface StoredApiKey {
  id: string;
  organizationId: string;
  createdBy: string;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  createdAt: Date;
  rotatedAt: Date | null;
  lastUsedAt: Date | null;
}

const columns = [
  'id',
  'organizationId',
  'createdBy',
  'kind',
  'name',
  'prefix',
  'createdAt',
  'rotatedAt',
  'lastUsedAt',
] as const satisfies readonly (keyof StoredApiKey)[];

/** The stored form of a secret: SHA-256 (the secret is 256 random bits, so no slow hash is needed). */
export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function listApiKeys(
  database: Queryable,
  organizationId: string,
  kind: ApiKeyKind,
): Promise<StoredApiKey[]> {
  return db(database)
    .selectFrom('apiKeys')
    .select(columns)
    .where('organizationId', '=', organizationId)
    .where('kind', '=', kind)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function countApiKeys(database: Queryable, organizationId: string, kind: ApiKeyKind) {
  const { count } = await db(database)
    .selectFrom('apiKeys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organizationId', '=', organizationId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertApiKey(
  database: Queryable,
  key: {
    organizationId: string;
    createdBy: string;
    kind: ApiKeyKind;
    name: string;
    prefix: string;
    secretHash: string;
  },
): Promise<StoredApiKey> {
  return db(database)
    .insertInto('apiKeys')
    .values({
      organizationId: key.organizationId,
      createdBy: key.createdBy,
      kind: key.kind,
      name: key.name,
      prefix: key.prefix,
      secretHash: key.secretHash,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** One key of the organization, of that kind: another organization's key is not found, like a missing one. */
export async function findApiKey(
  database: Queryable,
  where: { id: string; organizationId: string; kind: ApiKeyKind },
): Promise<StoredApiKey | undefined> {
  if (!isUuid(where.id)) return undefined;
  return db(database)
    .selectFrom('apiKeys')
    .select(columns)
    .where('id', '=', where.id)
    .where('organizationId', '=', where.organizationId)
    .where('kind', '=', where.kind)
    .executeTakeFirst();
}

export async function renameApiKey(database: Queryable, id: string, name: string): Promise<StoredApiKey> {
  return db(database)
    .updateTable('apiKeys')
    .set({ name })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** Replaces the secret: the old one stops working with this statement. */
export async function rotateApiKey(
  database: Queryable,
  id: string,
  secret: { prefix: string; secretHash: string },
): Promise<StoredApiKey> {
  return db(database)
    .updateTable('apiKeys')
    .set({ prefix: secret.prefix, secretHash: secret.secretHash, rotatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function deleteApiKey(database: Queryable, id: string): Promise<void> {
  await db(database).deleteFrom('apiKeys').where('id', '=', id).execute();
}

/** The key a secret belongs to, marking it used now. */
export async function useApiKey(database: Queryable, secret: string): Promise<StoredApiKey | undefined> {
  return db(database)
    .updateTable('apiKeys')
    .set({ lastUsedAt: sql<Date>`now()` })
    .where('secretHash', '=', hashApiKeySecret(secret))
    .returning(columns)
    .executeTakeFirst();
}
