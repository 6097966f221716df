import type { ContactRequestInputSchema, ContactRequestReceipt } from '@dcipher/shared/contract';
import type * as v from 'valibot';
import type { Queryable } from '../../db/database.js';
import { db } from '../../db/kysely.js';

export async function insertContactRequest(
  database: Queryable,
  request: v.InferOutput<typeof ContactRequestInputSchema>,
): Promise<ContactRequestReceipt> {
  const row = await db(database)
    .insertInto('contactRequests')
    .values({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      company: request.company,
      jobTitle: request.jobTitle ?? null,
      phone: request.phone ?? null,
      topic: request.topic,
      message: request.message,
      receiveEmails: request.receiveEmails,
    })
    .returning(['id', 'receivedAt'])
    .executeTakeFirstOrThrow();
  return { id: row.id, receivedAt: row.receivedAt.toISOString() };
}
