import type { Migration } from './migration.js';

/**
 * Every email the API sends, whichever mailer delivered it. Outside production the outbox is the delivery
 * (read at `/dev/mailbox`); with SMTP it is the audit trail. Bodies hold one-time links, so the table is as
 * sensitive as the tokens themselves.
 */
export const emailOutboxMigration: Migration = {
  version: '0005-email-outbox',
  sql: /* sql */ `
    create table email_outbox (
      id uuid primary key default gen_random_uuid(),
      to_address text not null,
      subject text not null,
      html text not null,
      text text not null,
      tag text,
      created_at timestamptz not null default now()
    );
    create index email_outbox_recipient_index on email_outbox (lower(to_address), created_at desc);
    create index email_outbox_created_at_index on email_outbox (created_at desc);
  `,
};
