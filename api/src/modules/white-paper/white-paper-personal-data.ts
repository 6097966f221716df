import { isoDate, type PersonalDataSection } from '../personal-data/personal-data-section.js';

/** White-paper downloads requested with the account's address. */
export const whitePaperRequestPersonalData: PersonalDataSection = {
  name: 'whitePaperRequests',
  async collect(database, { email }) {
    const rows = await database.query<Record<string, unknown> & { requestedAt: Date }>(
      `select first_name as "firstName", last_name as "lastName", company, job_title as "jobTitle",
              receive_emails as "receiveEmails", requested_at as "requestedAt"
       from white_paper_requests where email = $1 order by requested_at`,
      [email],
    );
    return rows.map((row) => ({ ...row, requestedAt: isoDate(row.requestedAt) }));
  },
  async erase(transaction, { email }) {
    await transaction.query('delete from white_paper_requests where email = $1', [email]);
  },
};
