#!/usr/bin/env node
// `pnpm test` of @dcipher/api: the suite on PGlite (the embedded engine of development and tests) and on a real
// PostgreSQL cluster made for this run and deleted after it (production's engine), through the same migrations.
// Without PostgreSQL binaries everything runs on PGlite and the PostgreSQL run is skipped with a warning, or fails
// when DCIPHER_TEST_REQUIRE_POSTGRES=1 (CI, which installs them).
//
//   node scripts/run-tests.mjs [--database=pglite|postgres] [test files...]   (default: both, every src/**/*.test.ts)
//
// Each test file says on its first line which engines it needs (docs/decisions/0096):
//   // engines: both   the engine can matter (the database adapters, migrations, jobs and leases, locking and races
//                      across processes, crash safety, money): run on PGlite and again on PostgreSQL;
//   // engines: any    the engine cannot matter (SQL is PostgreSQL's own on both): run once, on the faster engine
//                      the run has: PostgreSQL when its binaries are there, PGlite otherwise (decision 0125).
// A file without the line is refused (src/test-engines.test.ts fails too), so a new file must say which it is.
//
// The tests run from a transpiled copy of `src` made for the run (`api/.test-build-*`, esbuild, about a second;
// removed at the end), not through tsx: tsx's loader cost each test process, each API process a test starts and
// each engine worker thread about 2 s of CPU (issue 33). The copy sits beside `src` at the same depth with the
// non-TypeScript files, so paths relative to a module hold, and carries source maps, so a failure names the
// TypeScript line. DCIPHER_TEST_FROM_SOURCES=1 runs the sources through tsx instead.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBinDir, startThrowawayPostgres } from './throwaway-postgres.mjs';
import { isModule, sourceFiles, transpileModules } from './transpile.mjs';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--database='))?.slice('--database='.length);
if (only && only !== 'pglite' && only !== 'postgres') {
  console.error(`Unknown --database=${only}: use pglite or postgres.`);
  process.exit(2);
}
const requested = args.filter((arg) => !arg.startsWith('--'));
const testFiles =
  requested.length > 0
    ? requested
    : readdirSync(join(packageDir, 'src'), { recursive: true })
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => relative(packageDir, join(packageDir, 'src', file)))
        .sort()
        // The contract fuzzing (about 40 % of the suite's time) starts first, so the other files fill the
        // second slot beside it instead of waiting for it at the end.
        .sort((a, b) => Number(b.includes('fuzz')) - Number(a.includes('fuzz')));

/** A test file's engines, from its first line: 'both', 'any', or undefined when it does not say. */
function enginesOf(file) {
  const first = readFileSync(join(packageDir, file), 'utf8').split('\n', 1)[0];
  return /^\/\/ engines: (both|any)\s*$/.exec(first)?.[1];
}
const untagged = testFiles.filter((file) => !enginesOf(file));
if (untagged.length > 0) {
  console.error(
    `These test files do not say which engines they need (first line "// engines: both" or "// engines: any"):\n  ${untagged.join('\n  ')}`,
  );
  process.exit(1);
}
// Files named on the command line run on every engine asked for. The whole suite runs `both` files on each engine
// and `any` files once, on PostgreSQL when the run has it (natively compiled, it ran them in about 0.78 of PGlite's
// time at the same load on these machines: decision 0125), else on PGlite; `--database=pglite` (test:quick) keeps
// them all on PGlite.
const postgresBinDir = only === 'pglite' ? undefined : findPostgresBinDir();
const anyOnPostgres = requested.length === 0 && !only && Boolean(postgresBinDir);
const pgliteFiles = anyOnPostgres ? testFiles.filter((file) => enginesOf(file) === 'both') : testFiles;
const postgresFiles =
  requested.length > 0 || anyOnPostgres ? testFiles : testFiles.filter((file) => enginesOf(file) === 'both');

function box(lines, stream = process.stdout) {
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  stream.write(`\n${border}\n${lines.map((line) => `| ${line.padEnd(width)} |`).join('\n')}\n${border}\n\n`);
}

/**
 * A transpiled copy of `src` for this run: every TypeScript module as JavaScript with an inline source map, every
 * other file (fixtures, samples, corpora) copied, in a directory beside `src`. Resolves to its path.
 */
async function transpileSources() {
  const started = performance.now();
  const buildDir = mkdtempSync(join(packageDir, '.test-build-'));
  madeDirs.push(buildDir);
  await transpileModules({ outDir: buildDir, sourcemap: 'inline' });
  for (const { file, path } of sourceFiles().filter(({ path }) => !isModule(path))) {
    const target = join(buildDir, path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  console.log(`# sources transpiled for the run in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return buildDir;
}

let child;
let cluster;
let interrupted = false;

/** Directories this run made (the PGlite template and the test databases copied from it, in memory): removed. */
const madeDirs = [];

function cleanUp() {
  cluster?.stop();
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    child?.kill(signal);
    cleanUp();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}

// Test files are independent (each opens its own database: an in-memory PGlite, or its own database in the
// throwaway cluster), so two run at once, one per core of the CI machine; API_TEST_CONCURRENCY=1 runs them in turn.
const concurrency = Math.max(1, Number.parseInt(process.env.API_TEST_CONCURRENCY ?? '2', 10) || 1);

/**
 * Node's flags for the test processes of a PGlite run: `--liftoff-only` keeps PGlite's WebAssembly (PostgreSQL
 * compiled, about 10 MB of code) on V8's baseline compiler. A test process lives seconds to a minute, and V8's
 * optimising compiler spent more CPU on PostgreSQL's hot functions, on background threads, than their faster code
 * saved: the 30 both-engine files took 287 s and 547 s of CPU with it, 243 s and 460 s without; the heaviest file
 * (flows.test.ts) ran 5-10 % longer without it (decision 0132's figures). Tests only: the API's own processes
 * (npm start, production) keep the optimising compiler, which pays off over a process's life. The API processes a
 * test starts take the flag from the test (src/test-support/api-paths.ts).
 */
const pgliteNodeFlags = process.env.DCIPHER_TEST_WASM_OPTIMISE === '1' ? [] : ['--liftoff-only'];

/**
 * Node's flags for the test processes of a PostgreSQL run: `--no-opt` runs the tests' JavaScript on V8's interpreter
 * and baseline compiler, without its optimising compiler (TurboFan). A test file's process runs many short paths once
 * or a few times, and optimising them cost more CPU than it saved: all 121 files on PostgreSQL, in turn on a quiet
 * machine, took 502 s wall and 806 s CPU with it, 450 s and 706 s without, every test passing both ways; the
 * contract fuzzer alone, which runs the same paths thousands of times, was slower (39 s -> 48 s). A PGlite run's
 * processes spend their time in PGlite's WebAssembly, which the flag does not touch: its 30 both-engine files took
 * 228 s and 446 s of CPU with the optimiser, 233 s and 455 s without, so it keeps the optimiser. Tests only, as
 * above: the API processes a test starts, and the API's own, keep V8's defaults (decision 0133).
 * DCIPHER_TEST_JS_OPTIMISE=1 keeps V8's defaults, for measuring the other way.
 */
const postgresNodeFlags = process.env.DCIPHER_TEST_JS_OPTIMISE === '1' ? [] : ['--no-opt'];

/** Runs the suite once with `env` added (and Node's `nodeFlags`); resolves to { ok, seconds }. */
function runSuite(label, env, files, nodeFlags = []) {
  box([`API tests on ${label}`, `${files.length} test files, ${concurrency} at a time`]);
  const started = performance.now();
  return new Promise((resolve) => {
    // The report goes to the terminal and to a file, whose failures are printed again at the end: CI keeps only
    // the tail of a long log, and a failure must be readable there.
    const reportDir = mkdtempSync(join(tmpdir(), 'dcipher-api-tests-'));
    const reportFile = join(reportDir, 'report.tap');
    const timesFile = join(reportDir, 'file-times.jsonl');
    reports.push({ label, reportFile, timesFile });
    child = spawn(
      process.execPath,
      [
        ...nodeFlags,
        ...runner,
        '--test',
        `--test-concurrency=${concurrency}`,
        '--test-reporter=tap',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${reportFile}`,
        '--test-reporter=./scripts/file-times-reporter.mjs',
        `--test-reporter-destination=${timesFile}`,
        ...files.map(runnable),
      ],
      {
        cwd: packageDir,
        stdio: 'inherit',
        env: { ...process.env, ...env },
      },
    );
    child.on('exit', (code) => {
      child = undefined;
      resolve({ label, ok: code === 0, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const results = [];
const reports = [];

const buildDir = process.env.DCIPHER_TEST_FROM_SOURCES === '1' ? undefined : await transpileSources();
/** How node runs a module of the run: the transpiled copy with its source maps, or the sources through tsx. */
const runner = buildDir ? ['--enable-source-maps'] : ['--import', 'tsx'];
/** A module of `src` (e.g. src/db/migrate.test.ts) as the run runs it. */
function runnable(file) {
  if (!buildDir) return file;
  return join(buildDir, relative(join(packageDir, 'src'), resolve(packageDir, file))).replace(/\.ts$/, '.js');
}
/** The source file a module of the run came from, as the reports name it. */
function sourceName(file) {
  const inBuild = buildDir && relative(buildDir, file);
  if (inBuild && !inBuild.startsWith('..')) return join('src', inBuild).replace(/\.js$/, '.ts');
  return relative(packageDir, file);
}

/**
 * The failed tests of a TAP report, each with its suite, its name and the first lines of its error: the lines of
 * `not ok` tests (innermost first) and the YAML block after each.
 */
function failuresOf(reportFile) {
  let text;
  try {
    text = readFileSync(reportFile, 'utf8');
  } catch {
    return [];
  }
  const lines = text.split('\n');
  const failures = [];
  for (const [index, line] of lines.entries()) {
    const match = /^(\s*)not ok \d+ - (.*)$/.exec(line);
    if (!match) continue;
    const indent = match[1].length;
    const details = [];
    for (const next of lines.slice(index + 1, index + 40)) {
      if (/^\s*\.\.\.$/.test(next)) break;
      if (/^\s*(error|expected|actual|message|location|code|failureType):/.test(next) || details.length > 0)
        details.push(next.trim());
      if (details.length >= 8) break;
    }
    // A suite fails because one of its tests failed: only the innermost (deepest, listed first) are told.
    if (failures.some((failure) => failure.indent > indent && failure.line > index - 400)) continue;
    failures.push({ indent, line: index, name: match[2], details });
  }
  return failures;
}
let postgresSkipped = false;

/**
 * Migrates the run's template database once (src/test-support/make-test-template.ts): every test server starts
 * from a copy of it instead of migrating its own (issue 33). Resolves to whether it was made.
 */
function makeTemplate(kind, ...target) {
  const started = performance.now();
  const made = spawnSync(
    process.execPath,
    [...runner, runnable('src/test-support/make-test-template.ts'), kind, ...target],
    { cwd: packageDir, stdio: 'inherit' },
  );
  if (made.status !== 0) {
    console.error(`Could not make the ${kind} template database: the tests migrate their own databases.`);
    return false;
  }
  console.log(
    `# ${kind} template database migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return true;
}

if (only !== 'postgres') {
  // The template's data directory and each test database's copy of it live in memory (tmpfs) where there is one.
  const memoryDir = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const templateParent = mkdtempSync(join(memoryDir, 'dcipher-api-template-'));
  madeDirs.push(templateParent);
  const templateFile = join(templateParent, 'pglite');
  const emptyTemplateFile = join(templateParent, 'pglite-empty');
  const template = makeTemplate('pglite', templateFile, emptyTemplateFile)
    ? { DCIPHER_TEST_TEMPLATE: templateFile, DCIPHER_TEST_EMPTY_TEMPLATE: emptyTemplateFile }
    : {};
  results.push(
    await runSuite('PGlite', { DCIPHER_TEST_DATABASE: 'pglite', ...template }, pgliteFiles, pgliteNodeFlags),
  );
  rmSync(dirname(templateFile), { recursive: true, force: true });
}

if (only !== 'pglite' && !interrupted && postgresFiles.length > 0) {
  if (!postgresBinDir) {
    postgresSkipped = true;
    const required = process.env.DCIPHER_TEST_REQUIRE_POSTGRES === '1';
    box(
      [
        required ? 'ERROR: PostgreSQL is required and missing' : 'WARNING: API tests on PostgreSQL SKIPPED',
        '',
        'No initdb/pg_ctl found in $PG_BIN_DIR, on PATH or in /usr/lib/postgresql/<version>/bin,',
        'so the API suite ran on PGlite only and production’s engine went untested.',
        "Install Debian's server binaries with: sudo apt-get install postgresql",
      ],
      process.stderr,
    );
    if (required) results.push({ label: 'PostgreSQL (missing)', ok: false, seconds: 0 });
  } else {
    try {
      cluster = await startThrowawayPostgres(postgresBinDir);
    } catch (error) {
      console.error(
        `Could not start a throwaway PostgreSQL cluster with ${postgresBinDir}:\n${error.message}`,
      );
      results.push({ label: 'PostgreSQL (did not start)', ok: false, seconds: 0 });
    }
    if (cluster) {
      const templateName = 'test_template';
      const template = makeTemplate('postgres', cluster.url, templateName)
        ? { DCIPHER_TEST_TEMPLATE: templateName }
        : {};
      const version = spawnSync(join(postgresBinDir, 'pg_ctl'), ['--version'], {
        encoding: 'utf8',
      }).stdout.match(/\d+(\.\d+)?/)?.[0];
      results.push(
        await runSuite(
          `PostgreSQL${version ? ` ${version}` : ''} (throwaway cluster in ${cluster.dir})`,
          {
            DCIPHER_TEST_DATABASE: 'postgres',
            DCIPHER_TEST_POSTGRES_URL: cluster.url,
            ...template,
          },
          postgresFiles,
          postgresNodeFlags,
        ),
      );
      cluster.stop();
    }
  }
}

/**
 * The slowest test files of a run, from the file-times reporter: where the suite's time goes (API_TEST_SLOWEST=<n>
 * lists more than 12).
 */
function slowestFiles(timesFile, count = Number(process.env.API_TEST_SLOWEST ?? 12)) {
  let text;
  try {
    text = readFileSync(timesFile, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ file, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${sourceName(file)}`);
}

for (const { label, timesFile } of reports) {
  const slowest = slowestFiles(timesFile);
  if (slowest.length > 0) box([`The slowest files on ${label.replace(/ \(throwaway.*\)$/, '')}`, ...slowest]);
}

for (const { label, reportFile } of reports) {
  const failures = failuresOf(reportFile);
  rmSync(dirname(reportFile), { recursive: true, force: true });
  if (failures.length === 0) continue;
  process.stderr.write(`\nFailed on ${label.replace(/ \(throwaway.*\)$/, '')}:\n`);
  for (const failure of failures)
    process.stderr.write(
      `  not ok - ${failure.name}\n${failure.details.map((detail) => `      ${detail}`).join('\n')}\n`,
    );
}

box(
  [
    'API test runs',
    ...results.map(
      (result) =>
        `${result.ok ? 'passed' : 'FAILED'}  ${result.label.replace(/ \(throwaway.*\)$/, '')}  ${result.seconds.toFixed(1)} s`,
    ),
    ...(postgresSkipped ? ['SKIPPED PostgreSQL: no binaries (see the warning above)'] : []),
  ],
  results.every((result) => result.ok) && !postgresSkipped ? process.stdout : process.stderr,
);
process.exitCode = results.every((result) => result.ok) ? 0 : 1;
