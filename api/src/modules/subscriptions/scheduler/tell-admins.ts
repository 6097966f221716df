import type { EmailMessage } from '../../../adapters/mailer/mailer.js';
import { findActiveAdmins } from '../../people/membership-repository.js';
import type { BillingSchedulerContext } from './scheduler-context.js';

/**
 * Sends `message` (one of `subscription-emails.ts`) to each active admin of the organization. A failure to send is
 * the step's failure: the renewal is then left to its lease, as before.
 */
export async function tellAdmins(
  { database, mailer, webUrl }: BillingSchedulerContext,
  organizationId: string,
  message: (to: string, webUrl: string) => EmailMessage,
) {
  for (const admin of await findActiveAdmins(database, organizationId))
    await mailer.send(message(admin.email, webUrl));
}
