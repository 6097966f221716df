import { freeTrialDays } from '@dcipher/shared/domain';
import { emailLinks } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';
import { emailVerificationLinkLifetimeHours } from './email-verification-tokens.js';

// Neither email repeats what the sign-up form said (a name, a company): anyone can sign up with someone else's
// address, and our emails must not carry a stranger's text (or links) into that inbox.

/** The link a new account's address is confirmed with; the site's /verify-email page posts the token. */
export function verificationEmail(to: string, webUrl: string, token: string): EmailMessage {
  const url = emailLinks.verifyEmail(webUrl, token);
  return {
    to,
    subject: 'Confirm your email address for Dcipher',
    tag: 'email-verification',
    ...renderEmailLayout({
      preheader: `Confirm your address to log in and use your ${freeTrialDays}-day free trial.`,
      heading: 'Confirm your email address',
      paragraphs: [
        `Thanks for signing up for Dcipher. Your ${freeTrialDays}-day free trial has started, no credit card ` +
          'needed. Confirm that this is your email address to log in.',
        `This link expires in ${emailVerificationLinkLifetimeHours} hours. If it has expired, open it anyway ` +
          'and ask for a new one.',
      ],
      action: { label: 'Confirm email address', url },
      footer:
        'You received this email because someone signed up for Dcipher with this address. If that was not you, ' +
        'ignore it: the account cannot be used without confirming.',
    }),
  };
}

/** Sent instead of a verification link when someone signs up with an address that already has an account. */
export function existingAccountNotice(to: string, webUrl: string): EmailMessage {
  return {
    to,
    subject: 'Someone tried to sign up with your email address',
    tag: 'sign-up-existing-account',
    ...renderEmailLayout({
      preheader: 'You already have a Dcipher account with this address.',
      heading: 'You already have a Dcipher account',
      paragraphs: [
        'Someone — hopefully you — tried to create a Dcipher account with this address. If it was you, log in ' +
          'or reset your password.',
        `Forgot your password? You can set a new one at ${emailLinks.forgotPassword(webUrl)}`,
        'If it was not you, you can ignore this email: nothing has changed on your account.',
      ],
      action: { label: 'Log in', url: emailLinks.login(webUrl) },
    }),
  };
}

/**
 * Quick registration (`POST /register/quick`): a link to the sign-up form with the address filled in. Nothing is
 * created until the form is sent, so this email only invites; it carries nothing but the address it went to.
 */
export function quickSignUpEmail(to: string, webUrl: string): EmailMessage {
  const url = emailLinks.signup(webUrl, { email: to });
  return {
    to,
    subject: 'Finish creating your Dcipher account',
    tag: 'quick-sign-up',
    ...renderEmailLayout({
      preheader: `One more step to start your ${freeTrialDays}-day free trial.`,
      heading: 'Finish creating your Dcipher account',
      paragraphs: [
        `Thanks for your interest in Dcipher. Finish creating your account to start your ${freeTrialDays}-day ` +
          'free trial, no credit card needed: it takes a minute.',
      ],
      action: { label: 'Finish creating my account', url },
      footer:
        'You received this email because someone asked to start a Dcipher free trial with this address. If that ' +
        'was not you, ignore it: no account has been created.',
    }),
  };
}
