// engines: any
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sourceDirectory } from './test-support/api-paths.js';

/**
 * Every API test file says on its first line which engines it needs (scripts/run-tests.mjs, docs/decisions/0096):
 * `// engines: both` runs it on PGlite and on PostgreSQL, `// engines: any` once, on one of them (0125). The runner
 * refuses a file without the line; this test names it too, so a new file cannot slip into one engine by omission.
 */
describe('test files and their engines', () => {
  const files = readdirSync(sourceDirectory, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.test.ts'),
  );

  it('finds the suite', () => {
    assert.ok(files.length > 50, `only ${files.length} test files found under ${sourceDirectory}`);
  });

  it('has every file say "// engines: both" or "// engines: any" on its first line', () => {
    const untagged = files.filter(
      (file) =>
        !/^\/\/ engines: (both|any)\s*$/.test(
          readFileSync(join(sourceDirectory, file), 'utf8').split('\n', 1)[0]!,
        ),
    );
    assert.deepEqual(untagged, []);
  });

  it('runs the files where the engine can matter on both engines', () => {
    const engineSensitive = [
      'db/database.test.ts',
      'db/migrate.test.ts',
      'jobs/jobs.test.ts',
      'crash-safety.test.ts',
      'http/readiness.test.ts',
      'modules/payments/payments-across-processes.test.ts',
      'modules/flows/flows-killed-worker.test.ts',
    ];
    for (const file of engineSensitive) {
      assert.match(readFileSync(join(sourceDirectory, file), 'utf8'), /^\/\/ engines: both\n/, file);
    }
  });
});
