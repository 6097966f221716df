import type { Migration } from '../../db/migrations/migration.js';

/**
 * The jobs module (docs/decisions/0059): every background job is a row, claimed with `for update skip locked` and a
 * lease that a running handler renews (its heartbeat), so a worker killed mid-job leaves a lease that runs out and
 * another worker takes the job over.
 * - `state`: `queued` (due at `run_at`), `running`, `succeeded`, `dead` (out of attempts: listed and retried by hand).
 * - `singleton_key`: at most one queued job of a queue per key (a nudge while one is waiting adds none; one while
 *   it runs queues the next pass).
 * - `schedule_slot`: the slot of a schedule (`<name>@<ISO time>`) a job fires for: unique, so any number of processes
 *   firing the same slot make one job.
 */
export const jobsMigration: Migration = {
  version: '0036-jobs',
  sql: /* sql */ `
    create table jobs (
      id uuid primary key default gen_random_uuid(),
      queue text not null,
      payload jsonb not null default '{}'::jsonb,
      state text not null check (state in ('queued', 'running', 'succeeded', 'dead')),
      run_at timestamptz not null default now(),
      attempts integer not null default 0 check (attempts >= 0),
      max_attempts integer not null check (max_attempts >= 1),
      lease_seconds integer not null check (lease_seconds >= 1),
      locked_by text,
      locked_until timestamptz,
      last_error text,
      singleton_key text,
      schedule_slot text unique,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    create index jobs_due_index on jobs (queue, run_at) where state = 'queued';
    create index jobs_running_lease_index on jobs (locked_until) where state = 'running';
    create index jobs_finished_index on jobs (finished_at) where state = 'succeeded';
    create unique index jobs_singleton_index on jobs (queue, singleton_key)
      where singleton_key is not null and state = 'queued';
  `,
};
