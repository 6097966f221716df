import type { WhitePaperRequestInputSchema } from '@dcipher/shared/contract';
import type * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

/** Records the lead of a white-paper download. */
export async function insertWhitePaperRequest(
  database: Queryable,
  request: v.InferOutput<typeof WhitePaperRequestInputSchema>,
): Promise<void> {
  await db(database)
    .insertInto('whitePaperRequests')
    .values({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      company: request.company,
      jobTitle: request.jobTitle ?? null,
      receiveEmails: request.receiveEmails,
    })
    .execute();
}
