import type { Migration } from './migration.js';

/**
 * Rate-limit counters, kept in the database so every API replica sees the same counts. One row per bucket (an
 * endpoint) and client (an IP address): the current window's end and how many requests it has had. Rows of
 * ended windows are purged; they hold IP addresses, which are not kept longer than the limit needs them.
 */
export const rateLimitsMigration: Migration = {
  version: '0003-rate-limits',
  sql: /* sql */ `
    create table rate_limit_windows (
      bucket text not null,
      client_key text not null,
      window_ends_at timestamptz not null,
      hits integer not null check (hits > 0),
      primary key (bucket, client_key)
    );
    create index rate_limit_windows_window_ends_at_index on rate_limit_windows (window_ends_at);
  `,
};
