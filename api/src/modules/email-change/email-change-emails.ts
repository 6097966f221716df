import { emailLinks } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';
import { emailChangeLinkLifetimeHours } from './email-change-tokens.js';

// Like the sign-up emails, none repeats text a stranger could have typed, except the new address (validated as
// an address, and typed by someone who knows the account's password) in the notice to the account's own inbox.

/** To a verified user's new address: the link that makes it the sign-in address. */
export function emailChangeVerificationEmail(to: string, webUrl: string, token: string): EmailMessage {
  const url = emailLinks.verifyEmail(webUrl, token);
  return {
    to,
    subject: 'Confirm your new email address for Dcipher',
    tag: 'email-change-verification',
    ...renderEmailLayout({
      preheader: 'Confirm this address to log in to Dcipher with it.',
      heading: 'Confirm your new email address',
      paragraphs: [
        'Someone — hopefully you — asked to use this address to log in to their Dcipher account. Confirm it ' +
          'with the button below; until then, the account keeps its current address.',
        `This link expires in ${emailChangeLinkLifetimeHours} hours and works once. If it has expired, ask ` +
          'for the change again.',
      ],
      action: { label: 'Confirm new email address', url },
      footer:
        'You received this email because someone asked to move a Dcipher account to this address. If that was ' +
        'not you, ignore it: nothing changes unless the link is opened.',
    }),
  };
}

/** To a verified user's current address: a change was asked for, and what to do if it was not them. */
export function emailChangeRequestedNotice(to: string, newEmail: string, webUrl: string): EmailMessage {
  return {
    to,
    subject: 'Your Dcipher email address is about to change',
    tag: 'email-change-requested',
    ...renderEmailLayout({
      preheader: 'A change of your sign-in address was requested.',
      heading: 'Your email address is about to change',
      paragraphs: [
        `Someone — hopefully you — asked to change the address of your Dcipher account to ${newEmail}. The ` +
          'change happens only once that address is confirmed with the link we sent to it; until then you keep ' +
          'logging in with this one.',
        'If it was not you, whoever asked knows your password: set a new one now. Your address stays as it is.',
      ],
      action: { label: 'Set a new password', url: emailLinks.forgotPassword(webUrl) },
    }),
  };
}

/** To a new address that already has an account: instead of a link, said without telling the requester. */
export function addressAlreadyUsedNotice(to: string, webUrl: string): EmailMessage {
  return {
    to,
    subject: 'Someone tried to use your email address on Dcipher',
    tag: 'email-change-address-taken',
    ...renderEmailLayout({
      preheader: 'You already have a Dcipher account with this address.',
      heading: 'You already have a Dcipher account',
      paragraphs: [
        'Someone — hopefully you — tried to move a Dcipher account to this address. You already have an ' +
          'account with this address, so nothing was changed.',
        `If it was you, log in with this address. Forgot its password? You can set a new one at ${emailLinks.forgotPassword(webUrl)}`,
        'If it was not you, you can ignore this email.',
      ],
      action: { label: 'Log in', url: emailLinks.login(webUrl) },
    }),
  };
}
