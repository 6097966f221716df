import { emailLinks } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';
import { passwordResetLinkLifetimeHours } from './password-reset-tokens.js';

/** The link to choose a new password with; the site's /new-password/{token} page posts the token. */
export function passwordResetEmail(to: string, webUrl: string, token: string): EmailMessage {
  const url = emailLinks.newPassword(webUrl, token);
  const lifetime =
    passwordResetLinkLifetimeHours === 1 ? '1 hour' : `${passwordResetLinkLifetimeHours} hours`;
  return {
    to,
    subject: 'Reset your Dcipher password',
    tag: 'password-reset',
    ...renderEmailLayout({
      preheader: `Choose a new password. The link works once, for ${lifetime}.`,
      heading: 'Reset your password',
      paragraphs: [
        'Someone — hopefully you — asked to reset the password of the Dcipher account with this address. ' +
          'Choose a new password with the button below.',
        `This link expires in ${lifetime} and works once. If it has expired, ask for a new one on the ` +
          'forgot password page.',
      ],
      action: { label: 'Choose a new password', url },
      footer:
        'You received this email because someone asked to reset the password of the Dcipher account with this ' +
        'address. If that was not you, ignore it: your password stays as it is.',
    }),
  };
}

/**
 * Forgot password for an address that was invited but has no password yet (docs/decisions/0035): nothing to
 * reset, so the email says where the invitation is and that signing up on their own works too.
 */
export function invitedWithoutPasswordEmail(
  to: string,
  webUrl: string,
  organizationName: string,
): EmailMessage {
  const organization = organizationName.replace(/\s+/g, ' ').trim().slice(0, 80);
  return {
    to,
    subject: 'You have no Dcipher password yet',
    tag: 'password-reset',
    ...renderEmailLayout({
      preheader: 'You were invited to Dcipher: accept the invitation, or sign up on your own.',
      heading: 'You have no password yet',
      paragraphs: [
        `Someone — hopefully you — asked to reset the Dcipher password of this address. It has no password yet: ` +
          `${organization} invited it to join their organization on Dcipher.`,
        'To join them, open the invitation email and accept it; you can also decline it there. To use Dcipher ' +
          'on your own instead, sign up with the button below: the invitation is then withdrawn.',
      ],
      action: { label: 'Sign up on your own', url: emailLinks.signup(webUrl, { email: to }) },
      footer:
        'You received this email because someone asked to reset the password of this address. If that was not ' +
        'you, ignore it: nothing changes.',
    }),
  };
}
