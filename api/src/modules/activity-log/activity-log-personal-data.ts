import { db } from '../../db/kysely.js';
import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The person's own entries in their organization's activity log. Deleting the account leaves the organization's
 * record of what happened but not who did it: the entries are kept as "A former member".
 */
export const activityLogPersonalData: PersonalDataSection = {
  name: 'organizationActivity',
  async collect(database, { userId }) {
    const rows = await db(database)
      .selectFrom('organizationActivity')
      .select(['createdAt as at', 'action', 'subject', 'details'])
      .where('actorUserId', '=', userId)
      .orderBy('createdAt')
      .execute();
    return rows.map((row) => ({ ...row, at: isoDate(row.at) }));
  },
  async erase(transaction, { userId, email }) {
    await db(transaction)
      .updateTable('organizationActivity')
      .set({ actorUserId: null, actorEmail: '', actorName: 'A former member' })
      .where((eb) => eb.or([eb('actorUserId', '=', userId), eb('actorEmail', '=', email)]))
      .execute();
    // Entries about the person (an invitation sent to their address) keep the change but not the address.
    await db(transaction)
      .updateTable('organizationActivity')
      .set({ subject: 'a former member' })
      .where('subject', '=', email)
      .execute();
  },
};
