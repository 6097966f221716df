/** What the rest of the API needs from a database: parameterised queries, transactions and a way to stop. */
export interface Queryable {
  /** One statement with `$1`-style parameters; resolves to the rows it returns. */
  query<TRow = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<TRow[]>;
  /** One statement, with the number of rows it changed (what Kysely's driver needs: `db/kysely.ts`). */
  execute<TRow = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<{ rows: TRow[]; affectedRows?: number }>;
  /** A script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<TResult>(work: (transaction: Queryable) => Promise<TResult>): Promise<TResult>;
  close(): Promise<void>;
  /**
   * Hears the NOTIFY messages of `channel` (a constant of ours, not from input) on a connection of its own:
   * `onMessage` gets each payload; `onLost` is called when the connection is lost (messages sent meanwhile are
   * missed; the caller listens again). Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost: (error: Error) => void,
  ): Promise<() => Promise<void>>;
  /** The connection pool's counts, for the metrics (PostgreSQL only; PGlite has one connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
}
