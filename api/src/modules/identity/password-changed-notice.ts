import { emailLinks } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';

/**
 * Sent after every password change, by reset link or in the account area: if someone else changed it, the
 * owner learns at once and can take the account back with a reset link.
 */
export function passwordChangedNotice(to: string, webUrl: string): EmailMessage {
  return {
    to,
    subject: 'Your Dcipher password was changed',
    tag: 'password-changed',
    ...renderEmailLayout({
      preheader: 'If you did not change it, reset your password now.',
      heading: 'Your password was changed',
      paragraphs: [
        'The password of your Dcipher account was just changed. Devices that were signed in to it have been ' +
          'signed out.',
        'If you changed it, there is nothing else to do. If you did not, reset your password now with the ' +
          'button below and contact support.',
      ],
      action: { label: 'Reset your password', url: emailLinks.forgotPassword(webUrl) },
      footer:
        'You received this email because the password of the Dcipher account with this address changed.',
    }),
  };
}
