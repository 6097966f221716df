import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';

/**
 * The API's whole configuration, read once at start from environment variables by `loadConfig`. Nothing else
 * reads `process.env`. Variables (all optional):
 *
 * - `DCIPHER_ENV`: development | staging | production | test (default development). Demo data is seeded outside
 *   production.
 * - `API_HOST` (default 127.0.0.1) and `API_PORT` (default 4000).
 * - `DATABASE_URL`: a postgres:// URL; when set, PostgreSQL is used instead of the embedded PGlite.
 * - `DATA_DIR` (default `<repository root>/.data`): PGlite files go to `DATA_DIR/pglite`, the token signing key
 *   pair to `DATA_DIR/keys`. The special value `memory://` keeps both in memory (nothing written; a new key pair
 *   on every start), which is what tests use.
 * - `CORS_ORIGINS`: comma-separated browser origins allowed to call the API
 *   (default http://localhost:8000,http://localhost:3001: the local site and account remote).
 * - `ACCESS_TOKEN_TTL_SECONDS` (default 900), `REFRESH_TOKEN_TTL_SECONDS` (default 43200 = 12 h) and
 *   `STAY_SIGNED_IN_TTL_SECONDS` (default 1209600 = 14 days, the refresh lifetime when a login asks to stay
 *   signed in).
 *
 * Tests may also build a `Config` object directly.
 */
export interface Config {
  environment: Environment;
  host: string;
  port: number;
  /** PGlite without `dataDir` runs in memory. */
  database: { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string };
  /** Where the signing key pair is kept; without it a fresh pair is generated in memory on every start. */
  keysDir?: string;
  corsOrigins: string[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  staySignedInTtlSeconds: number;
}

export const environments = ['development', 'staging', 'production', 'test'] as const;
export type Environment = (typeof environments)[number];

export const inMemoryDataDir = 'memory://';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const positiveInteger = (max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be a whole number between 1 and ${max}`),
    v.transform(Number),
    v.minValue(1, `must be a whole number between 1 and ${max}`),
    v.maxValue(max, `must be a whole number between 1 and ${max}`),
  );

const oneYearInSeconds = 366 * 24 * 60 * 60;

const EnvironmentVariablesSchema = v.object({
  DCIPHER_ENV: v.optional(
    v.picklist(environments, `must be one of ${environments.join(', ')}`),
    'development',
  ),
  API_HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  API_PORT: v.optional(positiveInteger(65535), '4000'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')),
  ),
  DATA_DIR: v.optional(v.string(), path.join(repositoryRoot, '.data')),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
      v.check(
        (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
        'must be a comma-separated list of origins such as https://www.example.com (no path, no trailing slash)',
      ),
    ),
    'http://localhost:8000,http://localhost:3001',
  ),
  ACCESS_TOKEN_TTL_SECONDS: v.optional(positiveInteger(oneYearInSeconds), '900'),
  REFRESH_TOKEN_TTL_SECONDS: v.optional(positiveInteger(oneYearInSeconds), '43200'),
  STAY_SIGNED_IN_TTL_SECONDS: v.optional(positiveInteger(oneYearInSeconds), '1209600'),
});

/** Reads and validates the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (`API_PORT=`) means "not set", as most shells and .env files intend.
  const present = Object.fromEntries(
    Object.keys(EnvironmentVariablesSchema.entries)
      .map((name) => [name, env[name]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(EnvironmentVariablesSchema, present, { abortPipeEarly: true });
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = issue.path?.map((item) => String(item.key)).join('.') ?? 'environment';
      const received = name in present ? ` (got "${present[name]}")` : '';
      return `${name} ${issue.message}${received}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const variables = result.output;
  const inMemory = variables.DATA_DIR === inMemoryDataDir;
  const dataDir = inMemory ? undefined : path.resolve(variables.DATA_DIR);

  return {
    environment: variables.DCIPHER_ENV,
    host: variables.API_HOST,
    port: variables.API_PORT,
    database: variables.DATABASE_URL
      ? { kind: 'postgres', url: variables.DATABASE_URL }
      : { kind: 'pglite', dataDir: dataDir && path.join(dataDir, 'pglite') },
    keysDir: dataDir && path.join(dataDir, 'keys'),
    corsOrigins: variables.CORS_ORIGINS,
    accessTokenTtlSeconds: variables.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: variables.REFRESH_TOKEN_TTL_SECONDS,
    staySignedInTtlSeconds: variables.STAY_SIGNED_IN_TTL_SECONDS,
  };
}
