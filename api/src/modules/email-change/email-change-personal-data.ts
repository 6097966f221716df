import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** The user's requests to change their sign-in address (the new address, when asked, until when, if confirmed). */
export const emailChangePersonalData: PersonalDataSection = {
  name: 'emailChangeRequests',
  async collect(database, { userId }) {
    const rows = await database.query<{
      newEmail: string;
      createdAt: Date;
      expiresAt: Date;
      usedAt: Date | null;
    }>(
      `select new_email as "newEmail", created_at as "createdAt", expires_at as "expiresAt", used_at as "usedAt"
       from email_change_tokens where user_id = $1 order by created_at`,
      [userId],
    );
    return rows.map((row) => ({
      newEmail: row.newEmail,
      createdAt: isoDate(row.createdAt),
      expiresAt: isoDate(row.expiresAt),
      usedAt: isoDate(row.usedAt),
    }));
  },
};
