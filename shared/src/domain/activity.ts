import type { CloudRegion } from './enumerations.js';
import { cloudRegionDetails } from './regions.js';

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

/** What `describeActivity` reads of an entry: its action, subject and small facts as the API stores them. */
export interface DescribableActivity {
  readonly action: ActivityAction;
  readonly subject: string | null;
  readonly details: Readonly<Record<string, string | number | boolean | null>>;
}

const quoted = (text: string) => `“${text}”`;
const regionName = (region: unknown) =>
  typeof region === 'string' && region in cloudRegionDetails
    ? cloudRegionDetails[region as CloudRegion].name
    : String(region ?? 'none');
const expiry = (days: unknown) => (typeof days === 'number' ? `${days} days` : 'never');
const keyLabel = (kind: unknown) => (kind === 'research-bot' ? 'research bot key' : 'API key');

/**
 * The change in words, after the actor's name: "turned on required two-step verification", "changed the cloud
 * region from Belgium (St. Ghislain) to United States (Iowa)" (issue 25; docs/decisions/0082). The activity screen
 * shows it and the CSV export carries it, so both read the same. A fact missing from an old entry reads plainly.
 */
export function describeActivity(entry: DescribableActivity): string {
  const { details } = entry;
  const who = entry.subject ?? 'a member';
  const role = typeof details.role === 'string' ? details.role : undefined;
  const asRole = role ? ` as ${role}` : '';
  const resource = typeof details.resource === 'string' ? quoted(details.resource) : 'a resource';
  switch (entry.action) {
    case 'member.invited':
      return `invited ${who}${asRole}`;
    case 'member.invitation-resent':
      return `resent the invitation to ${who}`;
    case 'member.invitation-revoked':
      return `revoked the invitation to ${who}`;
    case 'member.invitation-declined':
      return `declined the invitation${role ? ` to join as ${role}` : ''}`;
    case 'member.joined':
      return `joined the organization${asRole}`;
    case 'member.role-changed':
      return `changed the role of ${who} from ${details.from ?? 'none'} to ${details.to ?? 'none'}`;
    case 'member.removed':
      return `removed ${who}${role ? ` (${role})` : ''} from the organization`;
    case 'organization.updated':
      return typeof details.from === 'string' && typeof details.to === 'string'
        ? `renamed the organization from ${quoted(details.from)} to ${quoted(details.to)}`
        : `renamed the organization${entry.subject ? ` to ${quoted(entry.subject)}` : ''}`;
    case 'organization.region-changed':
      return `changed the cloud region from ${regionName(details.from)} to ${regionName(details.to ?? entry.subject)}`;
    case 'organization.password-policy-changed':
      if (details.to === null || details.to === undefined)
        return `turned off password expiry (passwords expired after ${expiry(details.from)})`;
      if (details.from === null || details.from === undefined)
        return `turned on password expiry: passwords expire after ${expiry(details.to)}`;
      return `changed password expiry from ${expiry(details.from)} to ${expiry(details.to)}`;
    case 'organization.two-step-requirement-changed':
      return details.to === true || (details.to === undefined && entry.subject === 'required')
        ? 'turned on required two-step verification'
        : 'turned off required two-step verification';
    case 'sso.configured': {
      const facts = [
        details.requireSso === true ? 'members must sign in with it' : undefined,
        details.requireSso === false ? 'passwords still allowed' : undefined,
        details.secretChanged === true ? 'new client secret' : undefined,
      ].filter((fact) => fact !== undefined);
      const provider = entry.subject ? ` with ${entry.subject}` : '';
      const what = details.created === true ? 'set up single sign-on' : 'changed single sign-on';
      return `${what}${provider}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
    }
    case 'sso.removed':
      return `removed single sign-on${entry.subject ? ` with ${entry.subject}` : ''}`;
    case 'sso.domain-added':
      return `added the domain ${who} to single sign-on`;
    case 'sso.domain-verified':
      return `verified the domain ${who}`;
    case 'sso.domain-removed':
      return `removed the domain ${who} from single sign-on`;
    case 'api-key.created':
      return `created the ${keyLabel(details.kind)} ${quoted(who)}`;
    case 'api-key.rotated':
      return `replaced the secret of the ${keyLabel(details.kind)} ${quoted(who)}`;
    case 'api-key.renamed':
      return typeof details.from === 'string'
        ? `renamed the ${keyLabel(details.kind)} ${quoted(details.from)} to ${quoted(who)}`
        : `renamed the ${keyLabel(details.kind)} to ${quoted(who)}`;
    case 'api-key.revoked':
      return `revoked the ${keyLabel(details.kind)} ${quoted(who)}`;
    case 'role.granted':
      return `gave ${who} the ${role ?? 'a'} role on ${resource}`;
    case 'role.updated':
      if ('public' in details)
        return details.public === null || details.public === false
          ? `made ${quoted(who)} private`
          : `made ${quoted(who)} public (${String(details.public)})`;
      return `changed the role of ${who} on ${resource} to ${role ?? 'none'}`;
    case 'role.removed':
      return `took away the access of ${who} to ${resource}`;
    case 'ownership.transferred':
      return `transferred ownership of ${resource} to ${who}`;
  }
}
