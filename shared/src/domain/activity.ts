/**
 * What the organization's activity log records (issue 10; docs/decisions/0033): every change an admin or member
 * makes to the organization. Declared once; the API records these, the activity screen filters and labels them.
 */
export const activityActions = [
  'member.invited',
  'member.invitation-resent',
  'member.invitation-revoked',
  'member.invitation-declined',
  'member.joined',
  'member.role-changed',
  'member.removed',
  'organization.updated',
  'organization.region-changed',
  'organization.password-policy-changed',
  'organization.two-step-requirement-changed',
  'sso.configured',
  'sso.removed',
  'sso.domain-added',
  'sso.domain-verified',
  'sso.domain-removed',
  'api-key.created',
  'api-key.rotated',
  'api-key.renamed',
  'api-key.revoked',
  'role.granted',
  'role.updated',
  'role.removed',
  'ownership.transferred',
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** The group each action is filtered under on the activity screen. */
export const activityCategory = (action: ActivityAction) =>
  action.slice(0, action.indexOf('.')) as ActivityCategory;
export const activityCategories = ['member', 'organization', 'sso', 'api-key', 'role', 'ownership'] as const;
export type ActivityCategory = (typeof activityCategories)[number];

/** A readable sentence fragment per action, for the activity screen ("Ada Admin invited …"). */
export const activityActionLabels: Record<ActivityAction, string> = {
  'member.invited': 'invited a member',
  'member.invitation-resent': 'resent an invitation',
  'member.invitation-revoked': 'revoked an invitation',
  'member.invitation-declined': 'declined an invitation',
  'member.joined': 'joined the organization',
  'member.role-changed': 'changed a member’s role',
  'member.removed': 'removed a member',
  'organization.updated': 'updated the organization',
  'organization.region-changed': 'changed the cloud region',
  'organization.password-policy-changed': 'changed the password expiration policy',
  'organization.two-step-requirement-changed': 'changed the two-step verification requirement',
  'sso.configured': 'configured single sign-on',
  'sso.removed': 'removed single sign-on',
  'sso.domain-added': 'added an SSO domain',
  'sso.domain-verified': 'verified an SSO domain',
  'sso.domain-removed': 'removed an SSO domain',
  'api-key.created': 'created an API key',
  'api-key.rotated': 'rotated an API key',
  'api-key.renamed': 'renamed an API key',
  'api-key.revoked': 'revoked an API key',
  'role.granted': 'granted a role',
  'role.updated': 'updated a role',
  'role.removed': 'removed a role',
  'ownership.transferred': 'transferred ownership',
};
