import pg from 'pg';
import type { Database, Queryable } from './database.js';

/** "cached plan must not change result type": a prepared statement's table changed under it. */
const cachedPlanChanged = '0A000';

/** PostgreSQL through a `pg` connection pool (production, or wherever DATABASE_URL is set). */
export async function createPostgresDatabase(
  url: string,
  onIdleClientError: (error: Error) => void,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url });
  // An idle client losing its connection emits on the pool; unheard, that would crash the process.
  pool.on('error', onIdleClientError);
  const run = async (
    target: pg.Pool | pg.PoolClient,
    sql: string,
    params: readonly unknown[],
    name?: string,
  ) => {
    const result = name
      ? await target
          .query({ name, text: sql, values: [...params] })
          // A migration changed what the kept plan returns (rolling deploys): run it unnamed this time.
          .catch((error: { code?: string }) => {
            if (error.code === cachedPlanChanged) return target.query(sql, [...params]);
            throw error;
          })
      : await target.query(sql, [...params]);
    return { rows: result.rows, affectedRows: result.rowCount ?? undefined };
  };
  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => {
    // A transaction's one connection runs one query at a time: queries a caller sends together (a Promise.all) wait
    // their turn here rather than in pg's own queue, which pg 8 deprecates and pg 9 removes. The pool needs no
    // turns: each query takes a free connection.
    let previous: Promise<unknown> = Promise.resolve();
    const inTurn = <T>(query: () => Promise<T>): Promise<T> => {
      if (target instanceof pg.Pool) return query();
      const result = previous.then(query);
      previous = result.catch(() => {});
      return result;
    };
    return {
      execute: (sql, params = [], preparedName) => inTurn(() => run(target, sql, params, preparedName)),
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      exec: (script) => inTurn(async () => void (await target.query(script))),
    };
  };

  return {
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(queryable(client));
        // PostgreSQL answers COMMIT with ROLLBACK, and no error, when a statement of the transaction failed and the
        // work went on regardless: nothing was kept, so it must not look kept. PGlite throws the same there.
        const committed = await client.query('commit');
        if (committed.command === 'ROLLBACK') {
          throw Object.assign(new Error('Transaction was rolled back instead of committed'), {
            code: '25P02',
          });
        }
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage, onLost) {
      const client = new pg.Client({ connectionString: url });
      let stopped = false;
      const lost = (error: Error) => {
        if (stopped) return;
        stopped = true;
        client.end().catch(() => {});
        onLost(error);
      };
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      client.on('error', lost);
      client.on('end', () => lost(new Error('the listening connection ended')));
      await client.connect();
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
      return async () => {
        stopped = true;
        await client.end().catch(() => {});
      };
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
