import { freeTrialDays } from '@dcipher/shared/domain';
import { emailLinks } from '@dcipher/shared/routes';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage } from '../../adapters/mailer/mailer.js';
import { trialReactivationLinkLifetimeDays } from './trial-reactivation-tokens.js';

/**
 * To an admin of an organization whose free trial ended: a one-time link to restart it. Names no organization:
 * its name is text someone typed at sign-up, and the email needs none of it.
 */
export function trialReactivationEmail(to: string, webUrl: string, token: string): EmailMessage {
  const url = emailLinks.reactivateTrial(webUrl, token);
  return {
    to,
    subject: 'Reactivate your Dcipher free trial',
    tag: 'trial-reactivation',
    ...renderEmailLayout({
      preheader: `Your free trial has ended. Restart it for another ${freeTrialDays} days, no credit card needed.`,
      heading: 'Your free trial has ended',
      paragraphs: [
        `The free trial of your organization's Dcipher account has ended. You can restart it for another ` +
          `${freeTrialDays} days, no credit card needed, with the button below.`,
        `This link works once and expires in ${trialReactivationLinkLifetimeDays} days.`,
      ],
      action: { label: 'Reactivate my free trial', url },
      footer:
        'You received this email because you are an admin of a Dcipher organization whose free trial has ended. ' +
        'If you do not want to continue, ignore it: nothing changes.',
    }),
  };
}
