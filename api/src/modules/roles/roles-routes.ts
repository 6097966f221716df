import { contract, errorCodes, type ResourceSharing } from '@dcipher/shared/contract';
import {
  can,
  organizationRolePolicy,
  organizationRoles,
  type PermissionAction,
  type PermissionResource,
  permissionActions,
  type ResourceGrant,
  resourceRolePolicy,
} from '@dcipher/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../db/database.js';
import { ApiError, ValidationError } from '../../http/api-error.js';
import { type AuthenticatedUser, registerEndpoint } from '../../http/register-endpoint.js';
import { recordActivity } from '../activity-log/activity-log.js';
import type { MemberService } from '../members/member-service.js';
import { findActiveMemberByEmail, findNamedMembers, listActiveMembers } from '../people/resource-people.js';
import { allows, requireAccess, resourceRoleOf } from './resource-access.js';
import {
  deleteGrant,
  findResource,
  listGrants,
  listResources,
  type StoredResource,
  setOwner,
  setPublicRole,
  updateGrantRole,
  upsertGrant,
} from './roles-repository.js';

/** One resource of the caller's organization; another organization's, or none, is "not found" alike. */
function findResourceOf(
  database: Queryable,
  caller: AuthenticatedUser,
  type: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<StoredResource | undefined> {
  return findResource(database, { organizationId: caller.organizationId, type, id }, options);
}

const notFound = () => new ApiError(errorCodes.notFound, { params: { reason: 'resource' } });

/**
 * The roles calls (docs/decisions/0038). Every decision is the shared policy's `can(...)` with the caller's role on
 * the resource in question: one helper, `requireOn`, refuses what it does not allow; no handler compares roles.
 */
export function registerRolesRoutes(
  app: FastifyInstance,
  database: Database,
  members: Pick<MemberService, 'changeRole'>,
): void {
  async function requireOn(
    queryable: Queryable,
    caller: AuthenticatedUser,
    type: PermissionResource,
    id: string,
    action: PermissionAction,
    options: { lock?: boolean } = {},
  ): Promise<StoredResource> {
    const found = await findResourceOf(queryable, caller, type, id, options);
    return (await requireAccess(queryable, caller, type, found, action, notFound)).resource;
  }

  async function sharingOf(queryable: Queryable, resource: StoredResource): Promise<ResourceSharing> {
    const grants = await listGrants(queryable, resource.id);
    const people = await findNamedMembers(queryable, resource.organizationId, [
      resource.ownerUserId,
      ...grants.map((grant) => grant.userId),
    ]);
    const byId = new Map(people.map((person) => [person.userId, person]));
    return {
      resource: resource.type,
      resourceId: resource.id,
      name: resource.name,
      ownerEmail: byId.get(resource.ownerUserId)?.email ?? '',
      publicRole: resource.publicRole,
      grants: grants.flatMap((grant) => {
        const person = byId.get(grant.userId);
        return person
          ? [{ userId: grant.userId, email: person.email, name: person.name, role: grant.role }]
          : [];
      }),
    };
  }

  async function memberAt(queryable: Queryable, caller: AuthenticatedUser, email: string) {
    const member = await findActiveMemberByEmail(queryable, caller.organizationId, email);
    if (!member) throw new ValidationError('notAMember', 'email');
    return member;
  }

  registerEndpoint(app, contract.roles.getAbilities, async ({ query }, { user }) => {
    const asked = query.actions && query.actions.length > 0 ? query.actions : permissionActions;
    let resourceRole: ResourceGrant | undefined;
    if (query.resourceId) {
      // Another organization's item, or none, is not found: never answered from the caller's organization role.
      const resource = await findResourceOf(database, user, query.resource, query.resourceId);
      if (!resource) throw notFound();
      resourceRole = await resourceRoleOf(database, user, resource);
    }
    const actions = Object.fromEntries(
      asked.map((action) => [action, allows(user, query.resource, action, resourceRole)]),
    );
    return { allowed: Object.values(actions).every(Boolean), actions, resourceRole: resourceRole ?? null };
  });

  registerEndpoint(app, contract.roles.getMyRoles, async ({ query }, { user }) => {
    let resourceRole: ResourceGrant | undefined;
    if (query.resource && query.resourceId) {
      const resource = await findResourceOf(database, user, query.resource, query.resourceId);
      if (!resource) throw notFound();
      resourceRole = await resourceRoleOf(database, user, resource);
    }
    return { organizationRole: user.role, resourceRole: resourceRole ?? null };
  });

  // The members module owns role changes (the last admin keeps theirs, under a lock).
  registerEndpoint(app, contract.roles.setOrganizationRole, async ({ body }, { user }) => {
    const member = await members.changeRole(user, body.email, body.role);
    return { email: member.email, role: member.role };
  });

  registerEndpoint(app, contract.roles.listOrganizationRoles, async () => ({
    roles: organizationRoles.map((role) => ({
      role,
      rights: Object.entries(organizationRolePolicy).map(([resource, byRole]) => ({
        resource,
        actions: [...byRole[role]],
      })),
    })),
  }));

  registerEndpoint(app, contract.roles.listResourceRolePolicy, async () => ({
    roles: Object.entries(resourceRolePolicy).map(([role, actions]) => ({ role, actions: [...actions] })),
  }));

  registerEndpoint(app, contract.roles.getResourceRoles, async ({ query }, { user }) =>
    sharingOf(database, await requireOn(database, user, query.resource, query.resourceId, 'read')),
  );

  registerEndpoint(app, contract.roles.getPublicRole, async ({ query }, { user }) => ({
    publicRole: (await requireOn(database, user, query.resource, query.resourceId, 'read')).publicRole,
  }));

  registerEndpoint(app, contract.roles.listSharedResources, async (_input, { user }) => {
    const stored = await listResources(database, user.organizationId);
    const resources = [];
    for (const resource of stored) {
      const type = resource.type as PermissionResource;
      const resourceRole = await resourceRoleOf(database, user, resource);
      if (!allows(user, type, 'read', resourceRole)) continue;
      resources.push({
        ...(await sharingOf(database, resource)),
        yourRole: resourceRole ?? null,
        mayGrant: allows(user, type, 'grant', resourceRole),
      });
    }
    return { resources };
  });

  registerEndpoint(app, contract.roles.listRoleUsers, async (_input, { user }) => ({
    users: await listActiveMembers(database, user.organizationId),
  }));

  registerEndpoint(app, contract.roles.grantResourceRole, ({ body }, { user }) =>
    database.transaction(async (transaction) => {
      const resource = await requireOn(transaction, user, body.resource, body.resourceId, 'grant', {
        lock: true,
      });
      const member = await memberAt(transaction, user, body.email);
      if (member.userId === resource.ownerUserId) {
        throw new ValidationError('ownerRole', 'email');
      }
      await upsertGrant(transaction, { resourceId: resource.id, userId: member.userId, role: body.role });
      await recordActivity(transaction, {
        organizationId: user.organizationId,
        actor: { userId: user.id },
        action: 'role.granted',
        subject: member.email,
        details: { resource: resource.name, role: body.role },
      });
      return sharingOf(transaction, resource);
    }),
  );

  registerEndpoint(app, contract.roles.updateResourceRole, ({ body }, { user }) =>
    database.transaction(async (transaction) => {
      const resource = await requireOn(transaction, user, body.resource, body.resourceId, 'grant', {
        lock: true,
      });
      if (body.email !== undefined) {
        const member = await memberAt(transaction, user, body.email);
        if (!body.role) throw new ValidationError('grantableRole', 'role');
        const updated = await updateGrantRole(transaction, {
          resourceId: resource.id,
          userId: member.userId,
          role: body.role,
        });
        if (!updated) throw new ValidationError('notAMember', 'email');
        await recordActivity(transaction, {
          organizationId: user.organizationId,
          actor: { userId: user.id },
          action: 'role.updated',
          subject: member.email,
          details: { resource: resource.name, role: body.role },
        });
      }
      if (body.public !== undefined) {
        const publicRole = body.public ? 'viewer' : null;
        await setPublicRole(transaction, resource.id, publicRole);
        await recordActivity(transaction, {
          organizationId: user.organizationId,
          actor: { userId: user.id },
          action: 'role.updated',
          subject: resource.name,
          details: { public: body.public },
        });
        resource.publicRole = publicRole;
      }
      return sharingOf(transaction, resource);
    }),
  );

  registerEndpoint(app, contract.roles.removeResourceRole, ({ body }, { user }) =>
    database.transaction(async (transaction) => {
      const resource = await requireOn(transaction, user, body.resource, body.resourceId, 'grant', {
        lock: true,
      });
      const member = await memberAt(transaction, user, body.email);
      await deleteGrant(transaction, resource.id, member.userId);
      await recordActivity(transaction, {
        organizationId: user.organizationId,
        actor: { userId: user.id },
        action: 'role.removed',
        subject: member.email,
        details: { resource: resource.name },
      });
      return sharingOf(transaction, resource);
    }),
  );

  registerEndpoint(app, contract.roles.transferOwnership, ({ body }, { user }) =>
    database.transaction(async (transaction) => {
      const resource = await requireOn(transaction, user, body.resource, body.resourceId, 'transfer', {
        lock: true,
      });
      const member = await memberAt(transaction, user, body.email);
      // A guest cannot own (guests are read-only); the policy's ceiling says what an owner who is a guest could do.
      if (!can({ kind: 'user', role: member.role }, body.resource, 'update', { resourceRole: 'owner' })) {
        throw new ValidationError('guestCannotOwn', 'email');
      }
      const previousOwner = resource.ownerUserId;
      await setOwner(transaction, resource.id, member.userId);
      await deleteGrant(transaction, resource.id, member.userId);
      // The previous owner keeps working on it as an editor.
      await upsertGrant(transaction, { resourceId: resource.id, userId: previousOwner, role: 'editor' });
      await recordActivity(transaction, {
        organizationId: user.organizationId,
        actor: { userId: user.id },
        action: 'ownership.transferred',
        subject: member.email,
        details: { resource: resource.name },
      });
      resource.ownerUserId = member.userId;
      return sharingOf(transaction, resource);
    }),
  );
}
