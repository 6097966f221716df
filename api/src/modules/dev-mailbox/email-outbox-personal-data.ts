import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The emails sent to the user's address: when and what about, never the bodies (they hold one-time links).
 * Deleting the account deletes them, and every other email that names the address (the notice to the old address
 * about an email change...): the outbox keeps no address of someone who is gone.
 */
export const sentEmailPersonalData: PersonalDataSection = {
  name: 'emailsSent',
  async collect(database, { email }) {
    const rows = await database.query<{ subject: string; createdAt: Date }>(
      `select subject, created_at as "createdAt" from email_outbox where lower(to_address) = $1
       order by created_at`,
      [email],
    );
    return rows.map((row) => ({ subject: row.subject, sentAt: isoDate(row.createdAt) }));
  },
  async erase(transaction, { email }) {
    await transaction.query(
      `delete from email_outbox
       where lower(to_address) = $1 or strpos(lower(subject || html || text || coalesce(headers::text, '')), $1) > 0`,
      [email],
    );
  },
};
