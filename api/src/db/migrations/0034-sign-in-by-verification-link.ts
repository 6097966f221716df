import type { Migration } from './migration.js';

/**
 * A confirmed sign-up signs its owner in (docs/decisions/0050): the sign-in history records those sessions with
 * their own method, `verification-link`.
 */
export const signInByVerificationLinkMigration: Migration = {
  version: '0034-sign-in-by-verification-link',
  sql: /* sql */ `
    alter table sign_in_attempts drop constraint if exists sign_in_attempts_method_check;
    alter table sign_in_attempts add constraint sign_in_attempts_method_check
      check (method in ('password', 'sso', 'two-step-code', 'recovery-code', 'verification-link'));
  `,
};
