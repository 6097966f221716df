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
  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async execute(sql: string, params: readonly unknown[] = [], preparedName?: string) {
      const result = preparedName
        ? await target
            .query({ name: preparedName, text: sql, values: [...params] })
            // A migration changed what the kept plan returns (rolling deploys): run it unnamed this time.
            .catch((error: { code?: string }) => {
              if (error.code === cachedPlanChanged) return target.query(sql, [...params]);
              throw error;
            })
        : await target.query(sql, [...params]);
      return { rows: result.rows, affectedRows: result.rowCount ?? undefined };
    },
    async exec(script: string) {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await target.query(script);
    },
  });

  return {
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(queryable(client));
        await client.query('commit');
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
