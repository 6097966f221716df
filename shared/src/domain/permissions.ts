import { hasOrganizationFeature, type OrganizationFeature } from './entitlements.js';
import {
  type CustomerType,
  type OrganizationRole,
  type PermissionAction,
  type PermissionResource,
  permissionActions,
  type ResourceRole,
} from './enumerations.js';

/**
 * Who may do what, declared once (docs/decisions/0022). The API refuses every endpoint call this policy does not
 * allow, through the permission each contract endpoint declares; screens call the same `can` to hide what a user
 * may not do. This file is the README's permission table: keep it readable.
 */

/** The role of a user on one resource (a project, a workflow...), plus `public` for what anyone may open. */
export type ResourceGrant = ResourceRole | 'public';

const everything = permissionActions;
const manage = ['create', 'read', 'update', 'delete'] as const satisfies readonly PermissionAction[];
const none = [] as const;

/**
 * What each organization role may do on each resource of the organization, whatever their role on a single
 * resource. On content (projects, workflows, files...) admins manage everything of the organization, teammates
 * create new items and work on existing ones through their resource role, and guests only reach what is shared
 * with them. The organization's settings and billing are the admins'. Every user reads, updates and deletes their
 * own account (`account` only ever means the caller's own).
 */
export const organizationRolePolicy: Readonly<
  Record<PermissionResource, Readonly<Record<OrganizationRole, readonly PermissionAction[]>>>
> = {
  // Content: rights on one existing item come from the resource role (`resourceRolePolicy`).
  'studio-project': { admin: everything, teammate: ['create'], guest: none },
  'studio-project-template': { admin: everything, teammate: ['create', 'read'], guest: none },
  'knowledge-base': { admin: everything, teammate: ['create'], guest: none },
  workflow: { admin: everything, teammate: ['create'], guest: none },
  'insight-booster-project': { admin: everything, teammate: ['create'], guest: none },
  'insight-booster-report-template': { admin: everything, teammate: ['create', 'read'], guest: none },
  file: { admin: everything, teammate: ['create'], guest: none },
  'ai-model': { admin: everything, teammate: ['create', 'read'], guest: none },
  // The organization itself: `grant` is inviting people and giving them roles, `transfer` handing it over.
  organization: { admin: ['read', 'update', 'delete', 'grant', 'transfer'], teammate: ['read'], guest: none },
  subscription: { admin: manage, teammate: ['read'], guest: none },
  'add-on-packages': { admin: manage, teammate: ['read'], guest: none },
  // Every member sees which card pays (docs/decisions/0012); only admins change it.
  'payment-method': { admin: manage, teammate: ['read'], guest: ['read'] },
  // Transactions are a ledger: added (top-ups, purchases) and read, never edited.
  'wallet-transaction': { admin: ['create', 'read'], teammate: ['read'], guest: none },
  // The organization's logo and colours show to everyone in it.
  'brand-customization': { admin: manage, teammate: ['read'], guest: ['read'] },
  account: {
    admin: ['read', 'update', 'delete'],
    teammate: ['read', 'update', 'delete'],
    guest: ['read', 'update', 'delete'],
  },
  'account-sso-settings': { admin: manage, teammate: none, guest: none },
  'organization-password-expiration-policy': { admin: manage, teammate: none, guest: none },
  // Keys act as the admin who made them (docs/decisions/0037): only admins see, make, rotate and revoke them.
  'api-key': { admin: manage, teammate: none, guest: none },
  // Webhook endpoints hold a signing secret and receive the organization's run events: admins only (0111).
  webhook: { admin: manage, teammate: none, guest: none },
};

/** What a role on one item gives on that item: the owner does anything with it, including handing it over. */
export const resourceRolePolicy: Readonly<Record<ResourceGrant, readonly PermissionAction[]>> = {
  owner: everything,
  editor: ['read', 'update'],
  viewer: ['read'],
  public: ['read'],
};

/** Resources that are shared item by item, so resource roles apply to them. */
export const shareableResources = [
  'studio-project',
  'studio-project-template',
  'knowledge-base',
  'workflow',
  'insight-booster-project',
  'insight-booster-report-template',
  'file',
  'ai-model',
] as const satisfies readonly PermissionResource[];

/** A guest shared an item as its editor or owner still only reads it: guests are read-only by definition. */
export const resourceRoleCeiling: Readonly<Record<OrganizationRole, readonly PermissionAction[]>> = {
  admin: everything,
  teammate: everything,
  guest: ['read'],
};

/** How a resource is named in messages and on screens. */
export const permissionResourceLabels: Readonly<Record<PermissionResource, string>> = {
  'studio-project': 'studio projects',
  'studio-project-template': 'studio project templates',
  'knowledge-base': 'knowledge bases',
  workflow: 'workflows',
  'insight-booster-project': 'Insight Booster projects',
  'insight-booster-report-template': 'Insight Booster report templates',
  file: 'files',
  'ai-model': 'AI models',
  organization: 'the organization',
  subscription: 'the subscription',
  'add-on-packages': 'add-on packages',
  'payment-method': 'the payment method',
  'wallet-transaction': 'the wallet',
  'brand-customization': 'the brand customization',
  account: 'the account',
  'account-sso-settings': 'single sign-on',
  'organization-password-expiration-policy': 'the password expiration policy',
  'api-key': 'API keys',
  webhook: 'webhooks',
};

/**
 * Who is calling. A `user` is a signed-in member of an organization. `payment-setup` is sign-up's step 2, holding
 * the token `POST /register` answers before the address is verified: it may add the first card to the
 * organization the sign-up created, and nothing else (docs/decisions/0021).
 */
export type PermissionSubject =
  | {
      kind: 'user';
      role: OrganizationRole;
      internalAdmin?: boolean;
      /** The organization's customer type: it decides the organization features (docs/decisions/0085). */
      customerType?: CustomerType;
    }
  | { kind: 'payment-setup' };

const isShareable = (resource: PermissionResource) =>
  (shareableResources as readonly PermissionResource[]).includes(resource);

/**
 * May `subject` do `action` on `resource`? `resourceRole` is the subject's role on the one item concerned (or
 * `public` when the item is public); without it only the organization role counts.
 */
export function can(
  subject: PermissionSubject,
  resource: PermissionResource,
  action: PermissionAction,
  { resourceRole }: { resourceRole?: ResourceGrant } = {},
): boolean {
  if (subject.kind === 'payment-setup') return resource === 'payment-method' && action === 'create';
  if (organizationRolePolicy[resource][subject.role].includes(action)) return true;
  if (!resourceRole || !isShareable(resource)) return false;
  return (
    resourceRolePolicy[resourceRole].includes(action) && resourceRoleCeiling[subject.role].includes(action)
  );
}

/**
 * What a contract endpoint needs of a bearer caller: any signed-in user (their own things, signing out), Dcipher
 * staff, or one action on one resource of the policy, and for an organization-only call the organization feature it
 * belongs to (docs/decisions/0085: an Individual account has none of them).
 */
export type EndpointPermission =
  | 'signed-in'
  | 'internal-admin'
  | { resource: PermissionResource; action: PermissionAction; feature?: OrganizationFeature };

/**
 * The organization feature a subject lacks to use `permission`, if any: a user of an organization whose customer
 * type does not have the feature the endpoint (or screen) declares.
 */
export function missingFeature(
  subject: PermissionSubject,
  permission: EndpointPermission | { feature?: OrganizationFeature },
): OrganizationFeature | undefined {
  if (typeof permission === 'string' || !permission.feature) return undefined;
  if (subject.kind !== 'user' || subject.customerType === undefined) return undefined;
  return hasOrganizationFeature(subject.customerType, permission.feature) ? undefined : permission.feature;
}

/** Whether `subject` may call an endpoint that needs `permission`. */
export function isPermitted(subject: PermissionSubject, permission: EndpointPermission): boolean {
  if (permission === 'signed-in') return subject.kind === 'user';
  if (permission === 'internal-admin') return subject.kind === 'user' && subject.internalAdmin === true;
  return (
    missingFeature(subject, permission) === undefined && can(subject, permission.resource, permission.action)
  );
}
