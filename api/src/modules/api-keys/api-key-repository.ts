import { createHash } from 'node:crypto';
import type { ApiKeyKind } from '@dcipher/shared/contract';
import type { Database, Queryable } from '../../db/database.js';

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

const columns = `id, organization_id as "organizationId", created_by as "createdBy", kind, name, prefix,
  created_at as "createdAt", rotated_at as "rotatedAt", last_used_at as "lastUsedAt"`;

/** The stored form of a secret: SHA-256 (the secret is 256 random bits, so no slow hash is needed). */
export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export async function listApiKeys(
  database: Queryable,
  organizationId: string,
  kind: ApiKeyKind,
): Promise<StoredApiKey[]> {
  return database.query<StoredApiKey>(
    `select ${columns} from api_keys where organization_id = $1 and kind = $2 order by created_at, id`,
    [organizationId, kind],
  );
}

export async function countApiKeys(database: Queryable, organizationId: string, kind: ApiKeyKind) {
  const [row] = await database.query<{ count: number }>(
    'select count(*)::integer as count from api_keys where organization_id = $1 and kind = $2',
    [organizationId, kind],
  );
  return row?.count ?? 0;
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
  const [row] = await database.query<StoredApiKey>(
    `insert into api_keys (organization_id, created_by, kind, name, prefix, secret_hash)
     values ($1, $2, $3, $4, $5, $6) returning ${columns}`,
    [key.organizationId, key.createdBy, key.kind, key.name, key.prefix, key.secretHash],
  );
  if (!row) throw new Error('the API key was not stored');
  return row;
}

/** One key of the organization, of that kind: another organization's key is not found, like a missing one. */
export async function findApiKey(
  database: Queryable,
  where: { id: string; organizationId: string; kind: ApiKeyKind },
): Promise<StoredApiKey | undefined> {
  if (!isUuid(where.id)) return undefined;
  const [row] = await database.query<StoredApiKey>(
    `select ${columns} from api_keys where id = $1 and organization_id = $2 and kind = $3`,
    [where.id, where.organizationId, where.kind],
  );
  return row;
}

export async function renameApiKey(database: Queryable, id: string, name: string): Promise<StoredApiKey> {
  const [row] = await database.query<StoredApiKey>(
    `update api_keys set name = $2 where id = $1 returning ${columns}`,
    [id, name],
  );
  if (!row) throw new Error('the API key vanished');
  return row;
}

/** Replaces the secret: the old one stops working with this statement. */
export async function rotateApiKey(
  database: Queryable,
  id: string,
  secret: { prefix: string; secretHash: string },
): Promise<StoredApiKey> {
  const [row] = await database.query<StoredApiKey>(
    `update api_keys set prefix = $2, secret_hash = $3, rotated_at = now() where id = $1 returning ${columns}`,
    [id, secret.prefix, secret.secretHash],
  );
  if (!row) throw new Error('the API key vanished');
  return row;
}

export async function deleteApiKey(database: Queryable, id: string): Promise<void> {
  await database.query('delete from api_keys where id = $1', [id]);
}

/** The key a secret belongs to, marking it used now. */
export async function useApiKey(database: Database, secret: string): Promise<StoredApiKey | undefined> {
  const [row] = await database.query<StoredApiKey>(
    `update api_keys set last_used_at = now() where secret_hash = $1 returning ${columns}`,
    [hashApiKeySecret(secret)],
  );
  return row;
}
