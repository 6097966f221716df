import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** White-paper downloads requested with the account's address. */
export const whitePaperRequestPersonalData: PersonalDataSection = {
  name: 'whitePaperRequests',
  async collect(database, { email }) {
    const rows = await db(database)
      .selectFrom('whitePaperRequests')
      .select(['firstName', 'lastName', 'company', 'jobTitle', 'receiveEmails', 'requestedAt'])
      .where('email', '=', email)
      .orderBy('requestedAt')
      .execute();
    return rows.map((row) => ({ ...row, requestedAt: isoDate(row.requestedAt) }));
  },
  async erase(transaction, { email }) {
    await db(transaction).deleteFrom('whitePaperRequests').where('email', '=', email).execute();
  },
};
