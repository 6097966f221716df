import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** Contact requests sent from the marketing site with the account's address (a lead, before or after sign-up). */
export const contactRequestPersonalData: PersonalDataSection = {
  name: 'contactRequests',
  async collect(database, { email }) {
    const rows = await database.query<Record<string, unknown> & { receivedAt: Date }>(
      `select first_name as "firstName", last_name as "lastName", company, job_title as "jobTitle", phone, topic,
              message, receive_emails as "receiveEmails", received_at as "receivedAt"
       from contact_requests where email = $1 order by received_at`,
      [email],
    );
    return rows.map((row) => ({ ...row, receivedAt: isoDate(row.receivedAt) }));
  },
  async erase(transaction, { email }) {
    await transaction.query('delete from contact_requests where email = $1', [email]);
  },
};
