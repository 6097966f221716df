import type { Migration } from './migration.js';

/**
 * Marketing and reminder emails (docs/decisions/0018-marketing-emails.md):
 *
 * - `email_unsubscribes`: addresses that asked for no more marketing email through the link in one, whether or
 *   not they have an account (a white-paper lead may be here too). One row per address, kept from the first time.
 * - `email_campaign_deliveries`: which user got which one-time email (`discover-dcipher`,
 *   `email-verification-reminder`, `feature-updates/<campaign>`), so a re-run sends nothing twice. A row is
 *   claimed before the send and released if the send fails, so two runs at once cannot both email someone.
 * - `email_outbox.headers`: extra headers of a message (`List-Unsubscribe`), kept with it like everything else.
 */
export const marketingEmailsMigration: Migration = {
  version: '0013-marketing-emails',
  sql: /* sql */ `
    create table email_unsubscribes (
      email text primary key check (email = lower(email)),
      unsubscribed_at timestamptz not null default now()
    );

    create table email_campaign_deliveries (
      user_id uuid not null references users (id) on delete cascade,
      campaign text not null,
      sent_at timestamptz not null default now(),
      primary key (user_id, campaign)
    );
    create index email_campaign_deliveries_campaign_index on email_campaign_deliveries (campaign);

    alter table email_outbox add column headers jsonb;
  `,
};
