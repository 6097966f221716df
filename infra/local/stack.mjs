// The local stack runner: serves the built site (:8000) and remote (:3001) and runs the API (:4000), which
// migrates and seeds the embedded database on start. `npm start` calls it after building; the browser tests
// start it themselves and may stop and restart single pieces.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticServer } from './static-server.mjs';

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const demoSignIn = { email: 'admin@demo.dcipher.local', password: 'Dcipher-demo-2026!' };

function portFrom(value, fallback, name) {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`Invalid configuration: ${name} must be a port number (got "${value}")`);
  }
  return port;
}

/** Ports from SITE_PORT, REMOTE_PORT and API_PORT, defaulting to 8000, 3001 and 4000. */
export function stackPorts(env = process.env) {
  return {
    site: portFrom(env.SITE_PORT, 8000, 'SITE_PORT'),
    remote: portFrom(env.REMOTE_PORT, 3001, 'REMOTE_PORT'),
    api: portFrom(env.API_PORT, 4000, 'API_PORT'),
  };
}

/** The browser-visible settings the builds need so they point at this stack's ports. */
export function browserBuildEnv(env = process.env) {
  const ports = stackPorts(env);
  return {
    PUBLIC_API_URL: env.PUBLIC_API_URL ?? `http://localhost:${ports.api}`,
    PUBLIC_ACCOUNT_REMOTE_URL: env.PUBLIC_ACCOUNT_REMOTE_URL ?? `http://localhost:${ports.remote}`,
  };
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

async function waitForHealth(url, child, timeoutMs = 60_000) {
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
  const { remoteRules, siteRules } = await import('./static-rules.mjs');
  const env = { ...process.env, ...options.env };
  const ports = stackPorts(env);
  const urls = {
    site: `http://localhost:${ports.site}`,
    remote: `http://localhost:${ports.remote}`,
    api: `http://localhost:${ports.api}`,
  };
  const dataDir = options.dataDir ?? env.DATA_DIR ?? join(repositoryRoot, '.data');
  const running = {};

  const starters = {
    async site() {
      const server = createStaticServer({
        root: join(repositoryRoot, 'marketing-site', 'public'),
        // With `npm run cms`, the publisher's live release (built from the CMS) is what the site serves.
        liveLink: join(dataDir, 'site-releases', 'current'),
        rules: siteRules,
      });
      running.site = await listen(server, ports.site);
    },
    async remote() {
      const server = createStaticServer({
        root: join(repositoryRoot, 'account-remote', 'dist'),
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
    async stop() {
      await Promise.all(Object.keys(running).map((name) => stack.stopService(name)));
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
    const shutdown = async () => {
      console.log('\nStopping…');
      await stack.stop();
      process.exit(0);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  }
  return stack;
}
