import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { insertOutboxMessage } from './email-outbox-repository.js';
import { assertSendable, type Mailer } from './mailer.js';

/**
 * The embedded mailer: a message is stored in `email_outbox` and goes no further. Local, development and test
 * stacks use it; people read their mail at `/dev/mailbox`, tests through `readOutbox`.
 */
export function createOutboxMailer(database: Queryable): Mailer {
  return {
    async send(message) {
      assertSendable(message);
      const id = randomUUID();
      await insertOutboxMessage(database, id, message);
      return { id };
    },
  };
}
