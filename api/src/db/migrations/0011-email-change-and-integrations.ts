import type { Migration } from './migration.js';

/**
 * Changing a verified user's sign-in address, and the tokens of connected third-party tools (docs/decisions/0016).
 *
 * `email_change_tokens`: one pending change per user (issuing a new one deletes the earlier ones), the new address
 * and the one-time token of the link sent to it, kept as SHA-256 only and valid 24 hours like verification links.
 * Until the link is opened the old address stays the sign-in address.
 *
 * `integration_tokens`: the tokens a user's Miro (per team) or SurveyMonkey authorization code was exchanged for,
 * one row per user, provider and team (`team_id` is '' for providers without teams); a new exchange replaces it.
 */
export const emailChangeAndIntegrationsMigration: Migration = {
  version: '0011-email-change-and-integrations',
  sql: /* sql */ `
    create table email_change_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      new_email text not null check (new_email = lower(new_email)),
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index email_change_tokens_user_id_index on email_change_tokens (user_id);

    create table integration_tokens (
      user_id uuid not null references users (id) on delete cascade,
      provider text not null check (provider in ('miro', 'surveymonkey')),
      team_id text not null default '',
      access_token text not null,
      refresh_token text,
      expires_at timestamptz,
      scope text,
      saved_at timestamptz not null default now(),
      primary key (user_id, provider, team_id)
    );
  `,
};
