#!/usr/bin/env node
// Entry point of the README's two commands. Needs only Node.js 20 and npm: it installs the pinned pnpm into
// .tools/, installs the workspace, then builds and serves (`start`) or builds and tests (`test`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const command = process.argv[2];
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = rootPackage.packageManager.replace(/^pnpm@/, '');
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

function run(executable, args, options = {}) {
  const result = spawnSync(executable, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}

function pnpm(args, options = {}) {
  run(process.execPath, [pnpmBin, ...args], { env, ...options });
}

/**
 * Builds every package with turbo. turbo restores a cached build's files over what is there without removing the
 * rest, so after a build from other content (`CMS_URL=… npm run build`, the CMS test) a restored default build would
 * keep the other build's pages beside its own, with scripts their policy blocks, and the stack refuses to serve
 * them. So when the site's build is about to come from the cache, its outputs are removed first and the restore is
 * whole.
 */
function buildAll(buildEnvironment) {
  const dryRun = spawnSync(process.execPath, [pnpmBin, 'exec', 'turbo', 'run', 'build', '--dry=json'], {
    cwd: root,
    env: buildEnvironment,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  try {
    const site = JSON.parse(dryRun.stdout).tasks.find(
      (task) => task.taskId === '@dcipher/marketing-site#build',
    );
    if (site?.cache?.status === 'HIT') {
      for (const output of ['public', '.cache']) {
        rmSync(join(root, 'marketing-site', output), { recursive: true, force: true });
      }
    }
  } catch {
    // No plan to read (turbo could not answer): the build below says why, or builds as it would have.
  }
  pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], { env: buildEnvironment });
}

function installedPnpmVersion() {
  const manifest = join(toolsDir, 'node_modules', 'pnpm', 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
}

function ensurePnpm() {
  if (installedPnpmVersion() === pnpmVersion) return;
  console.log(`Installing pnpm ${pnpmVersion} into .tools/ ...`);
  run('npm', [
    'install',
    '--prefix',
    toolsDir,
    '--no-save',
    '--no-audit',
    '--no-fund',
    `pnpm@${pnpmVersion}`,
  ]);
}

function ensureDependencies() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lockfile = join(root, 'pnpm-lock.yaml');
  const manifests = [
    'package.json',
    'pnpm-workspace.yaml',
    'shared/package.json',
    'api/package.json',
    'account-remote/package.json',
    'marketing-site/package.json',
    'infra/package.json',
    'infra/dev-oidc/package.json',
  ];
  const newestInput = Math.max(
    ...[lockfile, ...manifests.map((file) => join(root, file))]
      .filter((file) => existsSync(file))
      .map((file) => statSync(file).mtimeMs),
  );
  if (existsSync(marker) && statSync(marker).mtimeMs >= newestInput) return;
  const frozen = process.env.CI && existsSync(lockfile) ? ['--frozen-lockfile'] : [];
  pnpm(['install', ...frozen]);
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((candidate) => existsSync(candidate));
}

const { browserBuildEnv } = await import('../builds/browser-env.mjs');
const env = {
  ...process.env,
  // turbo looks pnpm up on PATH (packageManager field); the pinned one lives in .tools/.
  PATH: `${join(toolsDir, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
  ...browserBuildEnv(process.env),
  GATSBY_TELEMETRY_DISABLED: '1',
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

/** The build env with the CMS's content digest (CMS_URL set); a CMS that cannot be read stops here, said plainly. */
async function buildEnv(base = env) {
  const { withCmsContentDigest } = await import('../builds/cms-content.mjs');
  // Reading the CMS needs the content model, a built file of @dcipher/shared: built first on a fresh clone.
  if (base.CMS_URL) {
    pnpm(['exec', 'turbo', 'run', 'build', '--filter=@dcipher/shared', '--output-logs=errors-only'], {
      env: base,
    });
  }
  try {
    return await withCmsContentDigest(base);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/**
 * What the production topology (`start:production`, `test:production`, docs/decisions/0077) needs on this machine:
 * nginx and PostgreSQL's server binaries, from Debian's packages; a missing one stops here, said plainly.
 */
async function productionPrerequisites() {
  const { findNginx } = await import('./production.mjs');
  const { findPostgresBinDir } = await import('./postgres-cluster.mjs');
  const missing = [!findNginx() && 'nginx-light', !findPostgresBinDir() && 'postgresql'].filter(Boolean);
  if (missing.length > 0) {
    console.error(
      `The production topology needs nginx and PostgreSQL: sudo apt-get install ${missing.join(' ')}`,
    );
    process.exit(1);
  }
}

switch (command) {
  case 'build': {
    ensurePnpm();
    ensureDependencies();
    buildAll(await buildEnv());
    break;
  }
  case 'cms': {
    // The publisher builds the site, so the workspace is installed and built first; the CMS installs itself.
    ensurePnpm();
    ensureDependencies();
    pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], { env });
    const { runCms } = await import('./cms.mjs');
    await runCms();
    break;
  }
  case 'start': {
    ensurePnpm();
    ensureDependencies();
    buildAll(await buildEnv());
    const { startStack } = await import('./stack.mjs');
    await startStack({ announce: true });
    break;
  }
  case 'start:production': {
    await productionPrerequisites();
    ensurePnpm();
    ensureDependencies();
    // The build `npm start` serves, released for the topology's origins as it starts (docs/decisions/0112).
    buildAll(await buildEnv());
    const { runProductionTopology } = await import('./production.mjs');
    await runProductionTopology();
    break;
  }
  case 'test:production': {
    // `npm test` runs this last; alone, it builds (the build `npm start` serves: the topology releases it for its
    // origins, docs/decisions/0112) and runs its test on a fresh data dir.
    await productionPrerequisites();
    ensurePnpm();
    ensureDependencies();
    buildAll(await buildEnv());
    run(
      process.execPath,
      ['--test', '--test-timeout=1200000', join(root, 'infra', 'local', 'production.e2e.mjs')],
      {
        env: { ...env, CHROMIUM_PATH: findChromium() ?? '' },
      },
    );
    break;
  }
  case 'bench:site': {
    // The speed benchmark (infra/bench/site-speed.mjs) serves its own build on its own ports, so it runs beside
    // `npm start`; turbo keeps that build apart from the default one (its inputs differ), so switching is cheap.
    const chromium = findChromium();
    if (!chromium) {
      console.error(
        'No Chromium found at /usr/bin/chromium (or $CHROMIUM_PATH): sudo apt-get install chromium',
      );
      process.exit(1);
    }
    ensurePnpm();
    ensureDependencies();
    const { speedBenchEnv } = await import('../bench/site-speed.mjs');
    const ports = speedBenchEnv(process.env);
    const benchEnv = {
      ...env,
      ...ports,
      ...browserBuildEnv({ ...process.env, ...ports }),
      CHROMIUM_PATH: chromium,
    };
    pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], { env: benchEnv });
    run(process.execPath, [join(root, 'infra', 'bench', 'site-speed.mjs'), ...process.argv.slice(3)], {
      env: benchEnv,
    });
    break;
  }
  case 'bench:api': {
    // The API benchmark (infra/bench/api-benchmarks.mjs) runs the API from its sources on its own ports.
    ensurePnpm();
    ensureDependencies();
    pnpm(['exec', 'turbo', 'run', 'build', '--filter=@dcipher/api^...', '--output-logs=errors-only'], {
      env,
    });
    run(process.execPath, [join(root, 'infra', 'bench', 'api-benchmarks.mjs'), ...process.argv.slice(3)], {
      env,
    });
    break;
  }
  case 'bench:uploads': {
    // The uploads benchmark (infra/bench/uploads-benchmarks.mjs) runs the API from its sources on its own port,
    // on a throwaway PostgreSQL cluster when PostgreSQL is installed.
    ensurePnpm();
    ensureDependencies();
    pnpm(['exec', 'turbo', 'run', 'build', '--filter=@dcipher/api^...', '--output-logs=errors-only'], {
      env,
    });
    run(
      process.execPath,
      [join(root, 'infra', 'bench', 'uploads-benchmarks.mjs'), ...process.argv.slice(3)],
      {
        env,
      },
    );
    break;
  }
  case 'bench:flows': {
    // The engine benchmark (infra/bench/flows-benchmarks.mjs) runs the engine from the API's sources with tsx; the
    // engine reads the domain's vocabulary from @dcipher/shared, built first (a fresh clone has no dist/).
    ensurePnpm();
    ensureDependencies();
    pnpm(['exec', 'turbo', 'run', 'build', '--filter=@dcipher/api^...', '--output-logs=errors-only'], {
      env,
    });
    run(process.execPath, [join(root, 'infra', 'bench', 'flows-benchmarks.mjs'), ...process.argv.slice(3)], {
      env,
    });
    break;
  }
  case 'test':
  case 'test:quick': {
    const quick = command === 'test:quick';
    const chromium = findChromium();
    if (!chromium && !quick) {
      console.error(
        'No Chromium found at /usr/bin/chromium (or $CHROMIUM_PATH). The browser tests drive the',
      );
      console.error("system Chromium; install Debian's package with: sudo apt-get install chromium");
      process.exit(1);
    }
    // What the production topology needs is checked first, not after half an hour of other tests.
    if (!quick) await productionPrerequisites();
    const { runPhases } = await import('./test-phases.mjs');
    const testEnv = { ...env, CHROMIUM_PATH: chromium ?? '' };
    const pnpmCommand = (args, extraEnv = {}) => ({
      executable: process.execPath,
      args: [pnpmBin, ...args],
      env: { ...testEnv, ...extraEnv },
    });
    const turbo = (tasks, filters = [], extraEnv = {}) =>
      pnpmCommand(['exec', 'turbo', 'run', ...tasks, ...filters, '--output-logs=new-only'], extraEnv);
    const phases = [
      {
        name: 'install',
        run: () => {
          ensurePnpm();
          ensureDependencies();
        },
      },
      // The packages first: the import boundaries resolve workspace packages through their exports, which name
      // their built files (docs/decisions/0061). The site's build is cached by turbo after `npm start`.
      {
        name: 'build',
        command: quick
          ? turbo(['build'], ['--filter=!@dcipher/marketing-site', '--filter=!@dcipher/account-remote'])
          : turbo(['build']),
      },
      // Side by side (docs/decisions/0096): the API suite (two files at a time, waiting on its databases much of
      // the time) next to Biome, the boundaries, the types and the packages' unit and component tests.
      {
        name: 'checks and tests',
        parallel: [
          {
            name: quick ? 'API tests on PGlite, short fuzz' : 'API tests (PGlite, then PostgreSQL)',
            command: quick
              ? pnpmCommand(
                  ['--filter=@dcipher/api', 'exec', 'node', 'scripts/run-tests.mjs', '--database=pglite'],
                  {
                    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '20',
                  },
                )
              : turbo(['test'], ['--filter=@dcipher/api']),
          },
          {
            name: 'lint, types, unit and component tests',
            sequence: [
              { name: 'lint and boundaries', command: pnpmCommand(['run', 'lint']) },
              {
                name: 'types and tests of the other packages',
                command: turbo(['typecheck', 'test'], ['--filter=!@dcipher/api', '--concurrency=1'], {
                  // Jest beside the API suite: one worker each, the second core is the API's.
                  JEST_MAX_WORKERS: '1',
                }),
              },
              { name: "the API's types", command: turbo(['typecheck'], ['--filter=@dcipher/api']) },
            ],
          },
        ],
      },
      ...(quick
        ? []
        : [
            { name: 'browser tests', command: turbo(['test:e2e'], ['--filter=@dcipher/marketing-site']) },
            // The production topology leaves the machine more than half idle (its processes wait on each other and
            // on leases): Strapi is installed beside it, at the lowest priority (decision 0147), and the CMS test
            // follows the install at once, not the topology's end (decision 0151). Beside the checks or the browser
            // tests the install cost them more than it saved (decision 0131).
            {
              name: 'production topology, the CMS beside it',
              parallel: [
                {
                  name: 'production topology',
                  // The build the browser tests used, released for the topology's origins (docs/decisions/0112).
                  command: {
                    executable: process.execPath,
                    args: [
                      '--test',
                      '--test-timeout=1200000',
                      join(root, 'infra', 'local', 'production.e2e.mjs'),
                    ],
                    env: testEnv,
                  },
                },
                {
                  name: 'the CMS, installed, then published to live',
                  sequence: [
                    {
                      name: "the CMS's install (Strapi)",
                      command: {
                        executable: process.execPath,
                        args: [join(root, 'infra', 'local', 'cms-install.mjs')],
                        env: testEnv,
                      },
                    },
                    // --only: test:cms is declared after the browser tests (turbo.json), which have run.
                    {
                      name: 'CMS publish to live',
                      command: turbo(['test:cms'], ['--filter=@dcipher/infra', '--only']),
                    },
                  ],
                },
              ],
            },
          ]),
    ];
    process.exitCode = (await runPhases(phases)) ? 0 : 1;
    break;
  }
  default:
    console.error(
      'Usage: node infra/local/bootstrap.mjs <build|start|start:production|test|test:quick|test:production|cms|bench:site|bench:api|bench:flows|bench:uploads>',
    );
    process.exit(2);
}
