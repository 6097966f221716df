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
