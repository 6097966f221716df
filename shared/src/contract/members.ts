import * as v from 'valibot';
import { organizationRoles } from '../domain/enumerations.js';
import { emailField } from '../validation/fields.js';
import { invitationMessages, memberMessages, validationMessages } from '../validation/messages.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The organization's members as its admins manage them, and the colleagues every member sees ("my team"):
 * docs/decisions/0035.
 */

/** A member's status: the spec's user statuses, plus `suspended` for an account Dcipher staff suspended. */
export const memberStatuses = ['InvitationSent', 'Active', 'suspended'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

const organizationRole = v.pipe(
  v.string(validationMessages.required),
  v.nonEmpty(validationMessages.required),
  v.picklist(organizationRoles, invitationMessages.invalidRole),
);

/** A positive whole number in a query string ("3"), at most `max`. */
const wholeNumber = (max: number, message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,6}$/, message),
    v.transform(Number),
    v.number(message),
    v.minValue(1, message),
    v.maxValue(max, message),
  );

export const memberPageSizeMax = 100;
export const memberPageSizeDefault = 20;

export const MemberListQuerySchema = v.object({
  /** Part of a name or an email address, case-insensitive. */
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, validationMessages.required))),
  page: v.optional(wholeNumber(100_000, memberMessages.invalidPage)),
  pageSize: v.optional(wholeNumber(memberPageSizeMax, memberMessages.invalidPageSize)),
});
export type MemberListQuery = v.InferInput<typeof MemberListQuerySchema>;

export const MemberSchema = v.object({
  id: v.string(),
  email: v.string(),
  /** Empty until an invitee accepts. */
  firstName: v.string(),
  lastName: v.string(),
  role: v.picklist(organizationRoles),
  status: v.picklist(memberStatuses),
  /** ISO 8601, for a pending invitee: when their link stops working (it may have already). */
  invitationExpiresAt: v.nullable(v.string()),
  /** ISO 8601: when the person was invited or joined. */
  createdAt: v.string(),
});
export type Member = v.InferOutput<typeof MemberSchema>;

export const MemberPageSchema = v.object({
  members: v.array(MemberSchema),
  /**
   * The organization's active admins, on every page: the screen shows before anyone tries that the last one can
   * be neither demoted nor removed (the API refuses it with LAST_ADMIN all the same).
   */
  activeAdminCount: v.number(),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type MemberPage = v.InferOutput<typeof MemberPageSchema>;

export const listMembers = defineEndpoint({
  operation: 'listMembers',
  errors: [],
  summary:
    "The organization's members and pending invitees, searchable by name or email, a page at a time (admins)",
  method: 'GET',
  path: '/org-admin/users',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'grant', feature: 'members' },
  query: MemberListQuerySchema,
  response: MemberPageSchema,
});

export const RevokeInvitationParamsSchema = v.object({
  userId: v.pipe(v.string(validationMessages.required), v.nonEmpty(validationMessages.required)),
});

export const revokeInvitation = defineEndpoint({
  operation: 'revokeInvitation',
  errors: ['NOT_FOUND'],
  summary: 'Withdraw a pending invitation: its link stops working and the invitee is forgotten (admins)',
  method: 'DELETE',
  path: '/org-admin/invites/{userId}',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'grant', feature: 'members' },
  params: RevokeInvitationParamsSchema,
  response: v.object({ revoked: v.literal(true) }),
});

/** Only about the caller's own organization: whether another organization knows the address is never said. */
export const MemberEmailCheckSchema = v.object({
  email: v.string(),
  /** `member`: already in the organization; `invited`: invited and not accepted yet; `none`: neither. */
  inOrganization: v.picklist(['member', 'invited', 'none']),
});
export type MemberEmailCheck = v.InferOutput<typeof MemberEmailCheckSchema>;

export const checkMemberEmail = defineEndpoint({
  operation: 'checkMemberEmail',
  errors: [],
  summary: 'Whether an address is already a member or a pending invitee of the organization (admins)',
  method: 'GET',
  path: '/org-admin/email',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'grant', feature: 'members' },
  query: v.object({ email: emailField }),
  response: MemberEmailCheckSchema,
});

export const MemberEmailParamsSchema = v.object({ email: emailField });

export const MemberRoleInputSchema = v.object({ role: organizationRole });
export type MemberRoleInput = v.InferInput<typeof MemberRoleInputSchema>;

export const changeMemberRole = defineEndpoint({
  operation: 'changeMemberRole',
  errors: ['NOT_FOUND', 'LAST_ADMIN'],
  summary: "Change a member's role; the last admin cannot be demoted (admins)",
  method: 'PUT',
  path: '/org-admin/users/{email}',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'grant', feature: 'members' },
  params: MemberEmailParamsSchema,
  body: { name: 'memberRoleInput', schema: MemberRoleInputSchema },
  response: MemberSchema,
});

export const removeMember = defineEndpoint({
  operation: 'removeMember',
  errors: ['NOT_FOUND', 'LAST_ADMIN'],
  summary:
    'Remove a member from the organization: their Dcipher account is deleted; the last admin cannot be removed (admins)',
  method: 'DELETE',
  path: '/org-admin/users/{email}',
  auth: 'bearer',
  permission: { resource: 'organization', action: 'grant', feature: 'members' },
  params: MemberEmailParamsSchema,
  response: v.object({ removed: v.literal(true) }),
});

/** A colleague as every member sees them: no ids, no invitees, no statuses. */
export const TeammateSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  role: v.picklist(organizationRoles),
});
export type Teammate = v.InferOutput<typeof TeammateSchema>;

export const listTeam = defineEndpoint({
  operation: 'listTeam',
  errors: [],
  summary: "My team: the organization's active members and their roles (every member)",
  method: 'GET',
  path: '/organization/members',
  auth: 'bearer',
  permission: { resource: 'account', action: 'read' },
  response: v.object({ members: v.array(TeammateSchema) }),
});
