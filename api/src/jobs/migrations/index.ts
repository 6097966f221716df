import type { Migration } from '../../db/migrations/migration.js';
import { jobsMigration } from './0036-jobs.js';
import { jobGroupsMigration } from './0041-job-groups.js';

export { jobGroupsMigration, jobsMigration };

/**
 * The jobs module's own tables (`jobs`), oldest first (issue 35 point 3, docs/decisions/0117). The API's list takes
 * them in at the places they shipped (their versions are unchanged, so no database applies them twice); the CMS
 * publisher, which needs a queue and nothing of the API's schema, migrates only these.
 */
export const jobsMigrations: readonly Migration[] = [jobsMigration, jobGroupsMigration];
