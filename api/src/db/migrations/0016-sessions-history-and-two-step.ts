import type { Migration } from './migration.js';

/**
 * Privacy & security (docs/decisions/0025).
 *
 * A session is a refresh-token family: `sessions` describes it (when it began and was last used, from which
 * browser and address); whether it is still live is read from its newest refresh token (the partial index finds
 * it in one lookup), so there is one source of truth for revocation. Families issued before this migration get a
 * row without browser or address.
 *
 * `sign_in_attempts` keeps the recent attempts on each account (never the typed password); the API prunes each
 * account to its newest 100 on insert.
 *
 * Two-step verification: the TOTP secret as base32, which the code check needs in clear (encryption at rest is a
 * follow-up, see the decision record); `last_used_step` refuses a code a second time; recovery codes are kept as
 * SHA-256. A challenge is the half-done sign-in between the password (or SSO) and the code: its token as SHA-256,
 * 5 minutes, at most 5 codes.
 */
export const sessionsHistoryAndTwoStepMigration: Migration = {
  version: '0016-sessions-history-and-two-step',
  sql: /* sql */ `
    create table sessions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_active_at timestamptz not null default now(),
      user_agent text not null default '',
      ip_address text not null default '',
      browser text not null default '',
      os text not null default ''
    );
    create index sessions_user_id_index on sessions (user_id);

    insert into sessions (id, user_id, created_at, last_active_at)
    select family_id, (array_agg(user_id))[1], min(created_at), max(created_at)
    from refresh_tokens group by family_id;

    alter table refresh_tokens
      add constraint refresh_tokens_family_id_fkey foreign key (family_id) references sessions (id) on delete cascade;
    create index refresh_tokens_live_family_index on refresh_tokens (family_id)
      where used_at is null and revoked_at is null;

    create table sign_in_attempts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      attempted_at timestamptz not null default now(),
      method text not null check (method in ('password', 'sso', 'two-step-code', 'recovery-code')),
      outcome text not null,
      user_agent text not null default '',
      ip_address text not null default '',
      browser text not null default '',
      os text not null default ''
    );
    create index sign_in_attempts_user_id_index on sign_in_attempts (user_id, attempted_at desc);

    create table two_factor_settings (
      user_id uuid primary key references users (id) on delete cascade,
      secret text,
      pending_secret text,
      enabled_at timestamptz,
      last_used_step bigint,
      updated_at timestamptz not null default now()
    );

    create table two_factor_recovery_codes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, code_hash)
    );

    create table two_factor_challenges (
      id uuid primary key default gen_random_uuid(),
      token_hash text not null unique,
      user_id uuid not null references users (id) on delete cascade,
      method text not null check (method in ('password', 'sso')),
      session_ttl_seconds integer not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index two_factor_challenges_user_id_index on two_factor_challenges (user_id);
  `,
};
