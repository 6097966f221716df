// engines: both
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase } from '../test-support/test-database.js';
import type { Database } from './database.js';

/** The database adapters (PGlite, and PostgreSQL through pg), on the engine of the run. */
describe('a transaction on either engine', () => {
  let database: Database;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());

  it('runs the queries a transaction sends together one after another, without pg’s deprecated queue; an aborted one is never taken for committed', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const answers = await database.transaction(async (transaction) =>
        Promise.all([
          transaction.execute('select pg_sleep(0.05), 1 as n'),
          transaction.execute('select 2 as n'),
          transaction.execute('select $1::int as n', [3]),
        ]),
      );
      assert.deepEqual(
        answers.map((answer) => (answer.rows[0] as { n: number }).n),
        [1, 2, 3],
      );
      // A failed query takes its turn too; the transaction is then aborted, refuses the rest, and is not taken for
      // committed on either engine (PostgreSQL answers COMMIT with ROLLBACK there, without an error).
      const settled: string[] = [];
      await assert.rejects(
        database.transaction(async (transaction) => {
          await transaction.execute('create table kept (n int)');
          const results = await Promise.allSettled([
            transaction.execute('select 1 / 0'),
            transaction.execute('insert into kept values (4)'),
          ]);
          settled.push(...results.map((result) => result.status));
        }),
        (error: { code?: string }) => error.code === '25P02',
      );
      assert.deepEqual(settled, ['rejected', 'rejected']);
      await assert.rejects(database.execute('select * from kept'), /kept/, 'nothing of it was kept');
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(
        warnings.filter((message) => message.includes('already executing a query')),
        [],
      );
    } finally {
      process.off('warning', onWarning);
    }
  });
});
