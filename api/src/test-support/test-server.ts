import type { IssuedTokenPair } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { type Config, inMemoryDataDir, loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { demoPassword, demoUsers } from '../db/seed-demo-data.js';
import { createServer, type ServerDependencies } from '../server.js';
import { createMigratedTestDatabase } from './test-database.js';

/**
 * The configuration tests run with: test environment, in-memory database and keys, and the development aids the
 * tests use (demo users, the dev mailbox, the plain-http SSO provider) switched on explicitly.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DCIPHER_ENV: 'test',
      DATA_DIR: inMemoryDataDir,
      DEV_AIDS: 'on',
      // Tests run the billing scheduler and other jobs themselves, at the moments they choose.
      BILLING_SCHEDULER_INTERVAL_SECONDS: '0',
      JOBS_WORKER: 'off',
    }),
    ...overrides,
  };
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * One server on one fresh database of the test run's engine (in-memory PGlite, or its own database in the
 * throwaway PostgreSQL cluster), copied from the run's migrated template where there is one, and seeded; start one per test file, not per test (PGlite is slow to start).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  dependencies: Omit<ServerDependencies, 'database'> = {},
): Promise<TestServer> {
  const database = await createMigratedTestDatabase();
  const app = await createServer(testConfig(overrides), { ...dependencies, database });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const demoAdmin = demoUsers.find((user) => user.role === 'admin')!;

export async function logIn(
  app: FastifyInstance,
  credentials: { email?: string; password?: string; staySignedIn?: boolean } = {},
): Promise<IssuedTokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { email: demoAdmin.email, password: demoPassword, ...credentials },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<IssuedTokenPair>();
}
