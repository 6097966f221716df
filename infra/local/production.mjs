// `npm run start:production` (docs/decisions/0077): the production topology on one machine, from the same build as
// `npm start`. A PostgreSQL cluster kept under .data/production/postgres, the migration step, two API replicas and
// the worker (api/dist/main.js, settings from infra/deploy/topology.mjs), a local SMTP sink, and nginx in front with
// the configuration infra/deploy/ generates: site :8080, remote :8081, API :8082. A process that dies is started
// again (as a service manager would); Ctrl-C stops everything gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { _createServerHandle, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { getSystemErrorName } from 'node:util';
import { nginxMainConfig } from '../deploy/nginx-config.mjs';
import { apiProcesses, topologyNginxConfig, topologyOrigins, topologyPorts } from '../deploy/topology.mjs';
import { policyManifestFile } from '../serving/content-security.mjs';
import { startPostgresCluster } from './postgres-cluster.mjs';
import { startSmtpSink } from './smtp-sink.mjs';
import { releasesFor, repositoryRoot, snapshotSiteBuild } from './stack.mjs';

export const defaultProductionDataDir = join(repositoryRoot, '.data', 'production');

/**
 * The runner's control socket in the data directory: `npm run restart:production` (production-restart.mjs) asks
 * the running topology for a rolling restart through it and prints the progress the runner writes back.
 */
export const controlSocketPath = (dataDir) => join(dataDir, 'control.sock');

/**
 * A TCP socket bound to 127.0.0.1:`port` for a process to listen and accept on, which this process never accepts
 * on: Node's own primitive for this (what `cluster`'s primary hands its workers), as `net.Server` would accept.
 */
function listeningSocket(port) {
  const handle = _createServerHandle('127.0.0.1', port, 4);
  if (typeof handle === 'number') {
    throw new Error(`127.0.0.1:${port} could not be bound (${getSystemErrorName(handle)}): is it in use?`);
  }
  return handle;
}

/** nginx's binary, or undefined: Debian's nginx-light puts it in /usr/sbin. */
export function findNginx(env = process.env) {
  return [env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx']
    .filter(Boolean)
    .find((candidate) => spawnSync(candidate, ['-v']).status === 0);
}

/**
 * The secrets every API process shares (CAPTCHA_HMAC_KEY, SSO_SECRET_KEY), the database password and the secret
 * nginx proves itself with to the replicas (TRUSTED_PROXY_SECRET, decision 0095), generated on first start into
 * `<dataDir>/secrets.json` (mode 0600) and read from there after; one missing from an older file is added. Never
 * printed.
 */
export function loadOrCreateSecrets(dataDir) {
  const file = join(dataDir, 'secrets.json');
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = {
    captchaHmacKey: kept.captchaHmacKey ?? randomBytes(32).toString('hex'),
    ssoSecretKey: kept.ssoSecretKey ?? randomBytes(32).toString('hex'),
    postgresPassword: kept.postgresPassword ?? randomBytes(18).toString('hex'),
    proxySecret: kept.proxySecret ?? randomBytes(32).toString('hex'),
  };
  if (Object.keys(secrets).some((name) => kept[name] !== secrets[name])) {
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secrets;
}

/** Copies each line of `stream` to `output` with `[name] ` before it. */
function prefixLines(stream, name, output) {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => output.write(`[${name}] ${line}\n`));
}

async function waitUntilReady(url, child, name, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    const response = await fetch(url).catch(() => undefined);
    if (response?.status === 200) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts the topology. Options: `dataDir` (default .data/production), `env` (ports: see topologyPorts; anything
 * else is given to every API process too when listed in `apiEnv`), `apiEnv` (extra API variables, e.g.
 * RATE_LIMIT_SCALE for load tests), `output` (where the prefixed logs go, default stdout), `restartOnExit`
 * (default true). Answers a handle to stop it, signal or restart its processes.
 */
export async function startProductionTopology(options = {}) {
  const env = { ...process.env, ...options.env };
  const ports = topologyPorts(env);
  const origins = topologyOrigins(ports);
  const dataDir = options.dataDir ?? env.PRODUCTION_DATA_DIR ?? defaultProductionDataDir;
  const output = options.output ?? process.stdout;
  const restartOnExit = options.restartOnExit ?? true;
  const log = (line) => output.write(`[topology] ${line}\n`);
  const nginxBin = findNginx(env);
  if (!nginxBin) throw new Error('No nginx found: sudo apt-get install nginx-light');
  // PostgreSQL runs as `nobody` when this runs as root, and nginx's workers read the site's release below it: the
  // directories are traversable; the secrets in it are the owner's only (0600).
  await mkdir(dataDir, { recursive: true });
  for (const directory of [dataDir, dirname(dataDir)]) {
    const { mode } = await stat(directory);
    if ((mode & 0o011) !== 0o011) await chmod(directory, mode | 0o011);
  }
  const secrets = loadOrCreateSecrets(dataDir);
  const cleanups = [];
  const processes = new Map();
  // Should the runner itself end abruptly, its detached processes do not outlive it.
  const children = new Set();
  const killChildren = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', killChildren);
  let stopping = false;

  const stop = async () => {
    stopping = true;
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error) => log(`stopping: ${error.message}`));
    }
    cleanups.length = 0;
  };

  try {
    log(`PostgreSQL on 127.0.0.1:${ports.postgres} (${join(dataDir, 'postgres')})`);
    const postgres = await startPostgresCluster({
      dir: join(dataDir, 'postgres'),
      port: ports.postgres,
      password: secrets.postgresPassword,
    });
    cleanups.push(async () => postgres.stop());
    const smtp = await startSmtpSink({ port: ports.smtp, dir: join(dataDir, 'mail') });
    cleanups.push(() => smtp.close());

    const definitions = apiProcesses({
      ports,
      databaseUrl: postgres.url,
      dataDir,
      secrets,
      smtpUrl: smtp.url,
      extra: options.apiEnv ?? {},
    });
    const baseEnv = { PATH: env.PATH ?? '', ...(env.TZ && { TZ: env.TZ }) };

    // The migration step: once, before any process that serves (they run with MIGRATE_ON_START=off).
    const migration = spawnSync(
      process.execPath,
      [join(repositoryRoot, 'api', 'dist', 'migrate-command.js')],
      { env: { ...baseEnv, ...definitions[0].env }, encoding: 'utf8' },
    );
    for (const line of `${migration.stdout}${migration.stderr}`.split('\n').filter(Boolean)) {
      output.write(`[migrate] ${line}\n`);
    }
    if (migration.status !== 0) throw new Error('The migration step failed (see [migrate] above)');

    // Each process's listening sockets (its API port and its metrics port) are opened here, as a service manager's
    // socket units would, and passed to it (LISTEN_FDS, decision 0087). They outlive the process: a rolling restart
    // starts the successor on the same sockets before the old process drains, so nginx never meets a closed port
    // and no connection waiting to be accepted is reset. A crashed process's sockets are closed (nginx moves to the
    // other replica at once) and opened again for its replacement.
    const sockets = new Map();
    const openSockets = (definition) => {
      const opened = [definition.port, definition.metricsPort].map((port) => listeningSocket(port));
      sockets.set(definition.name, opened);
      return opened;
    };
    const closeSockets = (name) => {
      for (const handle of sockets.get(name) ?? []) handle.close();
      sockets.delete(name);
    };
    cleanups.push(async () => {
      for (const name of [...sockets.keys()]) closeSockets(name);
    });

    /** Starts `definition`'s process; `replacing`: the running process it succeeds in a rolling restart. */
    const launch = (definition, replacing = undefined) => {
      const [apiSocket, metricsSocket] = sockets.get(definition.name) ?? openSockets(definition);
      const child = spawn(process.execPath, [join(repositoryRoot, 'api', 'dist', 'main.js')], {
        cwd: join(repositoryRoot, 'api'),
        env: { ...baseEnv, ...definition.env, LISTEN_FDS: '2', LISTEN_FDNAMES: 'api:metrics' },
        // Descriptors 3 and 4: the sockets; 5: the channel on which the process says it serves.
        stdio: ['ignore', 'pipe', 'pipe', apiSocket.fd, metricsSocket.fd, 'ipc'],
        // Its own process group: Ctrl-C reaches the runner only, which stops the processes in order (a second
        // signal would make the API exit at once, undrained).
        detached: true,
      });
      children.add(child);
      child.once('exit', () => children.delete(child));
      prefixLines(child.stdout, definition.name, output);
      prefixLines(child.stderr, definition.name, output);
      const entry = {
        definition,
        child,
        intendedStop: false,
        serving: false,
        ready: new Promise((resolve, reject) => {
          child.on('message', (message) => {
            if (message?.ready !== true) return;
            entry.serving = true;
            resolve();
          });
          child.once('exit', (code, signal) =>
            reject(new Error(`${definition.name} exited during start-up (${code ?? signal})`)),
          );
        }),
      };
      entry.ready.catch(() => {});
      processes.set(definition.name, entry);
      child.once('exit', (code, signal) => {
        if (replacing && !entry.serving) {
          // A successor that failed to start: the process it was to replace still serves, on the same sockets.
          if (processes.get(definition.name) === entry) processes.set(definition.name, replacing);
          return;
        }
        if (stopping || entry.intendedStop || !restartOnExit) return;
        log(`${definition.name} exited (${code ?? signal}); starting it again`);
        if (processes.get(definition.name) === entry) closeSockets(definition.name);
        setTimeout(() => {
          if (stopping || processes.get(definition.name) !== entry) return;
          let again;
          try {
            again = launch(definition);
          } catch (error) {
            log(`${definition.name} could not be started again: ${error.message}`);
            return;
          }
          waitUntilReady(`http://127.0.0.1:${definition.port}/ready`, again.child, definition.name).then(
            () => log(`${definition.name} ready again`),
            (error) => log(error.message),
          );
        }, 500);
      });
      return entry;
    };
    const stopEntry = async (entry, signal = 'SIGTERM') => {
      if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
      entry.intendedStop = true;
      const exited = once(entry.child, 'exit');
      entry.child.kill(signal);
      await Promise.race([exited, new Promise((done) => setTimeout(done, 30_000))]);
      if (entry.child.exitCode === null && entry.child.signalCode === null) entry.child.kill('SIGKILL');
    };
    /** Stops the process for good: its drain, then its sockets are closed (a connection is refused, not queued). */
    const stopProcess = async (name, signal = 'SIGTERM') => {
      await stopEntry(processes.get(name), signal);
      closeSockets(name);
    };
    cleanups.push(async () => {
      await Promise.all([...processes.keys()].map((name) => stopProcess(name)));
    });
    for (const definition of definitions) launch(definition);
    await Promise.all(definitions.map((definition) => processes.get(definition.name).ready));
    log(`replicas ready on ${ports.replicas.join(', ')}; worker on ${ports.worker}`);

    // The site: the publisher's live release when there is one, else a release of this build (the one `npm start`
    // serves) for the topology's origins; the remote likewise (docs/decisions/0112: one build for every origin).
    const releasesDir = join(dataDir, 'site-releases');
    const live = join(releasesDir, 'current');
    const { browserConfig, release } = await releasesFor(env, origins);
    const siteRoot = existsSync(join(live, 'index.html'))
      ? live
      : await snapshotSiteBuild({
          releasesDir,
          release: (from, to) => release('marketing-site', from, to, browserConfig),
        });
    if (!siteRoot) throw new Error('The site has not been built: npm run start:production builds it first');
    const remoteRoot = join(dataDir, 'remote-release');
    await release('account-remote', join(repositoryRoot, 'account-remote', 'dist'), remoteRoot);
    const { remoteRules, siteRules } = await import('../serving/static-rules.mjs');
    const manifest = JSON.parse(await readFile(join(await realpath(siteRoot), policyManifestFile), 'utf8'));
    const prefix = join(dataDir, 'nginx');
    await mkdir(prefix, { recursive: true });
    const configFile = join(prefix, 'nginx.conf');
    // It holds the proxy secret: the runner's only (nginx's master reads it; its workers never do).
    await writeFile(
      configFile,
      nginxMainConfig({
        prefix,
        http: topologyNginxConfig({
          ports,
          siteRoot,
          remoteRoot,
          manifest,
          rules: { siteRules, remoteRules },
          proxySecret: secrets.proxySecret,
        }),
      }),
      { mode: 0o600 },
    );
    await chmod(configFile, 0o600);
    const checked = spawnSync(nginxBin, ['-t', '-q', '-p', prefix, '-c', configFile], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx refused its configuration:\n${checked.stderr}`);
    const nginx = spawn(nginxBin, ['-p', prefix, '-c', configFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(nginx);
    nginx.once('exit', () => children.delete(nginx));
    prefixLines(nginx.stdout, 'nginx', output);
    prefixLines(nginx.stderr, 'nginx', output);
    cleanups.push(async () => {
      if (nginx.exitCode !== null || nginx.signalCode !== null) return;
      const exited = once(nginx, 'exit');
      nginx.kill('SIGQUIT');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGKILL');
    });
    await waitUntilReady(`http://127.0.0.1:${ports.api}/ready`, nginx, 'nginx');
    await waitUntilReady(`http://127.0.0.1:${ports.site}/`, nginx, 'nginx');

    // A rolling restart, one process at a time, the worker last: the new process starts on the old one's sockets
    // and says it serves; then the old one drains (SIGTERM: not ready, every answer closing its connection, then it
    // stops accepting, which leaves the sockets open, and exits). Every connection nginx opens meanwhile is accepted
    // by one or the other (decision 0087). The worker's SIGTERM hands its running jobs back.
    let rolling = false;
    const rollingRestart = async (report = log) => {
      if (rolling) throw new Error('A rolling restart is already under way');
      rolling = true;
      try {
        for (const definition of definitions) {
          const old = processes.get(definition.name);
          report(`${definition.name}: starting a new process on the same sockets`);
          const next = launch(definition, old);
          await next.ready;
          report(`${definition.name}: new process ready; the old one drains (SIGTERM)`);
          await stopEntry(old, 'SIGTERM');
          report(`${definition.name}: old process stopped`);
        }
      } finally {
        rolling = false;
      }
    };
    const socketPath = controlSocketPath(dataDir);
    await rm(socketPath, { force: true });
    const control = createServer((connection) => {
      connection.setEncoding('utf8');
      connection.once('data', (command) => {
        if (command.trim() !== 'restart') {
          connection.end(`unknown command; the one command is "restart"\n`);
          return;
        }
        const report = (line) => {
          log(`rolling restart: ${line}`);
          if (!connection.destroyed) connection.write(`${line}\n`);
        };
        rollingRestart(report).then(
          () => connection.end('done\n'),
          (error) => connection.end(`failed: ${error.message}\n`),
        );
      });
    });
    await new Promise((done, fail) => control.once('error', fail).listen(socketPath, done));
    await chmod(socketPath, 0o600);
    cleanups.push(async () => {
      await new Promise((done) => control.close(done));
      await rm(socketPath, { force: true });
    });

    return {
      ports,
      origins,
      dataDir,
      databaseUrl: postgres.url,
      psql: postgres.psql,
      /** The process running under `name` (replica-1, replica-2, worker). */
      process: (name) => processes.get(name)?.child,
      /** Sends `signal` and lets the supervisor start it again (SIGKILL: a crash). */
      kill: (name, signal = 'SIGKILL') => processes.get(name)?.child.kill(signal),
      /** Stops it for good (SIGTERM and its drain; then its ports refuse connections). */
      stopProcess,
      /** Starts a stopped process and waits until it is ready. */
      async startProcess(name) {
        const definition = definitions.find((candidate) => candidate.name === name);
        await launch(definition).ready;
      },
      async waitReady(name) {
        const definition = definitions.find((candidate) => candidate.name === name);
        const deadline = Date.now() + 90_000;
        while (Date.now() < deadline) {
          const response = await fetch(`http://127.0.0.1:${definition.port}/ready`).catch(() => undefined);
          if (response?.status === 200) return;
          await new Promise((done) => setTimeout(done, 200));
        }
        throw new Error(`${name} not ready in 90 s`);
      },
      /** Every API process in turn, with no failed request (the runner's control socket does the same). */
      rollingRestart,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The CLI of `npm run start:production` (after bootstrap.mjs has built): start, announce, stop on Ctrl-C. */
export async function runProductionTopology() {
  const topology = await startProductionTopology();
  const { origins } = topology;
  console.log(`
Dcipher's production topology is running (PostgreSQL, 2 API replicas, 1 worker, nginx):
  site    ${origins.site}
  remote  ${origins.remote}
  API     ${origins.api}        (replicas on ${topology.ports.replicas.join(', ')}, worker on ${topology.ports.worker})
Data, secrets and logs of PostgreSQL and nginx: ${topology.dataDir}
Sign up at ${origins.site}/signup; mail goes to ${join(topology.dataDir, 'mail')} (a local SMTP sink).
A rolling restart of the API processes, one at a time: npm run restart:production (in another terminal).
Press Ctrl-C to stop.`);
  const shutdown = async () => {
    console.log('\nStopping…');
    await topology.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
