import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The user's requests to change their sign-in address (the new address, when asked, until when, if confirmed). */
export const emailChangePersonalData: PersonalDataSection = {
  name: 'emailChangeRequests',
  async collect(database, { userId }) {
    const rows = await db(database)
      .selectFrom('emailChangeTokens')
      .select(['newEmail', 'createdAt', 'expiresAt', 'usedAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute();
    return rows.map((row) => ({
      newEmail: row.newEmail,
      createdAt: isoDate(row.createdAt),
      expiresAt: isoDate(row.expiresAt),
      usedAt: isoDate(row.usedAt),
    }));
  },
};
