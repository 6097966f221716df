import type { Member } from '@dcipher/shared/contract';
import { type OrganizationRole, organizationRoles } from '@dcipher/shared/domain';

// The words the members screens share: roles, what each may do, names and dates.

export const roleLabels: Record<OrganizationRole, string> = {
  admin: 'Admin',
  teammate: 'Teammate',
  guest: 'Guest',
};

/** What each role may do, in one line each: shown next to the role choice so the admin knows what they give. */
export const roleHints: Record<OrganizationRole, string> = {
  admin: 'manages members, settings, billing and everything in the organization',
  teammate: 'creates and works on projects, workflows and files',
  guest: 'only sees what is shared with them, read-only',
};

export const roleOptions = organizationRoles.map((role) => ({ value: role, label: roleLabels[role] }));

export const nameOf = (member: Member) => `${member.firstName} ${member.lastName}`.trim() || member.email;

export const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
