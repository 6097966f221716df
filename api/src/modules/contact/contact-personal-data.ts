import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** Contact requests sent from the marketing site with the account's address (a lead, before or after sign-up). */
export const contactRequestPersonalData: PersonalDataSection = {
  name: 'contactRequests',
  async collect(database, { email }) {
    const rows = await db(database)
      .selectFrom('contactRequests')
      .select([
        'firstName',
        'lastName',
        'company',
        'jobTitle',
        'phone',
        'topic',
        'message',
        'receiveEmails',
        'receivedAt',
      ])
      .where('email', '=', email)
      .orderBy('receivedAt')
      .execute();
    return rows.map((row) => ({ ...row, receivedAt: isoDate(row.receivedAt) }));
  },
  async erase(transaction, { email }) {
    await db(transaction).deleteFrom('contactRequests').where('email', '=', email).execute();
  },
};
