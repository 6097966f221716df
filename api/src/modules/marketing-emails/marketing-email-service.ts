import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage, Mailer } from '../../adapters/mailer/mailer.js';
import type { Database } from '../../db/database.js';
import { reissueEmailVerificationToken } from '../registration/email-verification-tokens.js';
import { UnsubscribeLinkInvalidError } from './marketing-email-errors.js';
import {
  campaigns,
  claimDelivery,
  findMarketingRecipients,
  findUnverifiedRecipients,
  type Recipient,
  releaseDelivery,
  unsubscribeAddress,
} from './marketing-email-repository.js';
import {
  discoverDcipherEmail,
  type FeatureUpdatesCampaignInput,
  featureUpdatesEmail,
  verificationReminderEmail,
} from './marketing-emails.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

/** "Discover Dcipher" goes to users in their first 14 days (the length of the free trial). */
export const discoverDcipherWindowDays = 14;
/** The verification reminder goes to users who have not confirmed within a day (a first link's lifetime). */
export const verificationReminderAfterHours = 24;

export interface MarketingEmailServiceDependencies {
  database: Database;
  mailer: Mailer;
  unsubscribeLinks: UnsubscribeLinks;
  /** The marketing site's public URL (`WEB_URL`), where the emailed links lead. */
  webUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The staff-run senders (onboarding, product updates, verification reminders) and the unsubscribe link. Each
 * sender emails a user a given email at most once: the delivery is recorded before the send and removed again if
 * the send fails, so the next run retries that user. A failed send is logged and skipped; the others still go.
 */
export function createMarketingEmailService({
  database,
  mailer,
  unsubscribeLinks,
  webUrl,
  log,
}: MarketingEmailServiceDependencies) {
  async function sendToEach(
    recipients: Recipient[],
    campaign: string,
    compose: (recipient: Recipient) => Promise<EmailMessage | undefined>,
  ): Promise<{ sent: number }> {
    let sent = 0;
    for (const recipient of recipients) {
      if (!(await claimDelivery(database, recipient.id, campaign))) continue;
      try {
        const message = await compose(recipient);
        if (!message) continue;
        await mailer.send(message);
        sent += 1;
      } catch (error) {
        log.error({ err: error, campaign }, 'a campaign email could not be sent');
        await releaseDelivery(database, recipient.id, campaign).catch((releaseError: unknown) =>
          log.error({ err: releaseError, campaign }, 'a failed campaign delivery could not be released'),
        );
      }
    }
    return { sent };
  }

  return {
    async sendDiscoverDcipherEmails(): Promise<{ sent: number }> {
      const recipients = await findMarketingRecipients(database, campaigns.discoverDcipher, {
        signedUpWithinDays: discoverDcipherWindowDays,
      });
      return sendToEach(recipients, campaigns.discoverDcipher, async ({ email }) =>
        discoverDcipherEmail(email, webUrl, unsubscribeLinks.urlFor(email)),
      );
    },

    async sendFeatureUpdatesEmails(campaign: FeatureUpdatesCampaignInput): Promise<{ sent: number }> {
      const key = campaigns.featureUpdates(campaign.campaign);
      const recipients = await findMarketingRecipients(database, key);
      return sendToEach(recipients, key, async ({ email }) =>
        featureUpdatesEmail(email, webUrl, campaign, unsubscribeLinks.urlFor(email)),
      );
    },

    async sendEmailVerificationReminders(): Promise<{ sent: number }> {
      const recipients = await findUnverifiedRecipients(database, verificationReminderAfterHours);
      return sendToEach(recipients, campaigns.emailVerificationReminder, async ({ email }) => {
        // A fresh link: the first one has most likely expired, and issuing it ends the earlier ones. Nothing
        // is sent if the address was confirmed in the meantime.
        const token = await reissueEmailVerificationToken(database, email);
        return token === undefined ? undefined : verificationReminderEmail(email, webUrl, token);
      });
    },

    async unsubscribe(email: string, token: string): Promise<{ email: string; unsubscribed: true }> {
      if (!unsubscribeLinks.isValid(email, token)) throw new UnsubscribeLinkInvalidError();
      await unsubscribeAddress(database, email);
      return { email, unsubscribed: true };
    },
  };
}

export type MarketingEmailService = ReturnType<typeof createMarketingEmailService>;
