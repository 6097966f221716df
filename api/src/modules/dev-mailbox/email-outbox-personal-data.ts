import { sql } from 'kysely';
import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The emails sent to the user's address: when and what about, never the bodies (they hold one-time links).
 * Deleting the account deletes them, and every other email that names the address (the notice to the old address
 * about an email change...): the outbox keeps no address of someone who is gone.
 */
export const sentEmailPersonalData: PersonalDataSection = {
  name: 'emailsSent',
  async collect(database, { email }) {
    const rows = await db(database)
      .selectFrom('emailOutbox')
      .select(['subject', 'createdAt'])
      .where((eb) => eb(eb.fn('lower', ['toAddress']), '=', email))
      .orderBy('createdAt')
      .execute();
    return rows.map((row) => ({ subject: row.subject, sentAt: isoDate(row.createdAt) }));
  },
  async erase(transaction, { email }) {
    await db(transaction)
      .deleteFrom('emailOutbox')
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['toAddress']), '=', email),
          eb(
            eb.fn('strpos', [
              sql<string>`lower(subject || html || text || coalesce(headers::text, ''))`,
              eb.val(email),
            ]),
            '>',
            0,
          ),
        ]),
      )
      .execute();
  },
};
