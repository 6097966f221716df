import {
  CamelCasePlugin,
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

function queryableDialect(queryable: Queryable): Dialect {
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const result = await queryable.execute(compiled.sql, compiled.parameters);
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
