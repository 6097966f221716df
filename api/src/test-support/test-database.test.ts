// engines: both
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { db } from '../db/kysely.js';
import { apiEntryArguments } from './api-paths.js';
import { informationSchema } from './information-schema.js';
import { createTestDatabase, testDatabaseKind } from './test-database.js';

describe('test databases', () => {
  it('are empty and separate from each other, so test files never see each other’s rows', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      await first.exec('create table notes (body text); insert into notes values ($$only in the first$$)');
      const { rows } = await sql<{ body: string }>`select body from notes`.execute(db(first));
      assert.deepEqual(rows, [{ body: 'only in the first' }]);
      const inSecond = await informationSchema(second)
        .selectFrom('information_schema.tables')
        .select('tableName')
        .where('tableName', '=', 'notes')
        .execute();
      assert.deepEqual(inSecond, []);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('run on the engine the test run chose', async () => {
    const database = await createTestDatabase();
    try {
      const {
        rows: [row],
      } = await sql<{ version: string }>`select version()`.execute(db(database));
      // PGlite reports an Emscripten build; a real server reports the platform it was compiled for.
      assert.equal(/emscripten|wasm/i.test(row!.version), testDatabaseKind === 'pglite', row!.version);
    } finally {
      await database.close();
    }
  });

  it('on PGlite, keep its WebAssembly on V8’s baseline compiler in the test and in the API processes it starts', () => {
    // scripts/run-tests.mjs, decision 0132: a short-lived test process spent more CPU optimising PostgreSQL's
    // WebAssembly than the optimised code saved. A PostgreSQL run (no WebAssembly) and a run with
    // DCIPHER_TEST_WASM_OPTIMISE=1 keep V8's defaults.
    const expected = testDatabaseKind === 'pglite' && process.env.DCIPHER_TEST_WASM_OPTIMISE !== '1';
    assert.equal(process.execArgv.includes('--liftoff-only'), expected, process.execArgv.join(' '));
    assert.equal(apiEntryArguments('main').includes('--liftoff-only'), expected);
  });

  it('on PostgreSQL, run the test’s JavaScript without V8’s optimising compiler, and leave it to the API processes it starts', () => {
    // scripts/run-tests.mjs, decision 0133: a test process runs most of its code a few times, and optimising it
    // cost more CPU than it saved. A PGlite run (its time is PGlite's WebAssembly) and a run with
    // DCIPHER_TEST_JS_OPTIMISE=1 keep V8's defaults.
    const expected = testDatabaseKind === 'postgres' && process.env.DCIPHER_TEST_JS_OPTIMISE !== '1';
    assert.equal(process.execArgv.includes('--no-opt'), expected, process.execArgv.join(' '));
    assert.equal(apiEntryArguments('main').includes('--no-opt'), false);
  });
});
