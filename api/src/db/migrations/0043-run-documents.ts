import type { Migration } from './migration.js';

/**
 * The documents a workflow run was priced for (issue 32, docs/decisions/0091): selected once when the run starts
 * (its feeds and pages fetched then) and kept with it, so the run analyses exactly those; removed when it ends.
 */
export const runDocumentsMigration: Migration = {
  version: '0043-run-documents',
  sql: /* sql */ `
    create table flow_run_documents (
      run_id uuid primary key references flow_runs (id) on delete cascade,
      document_count integer not null check (document_count >= 0),
      documents jsonb not null
    );
  `,
};
