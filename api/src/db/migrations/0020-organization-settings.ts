import type { Migration } from './migration.js';

/**
 * The organization's own settings (docs/decisions/0034): where its data is stored, how long passwords last, and
 * whether every member must use two-step verification. `users.password_changed_at` dates each password, so an
 * expiry policy can send members whose password is older through the expired-password page; existing passwords
 * are dated from this migration, so turning a policy on never expires everyone at once.
 */
export const organizationSettingsMigration: Migration = {
  version: '0020-organization-settings',
  sql: /* sql */ `
    alter table organizations
      add column region text not null default 'europe-west1',
      add column password_expires_after_days integer
        check (password_expires_after_days is null or password_expires_after_days between 30 and 365),
      add column two_step_required boolean not null default false;
    alter table users add column password_changed_at timestamptz not null default now();
  `,
};
