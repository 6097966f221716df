import type { Migration } from './migration.js';

/**
 * The organization's activity log (docs/decisions/0033): who changed what in the organization, and when. Rows are
 * only ever added; they go with the organization when it is deleted. `actor_email` and `actor_name` are kept as
 * they were at the time, so an entry still reads right after the person left; a deleted account's entries lose
 * the link (`actor_user_id` null) but keep the words. `details` holds the change's small facts (a role, a region,
 * a key's name), never secrets.
 */
export const activityLogMigration: Migration = {
  version: '0018-activity-log',
  sql: /* sql */ `
    create table organization_activity (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      actor_user_id uuid references users (id) on delete set null,
      actor_email text not null,
      actor_name text not null,
      action text not null,
      subject text,
      details jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    );
    create index organization_activity_newest_index on organization_activity (organization_id, created_at desc, id);
  `,
};
