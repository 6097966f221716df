/**
 * What other packages use of the database layer, the package export `@dcipher/api/database`: the site publisher
 * (infra/publisher, docs/decisions/0067) opens a database of its own with the API's engines and migrates it with
 * the API's migrations, which bring the jobs table.
 */
export type { Database, Queryable } from './database.js';
export { migrate } from './migrate.js';
export { openDatabase } from './open-database.js';
