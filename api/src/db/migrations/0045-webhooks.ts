import type { Migration } from './migration.js';

/**
 * Webhooks (issue 35 point 5, docs/decisions/0111). An organization's endpoints: the URL, the events it takes, on or
 * off, and its signing secret sealed with the secret box (AES-256-GCM under `SSO_SECRET_KEY`, as SSO client
 * secrets: the API must read it back to sign, so it cannot be hashed). A delivery is one event for one endpoint,
 * written in the transaction that ends the run (so an event is recorded exactly once); `(endpoint_id, event_id)` is
 * unique, so nothing can record it twice. It keeps its attempts and the last response (status, first bytes of the
 * body) for the delivery log; it goes with its endpoint.
 */
export const webhooksMigration: Migration = {
  version: '0045-webhooks',
  sql: /* sql */ `
    create table webhook_endpoints (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      url text not null,
      description text not null default '',
      event_types text[] not null,
      enabled boolean not null default true,
      secret text not null,
      created_at timestamptz not null default now(),
      secret_rotated_at timestamptz
    );
    create index webhook_endpoints_organization_index on webhook_endpoints (organization_id, created_at);

    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      event_id text not null,
      event_type text not null,
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      last_attempt_at timestamptz,
      next_attempt_at timestamptz,
      response_status integer,
      response_body text,
      last_error text check (last_error in ('timeout', 'refused', 'network')),
      unique (endpoint_id, event_id)
    );
    create index webhook_deliveries_endpoint_index on webhook_deliveries (endpoint_id, created_at desc);
  `,
};
