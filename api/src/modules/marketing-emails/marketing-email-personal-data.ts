import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** Marketing consent beyond the profile's opt-in: the address's unsubscribe and the one-time emails sent. */
export const marketingEmailPersonalData: PersonalDataSection = {
  name: 'marketingEmails',
  async collect(database, { userId, email }) {
    const unsubscribe = await db(database)
      .selectFrom('emailUnsubscribes')
      .select('unsubscribedAt')
      .where('email', '=', email)
      .executeTakeFirst();
    const deliveries = await db(database)
      .selectFrom('emailCampaignDeliveries')
      .select(['campaign', 'sentAt'])
      .where('userId', '=', userId)
      .orderBy('sentAt')
      .execute();
    return {
      unsubscribedAt: isoDate(unsubscribe?.unsubscribedAt),
      campaignsSent: deliveries.map((delivery) => ({ ...delivery, sentAt: isoDate(delivery.sentAt) })),
    };
  },
  async erase(transaction, { email }) {
    // Kept by address, not by user. Once the account is gone an old "no" has nothing left to protect.
    await db(transaction).deleteFrom('emailUnsubscribes').where('email', '=', email).execute();
  },
};
