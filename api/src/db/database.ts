/** What the rest of the API needs from a database: parameterised queries, transactions and a way to stop. */
export interface Queryable {
  /**
   * One statement with `$1`-style parameters: its rows, as the driver read them (the code reads them through
   * Kysely, `db(queryable)` in `db/kysely.ts`, typed by the generated schema), and the number of rows it changed.
   */
  execute(
    sql: string,
    params?: readonly unknown[],
    /** Names a statement the server may keep parsed and planned for this connection (`prepare` in db/kysely.ts). */
    preparedName?: string,
  ): Promise<{ rows: unknown[]; affectedRows?: number }>;
  /** A script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. When a statement in it
   * failed and `work` resolved all the same, nothing was kept and this rejects (code 25P02) on both engines.
   */
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
