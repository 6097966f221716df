import type { ResourceRole } from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../db/ids.js';
import { db } from '../../db/kysely.js';

/** A resource (one item of a shareable kind) and its owner (docs/decisions/0038). */
export interface StoredResource {
  id: string;
  organizationId: string;
  type: string;
  name: string;
  ownerUserId: string;
  publicRole: string | null;
}

/** A role given on a resource: the owner is the owner, never a grant. */
export type GrantableRole = Exclude<ResourceRole, 'owner'>;

const resourceColumns = [
  'id',
  'organizationId',
  'type',
  'name',
  'ownerUserId',
  'publicRole',
] as const satisfies readonly (keyof StoredResource)[];

/** One resource of the organization, of that type; with `lock`, its row is locked for the transaction. */
export async function findResource(
  database: Queryable,
  where: { organizationId: string; type: string; id: string },
  { lock = false } = {},
): Promise<StoredResource | undefined> {
  if (!isUuid(where.id)) return undefined;
  return db(database)
    .selectFrom('resources')
    .select(resourceColumns)
    .where('id', '=', where.id)
    .where('type', '=', where.type)
    .where('organizationId', '=', where.organizationId)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The organization's resources, by name. */
export function listResources(database: Queryable, organizationId: string): Promise<StoredResource[]> {
  return db(database)
    .selectFrom('resources')
    .select(resourceColumns)
    .where('organizationId', '=', organizationId)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
}

/** Creates a resource with a fixed id unless it exists (the demo seed's, the tests'). */
export async function ensureResource(
  database: Queryable,
  resource: {
    id: string;
    organizationId: string;
    type: string;
    name: string;
    ownerUserId: string;
    publicRole?: 'viewer' | null;
  },
): Promise<void> {
  await db(database)
    .insertInto('resources')
    .values({
      id: resource.id,
      organizationId: resource.organizationId,
      type: resource.type,
      name: resource.name,
      ownerUserId: resource.ownerUserId,
      publicRole: resource.publicRole ?? null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Makes the resource readable by everyone in its organization (`viewer`), or private again (null). */
export async function setPublicRole(
  database: Queryable,
  resourceId: string,
  publicRole: 'viewer' | null,
): Promise<void> {
  await db(database).updateTable('resources').set({ publicRole }).where('id', '=', resourceId).execute();
}

/** Hands the resource to another owner. */
export async function setOwner(database: Queryable, resourceId: string, ownerUserId: string): Promise<void> {
  await db(database).updateTable('resources').set({ ownerUserId }).where('id', '=', resourceId).execute();
}

/** The role the user was given on the resource, if any. */
export async function findGrantRole(
  database: Queryable,
  resourceId: string,
  userId: string,
): Promise<ResourceRole | undefined> {
  const grant = await db(database)
    .selectFrom('resourceRoleGrants')
    .select('role')
    .where('resourceId', '=', resourceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return grant?.role;
}

/** The roles given on the resource, oldest first. */
export function listGrants(
  database: Queryable,
  resourceId: string,
): Promise<{ userId: string; role: ResourceRole }[]> {
  return db(database)
    .selectFrom('resourceRoleGrants')
    .select(['userId', 'role'])
    .where('resourceId', '=', resourceId)
    .orderBy('grantedAt')
    .execute();
}

/** Gives the user `role` on the resource, replacing the role they had. */
export async function upsertGrant(
  database: Queryable,
  grant: { resourceId: string; userId: string; role: GrantableRole },
): Promise<void> {
  await db(database)
    .insertInto('resourceRoleGrants')
    .values({ resourceId: grant.resourceId, userId: grant.userId, role: grant.role })
    .onConflict((oc) =>
      oc.columns(['resourceId', 'userId']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })),
    )
    .execute();
}

/** Changes the role the user holds on the resource; false when they hold none. */
export async function updateGrantRole(
  database: Queryable,
  grant: { resourceId: string; userId: string; role: GrantableRole },
): Promise<boolean> {
  const updated = await db(database)
    .updateTable('resourceRoleGrants')
    .set({ role: grant.role })
    .where('resourceId', '=', grant.resourceId)
    .where('userId', '=', grant.userId)
    .returning('role')
    .executeTakeFirst();
  return updated !== undefined;
}

export async function deleteGrant(database: Queryable, resourceId: string, userId: string): Promise<void> {
  await db(database)
    .deleteFrom('resourceRoleGrants')
    .where('resourceId', '=', resourceId)
    .where('userId', '=', userId)
    .execute();
}
