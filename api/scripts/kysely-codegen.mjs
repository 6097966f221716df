// kysely-codegen with this project's options, against the database at $DATABASE_URL (a migrated one): writes
// src/db/schema.generated.ts, or with --verify fails when that file is not what the schema gives.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Columns whose values are one of the contract's enumerations (a check constraint in the migration says which):
 * typed as that enumeration instead of `string`. Name: a type exported by `@dcipher/shared/contract`.
 */
const enumerations = {
  'api_keys.kind': 'ApiKeyKind',
  'contact_requests.topic': 'ContactTopic',
  'integration_tokens.provider': 'IntegrationProvider',
};

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(dirname(createRequire(import.meta.url).resolve('kysely-codegen/package.json')), 'dist', 'cli', 'bin.js');
const result = spawnSync(
  process.execPath,
  [
    cli,
    '--dialect=postgres',
    '--camel-case',
    '--exclude-pattern=schema_migrations',
    `--out-file=${join(packageDir, 'src', 'db', 'schema.generated.ts')}`,
    '--log-level=error',
    `--custom-imports=${JSON.stringify(
      Object.fromEntries(
        [...new Set(Object.values(enumerations))].map((name) => [name, `@dcipher/shared/contract#${name}`]),
      ),
    )}`,
    `--overrides=${JSON.stringify({ columns: enumerations })}`,
    ...process.argv.slice(2),
  ],
  { cwd: packageDir, stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);
