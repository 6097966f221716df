import type { Member } from '@dcipher/shared/contract';
import { type OrganizationRole, organizationRoles } from '@dcipher/shared/domain';
import { createElement, Fragment, type ReactNode } from 'react';

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

/**
 * An email address with line-break opportunities where a reader expects them, as style guides break addresses:
 * before the `@` and before each dot (`first.last` / `@example` / `.com`), never inside a word. With `overflow-wrap:
 * anywhere` beside it, a part still longer than the line breaks anywhere only as a last resort.
 */
export function wrappableEmail(email: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let part = '';
  for (const character of email) {
    if ((character === '@' || character === '.') && part) {
      parts.push(part, createElement('wbr', { key: parts.length }));
      part = '';
    }
    part += character;
  }
  if (part) parts.push(part);
  return parts;
}

/** A sentence whose email addresses may wrap as `wrappableEmail` says; its other words as they are. */
export const wrappableText = (text: string): ReactNode[] =>
  text
    .split(/(\S+@\S+)/)
    .map((piece, index) =>
      index % 2 === 1 ? createElement(Fragment, { key: index }, ...wrappableEmail(piece)) : piece,
    );
