import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** Marketing consent beyond the profile's opt-in: the address's unsubscribe and the one-time emails sent. */
export const marketingEmailPersonalData: PersonalDataSection = {
  name: 'marketingEmails',
  async collect(database, { userId, email }) {
    const [unsubscribe] = await database.query<{ unsubscribedAt: Date }>(
      'select unsubscribed_at as "unsubscribedAt" from email_unsubscribes where email = $1',
      [email],
    );
    const deliveries = await database.query<{ campaign: string; sentAt: Date }>(
      `select campaign, sent_at as "sentAt" from email_campaign_deliveries where user_id = $1 order by sent_at`,
      [userId],
    );
    return {
      unsubscribedAt: isoDate(unsubscribe?.unsubscribedAt),
      campaignsSent: deliveries.map((delivery) => ({ ...delivery, sentAt: isoDate(delivery.sentAt) })),
    };
  },
  async erase(transaction, { email }) {
    // Kept by address, not by user. Once the account is gone an old "no" has nothing left to protect.
    await transaction.query('delete from email_unsubscribes where email = $1', [email]);
  },
};
