import type { Migration } from './migration.js';

/**
 * The outbox becomes a queue (docs/decisions/0030-email-queue.md): requests only store a message, and a
 * background sender in each API process delivers it through SMTP, retrying with backoff.
 *
 * - `status`: `queued` (waiting for the sender, or for its next try), `sent`, or `failed` (the tries ran out).
 *   Without SMTP the outbox is the delivery, so messages are stored `sent` right away. Rows from before this
 *   migration were delivered (or only kept in the outbox) already: `sent`.
 * - `attempts`: tries so far, counted when a sender claims the message.
 * - `next_attempt_at`: when a queued message is due.
 * - `locked_until`: a sender's lease on the message while it delivers; another process may take it over once
 *   it has passed (the first one crashed).
 * - `last_error`: why the last try failed: error code, SMTP reply code and a short message, never credentials.
 */
export const emailQueueMigration: Migration = {
  version: '0017-email-queue',
  sql: /* sql */ `
    alter table email_outbox
      add column status text not null default 'sent' check (status in ('queued', 'sent', 'failed')),
      add column attempts integer not null default 0,
      add column next_attempt_at timestamptz,
      add column locked_until timestamptz,
      add column last_error text,
      add column sent_at timestamptz;
    update email_outbox set sent_at = created_at;
    alter table email_outbox alter column status set default 'queued';
    create index email_outbox_due_index on email_outbox (next_attempt_at) where status = 'queued';
  `,
};
