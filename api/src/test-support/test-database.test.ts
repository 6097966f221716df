import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestDatabase, testDatabaseKind } from './test-database.js';

describe('test databases', () => {
  it('are empty and separate from each other, so test files never see each other’s rows', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      await first.exec('create table notes (body text); insert into notes values ($$only in the first$$)');
      assert.deepEqual(await first.query('select body from notes'), [{ body: 'only in the first' }]);
      const inSecond = await second.query(
        "select 1 from information_schema.tables where table_name = 'notes'",
      );
      assert.deepEqual(inSecond, []);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('run on the engine the test run chose', async () => {
    const database = await createTestDatabase();
    try {
      const [row] = await database.query<{ version: string }>('select version()');
      // PGlite reports an Emscripten build; a real server reports the platform it was compiled for.
      assert.equal(/emscripten|wasm/i.test(row!.version), testDatabaseKind === 'pglite', row!.version);
    } finally {
      await database.close();
    }
  });
});
