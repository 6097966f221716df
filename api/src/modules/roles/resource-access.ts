import {
  can,
  type PermissionAction,
  type PermissionResource,
  type ResourceGrant,
  resourceRolePolicy,
} from '@dcipher/shared/domain';
import type { Queryable } from '../../db/database.js';
import { ForbiddenError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import { findGrantRole } from './roles-repository.js';

/**
 * Who may do what on one shared resource (a workflow, a project...): the permission policy's `can` with the caller's
 * role on that resource, for every module whose items are resources (roles, flows; docs/decisions/0038, 0120).
 */

/** A resource as access needs it: its id, owner and public role. */
export interface AccessedResource {
  id: string;
  ownerUserId: string;
  publicRole: string | null;
}

/** Every role a caller can have on one resource. */
export const resourceGrants = Object.keys(resourceRolePolicy) as ResourceGrant[];

/** The caller as the permission policy sees them. */
export const subjectOf = (caller: AuthenticatedUser) => ({
  kind: 'user' as const,
  role: caller.role,
  internalAdmin: caller.internalAdmin,
});

/** The caller's role on one resource: owner, their grant, or the resource's public role. */
export async function resourceRoleOf(
  queryable: Queryable,
  caller: AuthenticatedUser,
  resource: AccessedResource,
): Promise<ResourceGrant | undefined> {
  if (resource.ownerUserId === caller.id) return 'owner';
  const grant = await findGrantRole(queryable, resource.id, caller.id);
  if (grant) return grant;
  return resource.publicRole ? 'public' : undefined;
}

/** May the caller do `action` on a resource of `type` on which their role is `resourceRole`? */
export function allows(
  caller: AuthenticatedUser,
  type: PermissionResource,
  action: PermissionAction,
  resourceRole?: ResourceGrant | null,
): boolean {
  return can(subjectOf(caller), type, action, { ...(resourceRole && { resourceRole }) });
}

/**
 * The resource and the caller's role on it, if they may do `action` on it: `notFound()` when there is none or they
 * may not even read it (they are not told it exists), 403 when they may read it but not do `action`.
 */
export async function requireAccess<TResource extends AccessedResource>(
  queryable: Queryable,
  caller: AuthenticatedUser,
  type: PermissionResource,
  resource: TResource | undefined,
  action: PermissionAction,
  notFound: () => Error,
): Promise<{ resource: TResource; resourceRole: ResourceGrant | undefined }> {
  if (!resource) throw notFound();
  const resourceRole = await resourceRoleOf(queryable, caller, resource);
  if (!allows(caller, type, 'read', resourceRole)) throw notFound();
  if (!allows(caller, type, action, resourceRole)) {
    throw new ForbiddenError({ reason: 'resourcePermission', action });
  }
  return { resource, resourceRole };
}

/**
 * The roles on a resource of `type` with which the caller may do every one of `actions`, to filter a list in SQL;
 * `any` when their organization role lets them whatever their role on the item (an admin).
 */
export function rolesAllowing(
  caller: AuthenticatedUser,
  type: PermissionResource,
  actions: readonly PermissionAction[],
): readonly ResourceGrant[] | 'any' {
  const allowed = (role: ResourceGrant | undefined) =>
    actions.every((action) => allows(caller, type, action, role));
  return allowed(undefined) ? 'any' : resourceGrants.filter(allowed);
}
