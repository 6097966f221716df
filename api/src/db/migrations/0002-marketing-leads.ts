import type { Migration } from './migration.js';

/**
 * What visitors of the marketing site send: contact requests and white-paper downloads (leads). Nothing links
 * them to users; a visitor may never sign up. Optional fields the visitor left empty are null.
 */
export const marketingLeadsMigration: Migration = {
  version: '0002-marketing-leads',
  sql: /* sql */ `
    create table contact_requests (
      id uuid primary key default gen_random_uuid(),
      first_name text not null,
      last_name text not null,
      email text not null check (email = lower(email)),
      company text not null,
      job_title text,
      phone text,
      topic text not null check (topic in ('sales', 'support', 'partnership', 'press', 'other')),
      message text not null,
      receive_emails boolean not null,
      received_at timestamptz not null default now()
    );
    create index contact_requests_received_at_index on contact_requests (received_at);

    create table white_paper_requests (
      id uuid primary key default gen_random_uuid(),
      first_name text not null,
      last_name text not null,
      email text not null check (email = lower(email)),
      company text not null,
      job_title text,
      receive_emails boolean not null,
      requested_at timestamptz not null default now()
    );
    create index white_paper_requests_requested_at_index on white_paper_requests (requested_at);
  `,
};
