import { listOutboxMessages, type OutboxMessage } from '../adapters/mailer/email-outbox-repository.js';
import type { Queryable } from '../db/database.js';

/** The messages in the outbox, newest first; only those to `to` (any letter case) when given. */
export function readOutbox(database: Queryable, to?: string): Promise<OutboxMessage[]> {
  return listOutboxMessages(database, { to, limit: 1000 });
}

/** The newest message to `to`; fails the test when there is none. */
export async function latestEmailTo(database: Queryable, to: string): Promise<OutboxMessage> {
  const [message] = await readOutbox(database, to);
  if (!message) throw new Error(`no email to ${to} in the outbox`);
  return message;
}

export { findLinksInEmail } from '../modules/dev-mailbox/links-in-email.js';
