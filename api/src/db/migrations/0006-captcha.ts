import type { Migration } from './migration.js';

/**
 * Captcha challenges already solved, so a solution is accepted once. A challenge is identified by its HMAC
 * signature; the row lives as long as the challenge could still be accepted (its `expires_at`) and is purged
 * after that, as an expired challenge is refused anyway.
 */
export const captchaMigration: Migration = {
  version: '0006-captcha',
  sql: /* sql */ `
    create table captcha_used_challenges (
      signature text primary key,
      expires_at timestamptz not null
    );
    create index captcha_used_challenges_expires_at_index on captcha_used_challenges (expires_at);
  `,
};
