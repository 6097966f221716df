import type { Queryable } from '../db/database.js';
import { db } from '../db/kysely.js';

/** The parts of PostgreSQL's `information_schema` the tests read (names in camelCase, as `db()` writes them). */
type InformationSchema = {
  'information_schema.columns': { tableSchema: string; tableName: string; columnName: string };
  'information_schema.tables': { tableSchema: string; tableName: string; tableType: string };
};

/**
 * Kysely over the database's catalogue, for tests that look at every table (names come back as stored: snake_case
 * table and column names are values here, not identifiers).
 */
export const informationSchema = (database: Queryable) => db(database).withTables<InformationSchema>();

/** Every column of every table of the public schema, by table and column name (as in SQL). */
export function publicTableColumns(database: Queryable): Promise<{ table: string; column: string }[]> {
  return informationSchema(database)
    .selectFrom('information_schema.columns as c')
    .select(['c.tableName as table', 'c.columnName as column'])
    .where('c.tableSchema', '=', 'public')
    .where('c.tableName', 'in', (eb) =>
      eb
        .selectFrom('information_schema.tables as t')
        .select('t.tableName')
        .where('t.tableSchema', '=', 'public')
        .where('t.tableType', '=', 'BASE TABLE'),
    )
    .execute();
}
