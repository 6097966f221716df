import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/**
 * The person's own entries in their organization's activity log. Deleting the account leaves the organization's
 * record of what happened but not who did it: the entries are kept as "A former member".
 */
export const activityLogPersonalData: PersonalDataSection = {
  name: 'organizationActivity',
  async collect(database, { userId }) {
    const rows = await database.query<{ at: Date; action: string; subject: string | null; details: unknown }>(
      `select created_at as "at", action, subject, details from organization_activity
       where actor_user_id = $1 order by created_at`,
      [userId],
    );
    return rows.map((row) => ({ ...row, at: isoDate(row.at) }));
  },
  async erase(transaction, { userId, email }) {
    await transaction.query(
      `update organization_activity set actor_user_id = null, actor_email = '', actor_name = 'A former member'
       where actor_user_id = $1 or actor_email = $2`,
      [userId, email],
    );
    // Entries about the person (an invitation sent to their address) keep the change but not the address.
    await transaction.query(
      `update organization_activity set subject = 'a former member' where subject = $1`,
      [email],
    );
  },
};
