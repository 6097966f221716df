import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.js';

/**
 * The embedded PostgreSQL (PGlite): in memory without `dataDir`, else kept in that directory.
 * `sharedBuffers` (e.g. '16MB') replaces PostgreSQL's 128MB default: PGlite clears its shared buffers at every
 * start, about 0.6 s of CPU for 128MB, which the test suite's short-lived databases, a few hundred rows each, do not
 * need (issue 33; the product keeps the default unless PGLITE_SHARED_BUFFERS says otherwise).
 */
export async function createPgliteDatabase(
  dataDir?: string,
  { sharedBuffers }: { sharedBuffers?: string } = {},
): Promise<Database> {
  // PGlite creates its own directory but not the ones above it (a fresh DATA_DIR).
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  return pgliteDatabase(
    await PGlite.create({
      ...(dataDir && { dataDir }),
      ...(sharedBuffers && {
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
      }),
    }),
  );
}

/** The API's database interface over an open PGlite instance. */
export function pgliteDatabase(pglite: PGlite): Database {
  const queryable = (target: PGlite | Transaction): Queryable => ({
    async execute(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, [...params]);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
    async exec(script: string) {
      await target.exec(script);
    },
  });

  // One queryable per target, so `db(queryable)` (db/kysely.ts) builds its Kysely once.
  return {
    ...queryable(pglite),
    transaction: (work) => pglite.transaction((transaction) => work(queryable(transaction))),
    // One process owns an embedded database, and its notifications never travel a network: none is lost.
    async listen(channel, onMessage) {
      const unsubscribe = await pglite.listen(channel, onMessage);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    },
    close: () => pglite.close(),
  };
}
