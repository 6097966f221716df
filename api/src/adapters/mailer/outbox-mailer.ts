import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { insertOutboxMessage } from './email-outbox-repository.js';
import { toEmailText } from './email-text.js';
import { assertSendable, type Mailer } from './mailer.js';

/**
 * The one mailer requests use: a message is stored in `email_outbox` and the request goes on, never waiting for a
 * mail server (docs/decisions/0030-email-queue.md).
 *
 * - Without `sender` (no `SMTP_URL`: local, development and test stacks) storing is the delivery: the message is
 *   `sent` at once, and people read it at `/dev/mailbox`, tests through `readOutbox`.
 * - With `sender`, the message is `queued` and the sender is nudged to deliver it in the background.
 */
export function createOutboxMailer(database: Queryable, sender?: { nudge(): void }): Mailer {
  return {
    async send(email) {
      // Subjects are often built from names customers typed: one line, no bidirectional tricks, whatever they hold.
      const message = { ...email, subject: toEmailText(email.subject) };
      assertSendable(message);
      const id = randomUUID();
      await insertOutboxMessage(database, id, message, sender ? 'queued' : 'sent');
      sender?.nudge();
      return { id };
    },
  };
}
