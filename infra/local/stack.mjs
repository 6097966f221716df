// The local stack runner: serves the built site (:8000) and remote (:3001) and runs the API (:4000), which
// migrates and seeds the embedded database on start. `npm start` calls it after building; the browser tests
// start it themselves and may stop and restart single pieces. The site is served from a copy of its build taken at
// start (or the publisher's live release), never from `marketing-site/public`, which builds write into (0056).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOriginsFile, stackPorts } from '../builds/browser-env.mjs';
import { releaseForOrigins } from '../deploy/release.mjs';
import { assertPagesRun } from '../serving/content-security.mjs';
import { createStaticServer } from './static-server.mjs';

export { browserBuildEnv, stackPorts } from '../builds/browser-env.mjs';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const demoSignIn = { email: 'admin@demo.dcipher.local', password: 'Dcipher-demo-2026!' };

/** Where `npm run build` (turbo, Gatsby) writes the site. Builds write here; nothing serves it. */
export const siteBuildDir = join(repositoryRoot, 'marketing-site', 'public');

const running_ = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * How releases of the builds `npm start` serves are made for other origins (docs/decisions/0112): the target's
 * browser configuration (the site's policies are written for it) and `release(package, from, to, browserConfig?)`,
 * which copies a package's build with the origins it recorded (`build-origins.json` beside its source maps)
 * replaced by the target's. A build without that record is from before it: built again by `npm run build`. Used by
 * the production topology and by a stack on other ports than the build's (a second browser-test worker).
 */
export async function releasesFor(env, origins) {
  const { readBrowserConfig } = await import('@dcipher/shared/config');
  const browserConfig = readBrowserConfig({
    ...env,
    PUBLIC_API_URL: origins.api,
    PUBLIC_ACCOUNT_REMOTE_URL: origins.remote,
  });
  const release = async (packageName, from, to, config) => {
    const buildOrigins = await recordedBuildOrigins(packageName);
    if (!buildOrigins) {
      throw new Error(
        `${packageName} has no record of its build's origins (${join(repositoryRoot, packageName, 'source-maps', buildOriginsFile)}): run npm run build`,
      );
    }
    await releaseForOrigins({ from, to, buildOrigins, targetOrigins: origins, browserConfig: config });
  };
  return { browserConfig, release };
}

/** The origins a package's build holds (its `build-origins.json`), or undefined for a build without the record. */
async function recordedBuildOrigins(packageName) {
  const recorded = join(repositoryRoot, packageName, 'source-maps', buildOriginsFile);
  if (!existsSync(recorded)) return undefined;
  return JSON.parse(await readFile(recorded, 'utf8'));
}

/**
 * Copies the site's build into a release directory of this stack (`<releasesDir>/own-<pid>-<time>`) and checks
 * that every page's scripts are allowed by its policy; copies left by stacks that stopped are removed. Answers the
 * copy's directory, or undefined when the site has not been built.
 */
export async function snapshotSiteBuild({ from = siteBuildDir, releasesDir, release }) {
  if (!existsSync(join(from, 'index.html'))) return undefined;
  await mkdir(releasesDir, { recursive: true });
  for (const name of await readdir(releasesDir)) {
    const pid = Number(/^own-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !running_(pid)) {
      await rm(join(releasesDir, name), { recursive: true, force: true });
    }
  }
  const directory = join(releasesDir, `own-${process.pid}-${Date.now()}`);
  // `release(from, to)` makes the copy for other origins (infra/deploy/release.mjs); else it is the build as it is.
  if (release) await release(from, directory);
  else await cp(from, directory, { recursive: true });
  try {
    await assertPagesRun(directory);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw new Error(
      `The site's build in ${from} cannot be served: ${error.message}. Build it again (npm run build).`,
    );
  }
  return directory;
}

async function listen(server, port) {
  server.listen(port, '127.0.0.1');
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => {
      throw error.code === 'EADDRINUSE'
        ? new Error(`Port ${port} is already in use: stop what uses it or set another port`)
        : error;
    }),
  ]);
  return server;
}

// A bound against a hang, not a wait: a first start migrates its database, slowly on a loaded machine.
async function waitForHealth(url, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited during start-up (code ${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolvePause) => setTimeout(resolvePause, 200));
  }
  throw new Error(`The API did not become healthy at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts the stack. Options: `env` (ports and API settings), `dataDir` (embedded database and keys),
 * `announce` (print URLs and stop on Ctrl-C), `quiet` (hide the API's log).
 */
export async function startStack(options = {}) {
  // Loaded here, not at the top: bootstrap.mjs imports this module before the workspace is installed and
  // built, and the rules read the declared routes from @dcipher/shared's build.
  const { remoteRules, siteRules } = await import('../serving/static-rules.mjs');
  const env = { ...process.env, ...options.env };
  const ports = stackPorts(env);
  const urls = {
    site: `http://localhost:${ports.site}`,
    remote: `http://localhost:${ports.remote}`,
    api: `http://localhost:${ports.api}`,
  };
  const dataDir = options.dataDir ?? env.DATA_DIR ?? join(repositoryRoot, '.data');
  const running = {};
  const releasesDir = join(dataDir, 'site-releases');
  let ownBuild;
  let remoteRoot;
  // The builds hold the origins they were made for (those of `npm start`). On other ports (a second browser-test
  // worker) the stack serves releases of the same builds for its own origins, made at the first start.
  const origins = urls;
  const forOtherOrigins = async (packageName) => {
    const recorded = await recordedBuildOrigins(packageName);
    return Boolean(recorded) && Object.keys(origins).some((name) => recorded[name] !== origins[name]);
  };
  let releases;
  const releaseFor = async (packageName, from, to) => {
    releases ??= await releasesFor(env, origins);
    // The site's per-page policies are written again for these origins; the remote's are the static server's.
    const config = packageName === 'marketing-site' ? releases.browserConfig : undefined;
    await releases.release(packageName, from, to, config);
  };

  const starters = {
    async site() {
      // The site's own build, copied at the first start: a build running meanwhile never changes what is served.
      ownBuild ??= await snapshotSiteBuild({
        releasesDir,
        ...((await forOtherOrigins('marketing-site')) && {
          release: (from, to) => releaseFor('marketing-site', from, to),
        }),
      });
      const server = createStaticServer({
        root: ownBuild ?? join(releasesDir, 'no-site-build'),
        // With `npm run cms`, the publisher's live release (built from the CMS) is what the site serves.
        liveLink: join(releasesDir, 'current'),
        rules: siteRules,
      });
      running.site = await listen(server, ports.site);
    },
    async remote() {
      if (!remoteRoot) {
        const built = join(repositoryRoot, 'account-remote', 'dist');
        remoteRoot = built;
        if (await forOtherOrigins('account-remote')) {
          remoteRoot = join(dataDir, 'remote-release');
          await releaseFor('account-remote', built, remoteRoot);
        }
      }
      const server = createStaticServer({
        root: remoteRoot,
        rules: remoteRules,
        allowedOrigins: [urls.site, `http://127.0.0.1:${ports.site}`],
        // The standalone shell's page calls the API (the site's pages carry the policy their build wrote).
        policyOrigins: { connect: [urls.api], scripts: [] },
      });
      running.remote = await listen(server, ports.remote);
    },
    async api() {
      const child = spawn(process.execPath, [join(repositoryRoot, 'api', 'dist', 'main.js')], {
        cwd: join(repositoryRoot, 'api'),
        env: {
          ...env,
          API_PORT: String(ports.api),
          DATA_DIR: dataDir,
          CORS_ORIGINS: env.CORS_ORIGINS ?? `${urls.site},${urls.remote}`,
          // Links in emails (verification, login) lead to the site this stack serves.
          WEB_URL: env.WEB_URL ?? urls.site,
          // The local stack is for development and the browser tests: demo accounts and the dev mailbox are on,
          // asked for explicitly (the API's default is off). Staging and production refuse them (0028).
          DEV_AIDS: env.DEV_AIDS ?? (['staging', 'production'].includes(env.DCIPHER_ENV) ? 'off' : 'on'),
        },
        stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
      });
      running.api = child;
      await waitForHealth(`${urls.api}/health`, child);
    },
  };

  const stoppers = {
    site: (server) => new Promise((done) => server.close(() => done()) && server.closeAllConnections()),
    remote: (server) => new Promise((done) => server.close(() => done()) && server.closeAllConnections()),
    api: async (child) => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([once(child, 'exit'), new Promise((done) => setTimeout(done, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };

  const stack = {
    urls,
    ports,
    dataDir,
    async startService(name) {
      if (!running[name]) await starters[name]();
    },
    async stopService(name) {
      const handle = running[name];
      delete running[name];
      if (handle) await stoppers[name](handle);
    },
    /** The directory served when no live release exists: the copy of the site's build. */
    get siteRoot() {
      return ownBuild;
    },
    async stop() {
      await Promise.all(Object.keys(running).map((name) => stack.stopService(name)));
      if (ownBuild) await rm(ownBuild, { recursive: true, force: true });
      ownBuild = undefined;
    },
  };

  try {
    await starters.api();
    await starters.remote();
    await starters.site();
  } catch (error) {
    await stack.stop();
    throw error;
  }

  if (options.announce) {
    console.log(`
Dcipher is running:
  site    ${urls.site}        (sign in at ${urls.site}/login)
  remote  ${urls.remote}        (account micro-frontend, standalone shell at /)
  API     ${urls.api}        (OpenAPI at ${urls.api}/openapi.json)
Demo sign-in: ${demoSignIn.email} / ${demoSignIn.password}
Press Ctrl-C to stop.`);
    // Ctrl-C reaches this process twice (from the terminal, to the whole process group, and forwarded by npm):
    // the second one must not end it before the stack has stopped, so the handlers stay and stop once.
    let stopping = false;
    const shutdown = async () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping…');
      await stack.stop();
      process.exit(0);
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  }
  return stack;
}
