import type { ContactRequestInputSchema, ContactRequestReceipt } from '@dcipher/shared/contract';
import type * as v from 'valibot';
import type { Queryable } from '../../db/database.js';

export async function insertContactRequest(
  database: Queryable,
  request: v.InferOutput<typeof ContactRequestInputSchema>,
): Promise<ContactRequestReceipt> {
  const [row] = await database.query<{ id: string; receivedAt: Date }>(
    `insert into contact_requests (first_name, last_name, email, company, job_title, phone, topic, message,
                                   receive_emails)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning id, received_at as "receivedAt"`,
    [
      request.firstName,
      request.lastName,
      request.email,
      request.company,
      request.jobTitle ?? null,
      request.phone ?? null,
      request.topic,
      request.message,
      request.receiveEmails,
    ],
  );
  if (!row) throw new Error('contact request insert returned no row');
  return { id: row.id, receivedAt: new Date(row.receivedAt).toISOString() };
}
