import type { Migration } from './migration.js';

/**
 * The documents behind a run's figures (issue 34 point 6, docs/decisions/0104): when a run finishes, each document it
 * read is kept with what its result files it under (left out and why, language, sentiment, date, terms, narrative),
 * its text and its input, so the documents of a term, a narrative, a sentiment band, a language or a period are a
 * paged query, not a re-analysis. Kept as long as the run; `flow_run_documents` (0043) stays the run's input, removed
 * when it ends.
 */
export const runResultDocumentsMigration: Migration = {
  version: '0044-run-result-documents',
  sql: /* sql */ `
    create table flow_run_result_documents (
      run_id uuid not null references flow_runs (id) on delete cascade,
      input_row integer not null check (input_row >= 1),
      document_id text not null,
      left_out text,
      language text,
      sentiment double precision,
      sentiment_label text,
      published_at timestamptz,
      narrative integer,
      terms jsonb not null default '[]'::jsonb,
      text text not null,
      text_truncated boolean not null default false,
      input jsonb not null,
      primary key (run_id, input_row)
    );
  `,
};
