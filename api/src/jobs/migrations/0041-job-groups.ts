import type { Migration } from '../../db/migrations/migration.js';

/**
 * Fair shares of a queue (docs/decisions/0092): a job may name a group (`group_key`, a flow run's organization), and
 * a queue may allow at most N running jobs of one group across every process. A claimed job of a group takes one of
 * the group's N slots (`group_slot`, 0 to N − 1); the unique index lets no two running jobs of a group hold the same
 * slot, so two processes claiming at once cannot both take the last one (the second's claim fails and it looks
 * again).
 */
export const jobGroupsMigration: Migration = {
  version: '0041-job-groups',
  sql: /* sql */ `
    alter table jobs add column group_key text;
    alter table jobs add column group_slot integer check (group_slot >= 0);
    create unique index jobs_group_slot_index on jobs (queue, group_key, group_slot)
      where state = 'running' and group_slot is not null;
  `,
};
