import * as v from 'valibot';
import {
  organizationRoles,
  permissionActions,
  permissionResources,
  resourceRoles,
} from '../domain/enumerations.js';
import { shareableResources } from '../domain/permissions.js';
import { emailField } from '../validation/fields.js';
import { rolesMessages, validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

// The roles calls of spec section 7 (issue 10; docs/decisions/0038): what the caller may do, and the roles people
// hold on single resources (projects, workflows, files…) of their organization. Every answer comes from the one
// declared policy (`can` in @dcipher/shared/domain).

const resource = v.picklist(permissionResources, rolesMessages.unknownResource);
const shareable = v.picklist(shareableResources, rolesMessages.notShareable);
const resourceId = v.pipe(v.string(validationMessages.required), v.uuid(rolesMessages.resourceNotFound));

export const AbilitiesQuerySchema = v.object({
  resource,
  /** Comma-separated actions to ask about; all six when left out. */
  actions: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.split(',').map((action) => action.trim())),
      v.array(v.picklist(permissionActions, rolesMessages.unknownAction)),
    ),
  ),
  resourceId: v.optional(resourceId),
});

export const AbilitiesSchema = v.object({
  /** True when every action asked about is allowed. */
  allowed: v.boolean(),
  actions: v.record(v.string(), v.boolean()),
  /** The caller's role on the resource asked about, if any ('public' when only its public role applies). */
  resourceRole: v.nullable(v.string()),
});
export type Abilities = v.InferOutput<typeof AbilitiesSchema>;

export const getAbilities = defineEndpoint({
  operation: 'getAbilities',
  errors: ['NOT_FOUND'],
  summary:
    "What the caller may do on a resource type, or on one resource (with their role on it), by the declared policy; a resourceId not of the caller's organization is 404",
  method: 'GET',
  path: '/roles/abilities',
  auth: 'bearer',
  permission: 'signed-in',
  query: AbilitiesQuerySchema,
  response: AbilitiesSchema,
});

export const RolePolicySchema = v.object({
  roles: v.array(
    v.object({
      role: v.string(),
      rights: v.array(v.object({ resource: v.string(), actions: v.array(v.string()) })),
    }),
  ),
});

export const listOrganizationRoles = defineEndpoint({
  operation: 'listOrganizationRoles',
  errors: [],
  summary: 'The organization roles (admin, teammate, guest) and what each may do on every resource',
  method: 'GET',
  path: '/roles/organization',
  auth: 'bearer',
  permission: 'signed-in',
  response: RolePolicySchema,
});

export const listResourceRolePolicy = defineEndpoint({
  operation: 'listResourceRolePolicy',
  errors: [],
  summary:
    'The roles one resource can be shared with (owner, editor, viewer, public) and what each gives on it',
  method: 'GET',
  path: '/roles/resource/organizational',
  auth: 'bearer',
  permission: 'signed-in',
  response: v.object({ roles: v.array(v.object({ role: v.string(), actions: v.array(v.string()) })) }),
});

export const ResourceRefQuerySchema = v.object({ resource: shareable, resourceId });

export const ResourceGrantSchema = v.object({
  userId: v.string(),
  email: v.string(),
  name: v.string(),
  role: v.picklist(resourceRoles),
});

export const ResourceSharingSchema = v.object({
  resource: v.string(),
  resourceId: v.string(),
  name: v.string(),
  ownerEmail: v.string(),
  /** 'viewer' when anyone in the organization may open it; null when it is private. */
  publicRole: v.nullable(v.string()),
  grants: v.array(ResourceGrantSchema),
});
export type ResourceSharing = v.InferOutput<typeof ResourceSharingSchema>;

export const getResourceRoles = defineEndpoint({
  operation: 'getResourceRoles',
  errors: ['NOT_FOUND'],
  summary: 'Who holds which role on one resource, and whether it is public (needs read on it)',
  method: 'GET',
  path: '/roles/resource',
  auth: 'bearer',
  permission: 'signed-in',
  query: ResourceRefQuerySchema,
  response: ResourceSharingSchema,
});

export const getPublicRole = defineEndpoint({
  operation: 'getPublicRole',
  errors: ['NOT_FOUND'],
  summary: "One resource's public role (needs read on it)",
  method: 'GET',
  path: '/roles/resource/public',
  auth: 'bearer',
  permission: 'signed-in',
  query: ResourceRefQuerySchema,
  response: v.object({ publicRole: v.nullable(v.string()) }),
});

export const ResourceGrantInputSchema = v.object({
  resource: shareable,
  resourceId,
  email: emailField,
  role: v.picklist(['editor', 'viewer'] as const, rolesMessages.grantableRole),
});
export type ResourceGrantInput = v.InferInput<typeof ResourceGrantInputSchema>;

export const grantResourceRole = defineEndpoint({
  operation: 'grantResourceRole',
  errors: ['NOT_FOUND'],
  summary: 'Share one resource with a member of the organization as editor or viewer (needs grant on it)',
  method: 'POST',
  path: '/roles/resource',
  auth: 'bearer',
  permission: 'signed-in',
  body: { name: 'resourceGrantInput', schema: ResourceGrantInputSchema },
  response: ResourceSharingSchema,
  successStatus: 201,
});

export const ResourceRoleUpdateInputSchema = v.object({
  resource: shareable,
  resourceId,
  /** A member's new role; leave out to change only the public role. */
  email: v.optional(emailField),
  role: v.optional(v.picklist(['editor', 'viewer'] as const, rolesMessages.grantableRole)),
  /** Make the resource readable by everyone in the organization, or private again. */
  public: v.optional(v.boolean()),
});

export const updateResourceRole = defineEndpoint({
  operation: 'updateResourceRole',
  errors: ['NOT_FOUND'],
  summary: "Change a member's role on one resource, or make it public or private (needs grant on it)",
  method: 'PUT',
  path: '/roles/resource',
  auth: 'bearer',
  permission: 'signed-in',
  body: { name: 'resourceRoleUpdateInput', schema: ResourceRoleUpdateInputSchema },
  response: ResourceSharingSchema,
});

export const ResourceRoleRemovalInputSchema = v.object({
  resource: shareable,
  resourceId,
  email: emailField,
});

export const removeResourceRole = defineEndpoint({
  operation: 'removeResourceRole',
  errors: ['NOT_FOUND'],
  summary: 'Stop sharing one resource with a member (needs grant on it)',
  method: 'DELETE',
  path: '/roles/resource',
  auth: 'bearer',
  permission: 'signed-in',
  body: { name: 'resourceRoleRemovalInput', schema: ResourceRoleRemovalInputSchema },
  response: ResourceSharingSchema,
});

export const OwnershipTransferInputSchema = v.object({ resource: shareable, resourceId, email: emailField });

export const transferOwnership = defineEndpoint({
  operation: 'transferOwnership',
  errors: ['NOT_FOUND'],
  summary: 'Hand one resource over to another member, who becomes its owner (needs transfer on it)',
  method: 'PUT',
  path: '/roles/ownership',
  auth: 'bearer',
  permission: 'signed-in',
  body: { name: 'ownershipTransferInput', schema: OwnershipTransferInputSchema },
  response: ResourceSharingSchema,
});

export const listRoleUsers = defineEndpoint({
  operation: 'listRoleUsers',
  errors: [],
  summary: 'The members of the organization with their organization role, to share resources with',
  method: 'GET',
  path: '/roles/users',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'read' },
  response: v.object({
    users: v.array(
      v.object({
        userId: v.string(),
        email: v.string(),
        name: v.string(),
        role: v.picklist(organizationRoles),
      }),
    ),
  }),
});

export const SharedResourceSchema = v.object({
  ...ResourceSharingSchema.entries,
  /** The caller's role on it ('public' when only its public role lets them in; null for admins by their role). */
  yourRole: v.nullable(v.string()),
  /** Whether the caller may share it (grant on it, by the policy). */
  mayGrant: v.boolean(),
});
export type SharedResource = v.InferOutput<typeof SharedResourceSchema>;

export const listSharedResources = defineEndpoint({
  operation: 'listSharedResources',
  errors: [],
  summary:
    'The resources of the organization the caller may open, with who holds which role on each and whether they may share it',
  method: 'GET',
  path: '/roles/resources',
  auth: 'bearer',
  permission: 'signed-in',
  response: v.object({ resources: v.array(SharedResourceSchema) }),
});

export const MyRolesQuerySchema = v.object({
  resource: v.optional(resource),
  resourceId: v.optional(resourceId),
});

export const getMyRoles = defineEndpoint({
  operation: 'getMyRoles',
  errors: ['NOT_FOUND'],
  summary:
    "The caller's organization role and, for one resource, their role on it ('public' when only its public role applies); a resource not of the caller's organization is 404",
  method: 'GET',
  path: '/roles',
  auth: 'bearer',
  permission: 'signed-in',
  query: MyRolesQuerySchema,
  response: v.object({
    organizationRole: v.picklist(organizationRoles),
    resourceRole: v.nullable(v.string()),
  }),
});

export const OrganizationRoleInputSchema = v.object({
  email: emailField,
  role: v.picklist(organizationRoles, rolesMessages.organizationRole),
});

export const setOrganizationRole = defineEndpoint({
  operation: 'setOrganizationRole',
  errors: ['NOT_FOUND', 'LAST_ADMIN'],
  summary:
    'Give a member another organization role (admins; the last admin keeps theirs) — the same change as PUT /org-admin/users/{email}',
  method: 'POST',
  path: '/roles/organization',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'grant', feature: 'members' },
  body: { name: 'organizationRoleInput', schema: OrganizationRoleInputSchema },
  response: v.object({ email: v.string(), role: v.picklist(organizationRoles) }),
});
