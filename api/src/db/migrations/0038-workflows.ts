import type { Migration } from './migration.js';

/**
 * Workflows (docs/decisions/0071): a flow is a resource of type `workflow` (its id is the resource's, so its
 * owner, grants and public role are the roles calls'); its runs are jobs of the jobs module, each with its timings,
 * progress, price and result; uploads are the data files flows read, parsed when they arrive.
 * - A workflow's name is unique in its organization, whatever the case: checked with the organization locked
 *   (`resources` holds other kinds whose names repeat, so no index says it).
 * - `flow_runs.schedule_slot`: the schedule slot a scheduled run is for, unique per flow, so two processes never
 *   run one slot twice.
 * - `flow_runs.idempotency_key`: asked by a caller so a retried request starts one run only.
 * - `flow_runs.reservation`: per usage category, the documents reserved, how many the quota covered and the
 *   credits debited when the run started; settled to what was analysed when it ends (`credits_charged`).
 * - At most one run of a flow is pending or running (a partial unique index).
 */
export const workflowsMigration: Migration = {
  version: '0038-workflows',
  sql: /* sql */ `
    create table flow_uploads (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      uploaded_by uuid references users (id) on delete set null,
      file_name text not null,
      format text not null,
      bytes bytea not null,
      byte_count integer not null check (byte_count >= 0),
      documents jsonb not null,
      document_count integer not null check (document_count >= 0),
      created_at timestamptz not null default now()
    );
    create index flow_uploads_organization_index on flow_uploads (organization_id, created_at);

    create table flows (
      id uuid primary key references resources (id) on delete cascade,
      organization_id uuid not null references organizations (id) on delete cascade,
      flow_type text not null check (flow_type in ('predefinedFlow', 'customFlow')),
      predefined_flow_id text,
      description text,
      analysis_type text not null
        check (analysis_type in ('trendDetection', 'contentAnalysis', 'newsAnalysis', 'narrativeAnalysis')),
      trend_metric text not null check (trend_metric in ('volume', 'momentum')),
      creativity_level text not null,
      inputs jsonb not null default '[]'::jsonb,
      data_sources jsonb not null default '[]'::jsonb,
      filters jsonb not null default '[]'::jsonb,
      schedule_frequency text
        check (schedule_frequency in ('daily', 'weekly', 'monthly', 'quarterly', 'semiannual', 'annual', 'biennial')),
      schedule_start_at timestamptz,
      next_run_at timestamptz,
      paused boolean not null default false,
      notifications boolean not null default true,
      visibility text not null default 'private' check (visibility in ('private', 'public')),
      state text not null default 'ready'
        check (state in ('pending', 'updating', 'ready', 'failed', 'archiving', 'archived', 'unarchiving')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((schedule_frequency is null) = (schedule_start_at is null))
    );
    create index flows_organization_index on flows (organization_id, flow_type);
    create index flows_due_index on flows (next_run_at) where next_run_at is not null and not paused;

    create table flow_runs (
      id uuid primary key default gen_random_uuid(),
      flow_id uuid not null references flows (id) on delete cascade,
      organization_id uuid not null references organizations (id) on delete cascade,
      number integer not null check (number >= 1),
      job_id uuid not null,
      kind text not null check (kind in ('regular', 'comparison')),
      origin text not null check (origin in ('API', 'Scheduler', 'Platform')),
      type text not null
        check (type in ('regular', 'predefinedFlow', 'customFlow', 'workflowWizard', 'reportGeneration')),
      state text not null check (state in ('JobPending', 'JobRunning', 'JobDone', 'JobError', 'JobCancelled')),
      settings jsonb not null,
      progress double precision not null default 0 check (progress >= 0 and progress <= 1),
      stage text check (stage in ('reading', 'analysing', 'writing')),
      started_by uuid references users (id) on delete set null,
      documents_estimated integer not null check (documents_estimated >= 0),
      documents_analysed integer check (documents_analysed >= 0),
      reservation jsonb not null default '[]'::jsonb,
      credits_reserved integer not null default 0 check (credits_reserved >= 0),
      credits_charged integer check (credits_charged >= 0),
      free boolean not null default false,
      error text,
      insights jsonb,
      rerun_of uuid references flow_runs (id) on delete set null,
      schedule_slot timestamptz,
      idempotency_key text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      unique (flow_id, number),
      unique (flow_id, schedule_slot),
      unique (flow_id, idempotency_key)
    );
    create unique index flow_runs_one_active_index on flow_runs (flow_id)
      where state in ('JobPending', 'JobRunning');
    create index flow_runs_job_index on flow_runs (job_id);

    create table flow_run_files (
      run_id uuid not null references flow_runs (id) on delete cascade,
      name text not null,
      media_type text not null check (media_type in ('application/json', 'text/csv')),
      content text not null,
      primary key (run_id, name)
    );
  `,
};
