import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the API's files are for a test, the same whether it runs from the sources through tsx or from the run's
 * transpiled copy (`scripts/run-tests.mjs` writes `api/.test-build-*` beside `src`, at the same depth).
 */
export const packageDirectory = fileURLToPath(new URL('../../', import.meta.url));

/** The TypeScript sources (`api/src`), for tests that read them rather than run them. */
export const sourceDirectory = join(packageDirectory, 'src');

const fromSources = import.meta.url.endsWith('.ts');

/**
 * The V8 flags the test runs with that its API processes take too: `--liftoff-only` on a PGlite run
 * (scripts/run-tests.mjs, decision 0132), so a process a test starts compiles PGlite as the test's own does.
 */
const inheritedV8Flags = process.execArgv.filter((flag) => flag === '--liftoff-only');

/**
 * Node's arguments to start one of the API's entry points (`src/<name>.ts`, e.g. `main` or `migrate-command`) in
 * a child process, in the form this test runs in: through tsx from the sources, or the transpiled module with its
 * source maps (so a child's stack names the TypeScript lines).
 */
export function apiEntryArguments(name: string): string[] {
  return [
    ...inheritedV8Flags,
    ...(fromSources
      ? ['--import', 'tsx', join(sourceDirectory, `${name}.ts`)]
      : ['--enable-source-maps', fileURLToPath(new URL(`../${name}.js`, import.meta.url))]),
  ];
}
