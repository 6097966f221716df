import {
  CamelCasePlugin,
  type Compilable,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Queryable } from './database.js';
import type { DB } from './schema.generated.js';

export type { DB } from './schema.generated.js';
/** Kysely over one of the API's databases (or an open transaction's connection): see `db()`. */
export type Db = Kysely<DB>;

/**
 * Kysely over a `Queryable`: the database, or the transaction `Database.transaction` hands its work. Statements go
 * through that queryable, so a repository function taking a `Queryable` works inside and outside transactions
 * alike. Transactions are `Database.transaction`'s (one API for both engines); Kysely's own are refused.
 *
 * Columns are camelCase in TypeScript and snake_case in SQL (CamelCasePlugin, as the generated types say); JSON
 * values keep their keys as stored.
 */
export function db(queryable: Queryable): Db {
  let instance = instances.get(queryable);
  if (!instance) {
    instance = new Kysely<DB>({
      dialect: queryableDialect(queryable),
      plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    });
    instances.set(queryable, instance);
  }
  return instance;
}

const instances = new WeakMap<Queryable, Db>();

/** The statements `prepare` compiled, by their text: the server keeps each parsed and planned per connection. */
const preparedNames = new Map<string, string>();

/** A Kysely that only compiles (`prepare`): running a statement through it is a mistake. */
const compiler = db({
  execute: () => Promise.reject(new Error('the statement compiler runs nothing (db/kysely.ts prepare)')),
  exec: () => Promise.reject(new Error('the statement compiler runs nothing (db/kysely.ts prepare)')),
});

/** A value `prepare` passes for a parameter: a string that no caller's value can be. */
const placeholderOf = (name: string) => `\u0000prepared:${name}\u0000`;

/**
 * A statement built and compiled once, then run with each call's values: for the few statements on every request's
 * path, where building the query with Kysely costs more than the database answering it. `build` gets a placeholder
 * for each named value and must use each as a plain parameter (a comparison's right side, an inserted value); the
 * first call checks that every placeholder became exactly one parameter. Rows come back through the plugins, as
 * from `execute()`.
 */
export function prepare<TName extends string, TRow>(
  names: readonly TName[],
  build: (db: Db, values: Record<TName, string>) => Compilable<TRow>,
): (queryable: Queryable, values: Record<TName, string>) => Promise<TRow[]> {
  let compiled: CompiledQuery<TRow> | undefined;
  let slots: (TName | undefined)[] = [];
  return async (queryable, values) => {
    if (!compiled) {
      const placeholders = Object.fromEntries(names.map((name) => [name, placeholderOf(name)])) as Record<
        TName,
        string
      >;
      compiled = build(compiler, placeholders).compile();
      slots = compiled.parameters.map((parameter) => names.find((name) => parameter === placeholderOf(name)));
      const missing = names.filter((name) => !slots.includes(name));
      if (missing.length > 0) throw new Error(`prepare: ${missing.join(', ')} did not become parameters`);
      preparedNames.set(compiled.sql, `dcipher_prepared_${preparedNames.size + 1}`);
    }
    const parameters = compiled.parameters.map((parameter, index) => {
      const slot = slots[index];
      return slot === undefined ? parameter : values[slot];
    });
    const result = await db(queryable).executeQuery<TRow>({ ...compiled, parameters });
    return result.rows;
  };
}

function queryableDialect(queryable: Queryable): Dialect {
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const result = await queryable.execute(
        compiled.sql,
        compiled.parameters,
        preparedNames.get(compiled.sql),
      );
      return {
        // The rows of a statement Kysely built from the generated schema: the type its builder inferred.
        rows: result.rows as R[],
        ...(result.affectedRows !== undefined && { numAffectedRows: BigInt(result.affectedRows) }),
      };
    },
    // biome-ignore lint/correctness/useYield: streaming is not offered; the generator only throws.
    async *streamQuery() {
      throw new Error('Streaming queries are not supported; page with limit/offset or a keyset instead.');
    },
  };
  const refuseTransaction = async () => {
    throw new Error('Use Database.transaction for transactions (db/kysely.ts).');
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: refuseTransaction,
    commitTransaction: refuseTransaction,
    rollbackTransaction: refuseTransaction,
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
