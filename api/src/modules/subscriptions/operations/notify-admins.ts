import { type EmailMessage, sendLoggingFailure } from '../../../adapters/mailer/mailer.js';
import { findActiveAdmins } from '../../people/membership-repository.js';
import type { SubscriptionContext } from './subscription-context.js';

/**
 * An email to each active admin of the organization (the trial plan's confirmations, docs/decisions/0113); none
 * without the context's `emails`. A failure is logged, what was done stands.
 */
export async function notifyAdmins(
  { database, emails }: SubscriptionContext,
  organizationId: string,
  message: (to: string, webUrl: string) => EmailMessage,
) {
  if (!emails) return;
  try {
    for (const admin of await findActiveAdmins(database, organizationId)) {
      await sendLoggingFailure(emails.mailer, message(admin.email, emails.webUrl), emails.log);
    }
  } catch (error) {
    emails.log.error({ err: error }, 'a plan confirmation could not be sent');
  }
}
