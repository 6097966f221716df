/** One schema change; `version` orders migrations and is what `schema_migrations` records. */
export interface Migration {
  version: string;
  sql: string;
}
