#!/usr/bin/env node
// API throughput (issue 23): autocannon against a bare Fastify hello-world (the reference, the project's own
// fastify, measured in the same run) and the API on PGlite and on a throwaway PostgreSQL cluster:
// `GET /health`, authenticated `GET /account` and `POST /login`, each from many client addresses (the API trusts
// the loopback proxy and reads X-Forwarded-For, so per-address limits are not what is measured; sign-ins cycle
// through accounts made for the run, so the per-account throttle is not what is measured either). Prints req/s, p50,
// p99, errors (non-2xx and socket errors) and each figure's ratio to bare Fastify.
//
// The `nginx` engine is the production topology's API tier (docs/decisions/0077): nginx with the generated
// configuration (infra/deploy/nginx-config.mjs) in front of two replicas on PostgreSQL; nginx sets the client's
// address itself, so those replicas raise their per-address limits (RATE_LIMIT_SCALE) instead.
//
// Usage: npm run bench:api [-- --duration=20 --connections=50 --engines=pglite,postgres,nginx --api-dir=<dir>]
//   --api-dir: another checkout's api/ (run from its sources with tsx), to measure an older version in the same way.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { nginxApiConfig, nginxMainConfig } from '../deploy/nginx-config.mjs';

const repositoryRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const duration = Number(option('duration', '20'));
const connections = Number(option('connections', '50'));
const engines = option('engines', 'pglite,postgres,nginx').split(',').filter(Boolean);
const apiDir = resolve(option('api-dir', join(repositoryRoot, 'api')));
const demo = { email: 'admin@demo.dcipher.local', password: 'Dcipher-demo-2026!' };

async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

const children = new Set();
function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));

async function waitFor(url, child, what) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited at start`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what} did not answer ${url} in 90 s`);
}

function startProcess(args, env, cwd) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  return child;
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  child.kill('SIGKILL');
  children.delete(child);
}

async function startBareFastify() {
  const port = await freePort();
  const fastifyPath = createRequire(join(apiDir, 'package.json')).resolve('fastify');
  const source = `
    const fastify = require(${JSON.stringify(fastifyPath)})({ logger: false });
    fastify.get('/', async () => ({ hello: 'world' }));
    fastify.listen({ host: '127.0.0.1', port: ${port} });`;
  const child = startProcess(['-e', source], { PATH: process.env.PATH }, repositoryRoot);
  await waitFor(`http://127.0.0.1:${port}/`, child, 'bare Fastify');
  return { url: `http://127.0.0.1:${port}`, child };
}

/** How many accounts `POST /login` cycles through: more than the connections, so no account is ever signed into twice at once (the per-account throttle counts an attempt before checking it, docs/decisions/0013). */
const signInAccounts = Math.max(200, connections * 4);
const signInAccount = (index) => ({ email: `bench-${index}@bench.dcipher.local`, password: demo.password });

/**
 * Creates the sign-in accounts before the API starts (PGlite admits one process): migrates the database and seeds
 * the demo organization and its members through the API's own code (run from the API's sources with tsx), then
 * `signInAccounts` more members with the demo password through the people module.
 */
function seedAccounts(env) {
  const script = `
    import { openDatabase } from './src/db/open-database.ts';
    import { migrate } from './src/db/migrate.ts';
    import { loadConfig } from './src/config.ts';
    import { demoOrganization, demoPassword, seedDemoData } from './src/db/seed-demo-data.ts';
    import { createPasswordHasher } from './src/modules/identity/password-hasher.ts';
    import { insertUser } from './src/modules/people/user-repository.ts';
    const config = loadConfig(process.env);
    const database = await openDatabase(config.database, (error) => { throw error; });
    await migrate(database);
    const hasher = createPasswordHasher();
    await seedDemoData(database, hasher);
    const passwordHash = await hasher.hash(demoPassword);
    for (let index = 0; index < ${signInAccounts}; index += 1) {
      await insertUser(database, {
        email: \`bench-\${index}@bench.dcipher.local\`, firstName: 'Bench', lastName: String(index), passwordHash,
        status: 'Active', organizationId: demoOrganization.id, role: 'teammate', emailVerified: true,
      });
    }
    await database.close();`;
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding the sign-in accounts failed');
}

async function startApi(engine, postgresUrl) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'dcipher-bench-api-'));
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DCIPHER_ENV: 'development',
    DEV_AIDS: 'on',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    TRUSTED_PROXIES: '127.0.0.1',
    BILLING_SCHEDULER_INTERVAL_SECONDS: '0',
    ...(engine === 'postgres' && { DATABASE_URL: postgresUrl }),
  };
  seedAccounts(env);
  const child = startProcess(['--import', 'tsx', 'src/main.ts'], env, apiDir);
  await waitFor(`http://127.0.0.1:${port}/health`, child, `the API on ${engine}`);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database of its own in the throwaway cluster (the `postgres` engine's has its sign-in accounts already). */
async function createDatabase(adminUrl, name) {
  const pg = createRequire(join(apiDir, 'package.json'))('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** nginx (the generated configuration) in front of two API replicas sharing one PostgreSQL database. */
async function startNginxAndReplicas(postgresUrl) {
  const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
    (candidate) => spawnSync(candidate, ['-v']).status === 0,
  );
  if (!nginxBin) return undefined;
  const databaseUrl = await createDatabase(postgresUrl, `bench_nginx_${process.pid}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'dcipher-bench-nginx-'));
  const env = (port) => ({
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DCIPHER_ENV: 'development',
    DEV_AIDS: 'on',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_SCALE: '10000',
    BILLING_SCHEDULER_INTERVAL_SECONDS: '0',
    METRICS_PORT: '0',
  });
  const ports = [await freePort(), await freePort()];
  seedAccounts(env(ports[0]));
  const replicas = [];
  for (const port of ports) {
    const child = startProcess(['--import', 'tsx', 'src/main.ts'], env(port), apiDir);
    replicas.push(child);
    await waitFor(`http://127.0.0.1:${port}/ready`, child, `replica on ${port}`);
  }
  const listen = await freePort();
  const prefix = join(dataDir, 'nginx');
  await mkdir(prefix, { recursive: true });
  await writeFile(
    join(prefix, 'nginx.conf'),
    nginxMainConfig({
      prefix,
      http: nginxApiConfig({
        listen: `127.0.0.1:${listen}`,
        upstreams: ports.map((port) => `127.0.0.1:${port}`),
      }),
    }).replace('worker_connections 256;', 'worker_connections 4096;'),
  );
  const nginx = spawn(nginxBin, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
  children.add(nginx);
  await waitFor(`http://127.0.0.1:${listen}/ready`, nginx, 'nginx');
  return {
    url: `http://127.0.0.1:${listen}`,
    async stop() {
      nginx.kill('SIGQUIT');
      await Promise.race([
        new Promise((done) => nginx.once('exit', done)),
        new Promise((d) => setTimeout(d, 5000)),
      ]);
      children.delete(nginx);
      await Promise.all(replicas.map((child) => stopProcess(child)));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let clientNumber = 0;
/** A loopback proxy's X-Forwarded-For naming a new client address for every request. */
function forwardedFor() {
  clientNumber += 1;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

async function measure(url, { method = 'GET', headers = {}, body, bodies, reconnectRate } = {}) {
  let request = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    ...(reconnectRate && { reconnectRate }),
    requests: [
      {
        method,
        ...(body && { body: JSON.stringify(body) }),
        setupRequest: (prepared) => ({
          ...prepared,
          ...(bodies && { body: JSON.stringify(bodies(request++)) }),
          headers: {
            ...headers,
            ...((body || bodies) && { 'content-type': 'application/json' }),
            'x-forwarded-for': forwardedFor(),
          },
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function logIn(apiUrl) {
  const response = await fetch(`${apiUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' },
    body: JSON.stringify(demo),
  });
  if (!response.ok) throw new Error(`POST /login answered ${response.status}: ${await response.text()}`);
  return (await response.json()).accessToken;
}

const rows = [];
const format = (figures, reference) =>
  `${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s ${((figures.requestsPerSecond / reference) * 100)
    .toFixed(1)
    .padStart(
      5,
    )} %   p50 ${String(figures.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(4)} ms   errors ${figures.errors}`;

const bare = await startBareFastify();
const reference = await measure(`${bare.url}/`);
await stopProcess(bare.child);
console.log(`bare Fastify hello-world           ${format(reference, reference.requestsPerSecond)}`);

let postgres;
if (engines.includes('postgres') || engines.includes('nginx')) {
  const { findPostgresBinDir, startThrowawayPostgres } = await import(
    join(repositoryRoot, 'api', 'scripts', 'throwaway-postgres.mjs')
  );
  const binDir = findPostgresBinDir();
  if (!binDir) console.log('postgres: no PostgreSQL binaries (sudo apt-get install postgresql): skipped');
  else postgres = await startThrowawayPostgres(binDir);
}
try {
  for (const engine of engines) {
    if ((engine === 'postgres' || engine === 'nginx') && !postgres) continue;
    const api =
      engine === 'nginx' ? await startNginxAndReplicas(postgres.url) : await startApi(engine, postgres?.url);
    if (!api) {
      console.log('nginx: no nginx (sudo apt-get install nginx-light): skipped');
      continue;
    }
    try {
      const token = await logIn(api.url);
      // nginx ends a client connection after 1,000 requests (keepalive_requests, "Connection: close"); autocannon
      // writes its next request on it all the same and counts the reset as an error, which browsers and undici do
      // not. Through nginx it opens a new connection every 500 requests instead (as test:production does, 0077).
      const reconnectRate = engine === 'nginx' ? 500 : undefined;
      const figures = {
        'GET /health': await measure(`${api.url}/health`, { reconnectRate }),
        'GET /account (bearer)': await measure(`${api.url}/account`, {
          headers: { authorization: `Bearer ${token}` },
          reconnectRate,
        }),
        'POST /login': await measure(`${api.url}/login`, {
          method: 'POST',
          bodies: (request) => signInAccount(request % signInAccounts),
          reconnectRate,
        }),
      };
      for (const [name, result] of Object.entries(figures)) {
        const label = `${(engine === 'nginx' ? 'nginx+2pg' : engine).padEnd(10)}${name}`;
        rows.push({ label, result });
        console.log(`${label.padEnd(35)}${format(result, reference.requestsPerSecond)}`);
      }
    } finally {
      await api.stop();
    }
  }
} finally {
  postgres?.stop();
}
console.log(
  `\n${connections} connections, ${duration} s each, one machine (${(await import('node:os')).cpus().length} cores); ratios are to bare Fastify in this run.`,
);
