import { invitationLifetimeDays } from '@dcipher/shared/contract';
import type { OrganizationRole } from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import { emailLinks } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';

/**
 * Names and organization names are typed by customers: inside a subject a line break would be a header
 * injection (the mailer refuses it), and a very long one only serves spam. One line, at most 80 characters.
 */
export function oneLine(text: string, maxLength = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

const withArticle: Record<OrganizationRole, string> = {
  admin: 'an admin',
  teammate: 'a teammate',
  guest: 'a guest',
};

export interface InvitationEmailContent {
  to: string;
  inviterName: string;
  inviterEmail: string;
  organizationName: string;
  role: OrganizationRole;
  token: string;
}

/** The invitation: who invited the address to which organization, and the link to accept (7 days, once). */
export function invitationEmail(
  { to, inviterName, inviterEmail, organizationName, role, token }: InvitationEmailContent,
  webUrl: string,
): EmailMessage {
  const inviter = oneLine(inviterName);
  const organization = oneLine(organizationName);
  const url = emailLinks.signup(webUrl, { invitation: token });
  return {
    to,
    subject: `${inviter} invited you to join ${organization} on Dcipher`,
    tag: 'invitation',
    ...renderEmailLayout({
      preheader: `Accept within ${invitationLifetimeDays} days to choose your password and start working together.`,
      heading: `Join ${organization} on Dcipher`,
      paragraphs: [
        `${inviter} (${inviterEmail}) invited you to join ${organization} on Dcipher, the AI-powered insight ` +
          `automation platform, as ${withArticle[role]}.`,
        'Accept the invitation to choose your name and password; your account is ready as soon as you do.',
        `This link expires in ${invitationLifetimeDays} days and works once. If it has expired, open it anyway ` +
          `and ask ${inviter} for a new one.`,
      ],
      action: { label: 'Accept invitation', url },
      items: [
        {
          title: 'Not for you?',
          text:
            'Decline the invitation and it is withdrawn. You can always sign up for Dcipher on your own with ' +
            'this address, invited or not.',
          url: emailLinks.declineInvitation(webUrl, token),
          linkLabel: 'Decline invitation',
        },
      ],
      footer:
        `You received this email because ${inviter} invited this address to Dcipher. If you do not know them, ` +
        'ignore it: nobody can use the account unless the invitation is accepted.',
    }),
  };
}

/** To the inviting admin: the invitee opened an expired invitation and asks for a new one. */
export function renewalRequestEmail(
  to: string,
  {
    inviteeEmail,
    organizationName,
    expiredAt,
  }: { inviteeEmail: string; organizationName: string; expiredAt: Date },
  webUrl: string,
): EmailMessage {
  const organization = oneLine(organizationName);
  return {
    to,
    subject: `${inviteeEmail} asks for a new invitation`,
    tag: 'invitation-renewal-request',
    ...renderEmailLayout({
      preheader: `Their invitation to join ${organization} on Dcipher has expired.`,
      heading: `${inviteeEmail} asks for a new invitation`,
      paragraphs: [
        `${inviteeEmail} opened their invitation to join ${organization} on Dcipher, but it expired on ` +
          `${formatDate(expiredAt)}.`,
        `To let them in, resend the invitation to ${inviteeEmail} from your organization's user management in ` +
          `Dcipher. The new link works for ${invitationLifetimeDays} days.`,
        'If you no longer want this person to join, ignore this email: the expired link stays unusable.',
      ],
      action: { label: 'Open Dcipher', url: emailLinks.account(webUrl) },
      footer: `You received this email because you are an admin of ${organization} on Dcipher.`,
    }),
  };
}
