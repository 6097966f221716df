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

/**
 * Waits (up to 5 seconds) until the outbox holds `count` messages to `to`, for email the API sends after it has
 * answered; answers them, newest first. Fails the test when they do not come.
 */
export async function waitForEmailsTo(
  database: Queryable,
  to: string,
  count: number,
): Promise<OutboxMessage[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const messages = await readOutbox(database, to);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`${messages.length} of ${count} emails to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export { findLinksInEmail } from '../modules/dev-mailbox/links-in-email.js';
