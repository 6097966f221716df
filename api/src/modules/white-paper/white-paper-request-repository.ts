import type { WhitePaperRequestInputSchema } from '@dcipher/shared/contract';
import type * as v from 'valibot';
import type { Queryable } from '../../db/database.js';

/** Records the lead of a white-paper download. */
export async function insertWhitePaperRequest(
  database: Queryable,
  request: v.InferOutput<typeof WhitePaperRequestInputSchema>,
): Promise<void> {
  await database.query(
    `insert into white_paper_requests (first_name, last_name, email, company, job_title, receive_emails)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      request.firstName,
      request.lastName,
      request.email,
      request.company,
      request.jobTitle ?? null,
      request.receiveEmails,
    ],
  );
}
