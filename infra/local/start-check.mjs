#!/usr/bin/env node
// The README's first command, proven as a newcomer runs it (issue 32): `npm start` on this checkout until the site,
// the remote and the API answer; the demo admin signs in through the API and runs a predefined workflow on its
// sample to JobDone; then Ctrl-C (SIGINT to the command's process group, as a terminal sends it) must end it with
// exit code 0 within 30 s, leaving no process of it and none of its ports behind. `.ci/run` runs this on its clean
// clone before `npm test`; it prints each phase's wall time.
//
//   node infra/local/start-check.mjs            (SITE_PORT, REMOTE_PORT, API_PORT as `npm start` reads them)
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackPorts } from '../builds/browser-env.mjs';

// Only Node's own modules and the repository's: this runs before `npm start` has installed anything.
const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ports = stackPorts(process.env);
const api = `http://localhost:${ports.api}`;
const adminEmail = 'admin@demo.dcipher.local';
const demoPassword = 'Dcipher-demo-2026!';
const serveTimeoutMs = Number(process.env.START_CHECK_SERVE_TIMEOUT_MS ?? 30 * 60_000);
const logFile = join(repositoryRoot, '.data', 'start-check.log');

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const fail = (message) => {
  throw new Error(message);
};

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function call(method, path, { token, body } = {}) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text };
}

/** The processes whose process group is `group` (the command and everything it started), from `ps`. */
function processesInGroup(group) {
  const listing = spawnSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' }).stdout ?? '';
  return listing
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((match) => match && Number(match[2]) === group)
    .map((match) => `${match[1]} ${match[3]}`);
}

for (const port of Object.values(ports)) {
  if (await portOpen(port)) fail(`Port ${port} is already in use: stop what listens there first.`);
}

const started = performance.now();
mkdirSync(join(repositoryRoot, '.data'), { recursive: true });
const log = createWriteStream(logFile, { flags: 'w' });
console.log(`# npm start (its output: ${logFile})`);
// detached: its own process group, so that SIGINT reaches `npm`, the bootstrap and every server, as Ctrl-C does.
const child = spawn('npm', ['start'], {
  cwd: repositoryRoot,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: process.env,
});
child.stdout.pipe(log, { end: false });
child.stderr.pipe(log, { end: false });
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
let exitedEarly;
exited.then((result) => {
  exitedEarly = result;
});

try {
  const checks = {
    site: `http://localhost:${ports.site}/`,
    remote: `http://localhost:${ports.remote}/mf-manifest.json`,
    api: `${api}/health`,
  };
  const deadline = performance.now() + serveTimeoutMs;
  const serving = new Set();
  while (serving.size < 3) {
    if (exitedEarly) fail(`npm start exited (${JSON.stringify(exitedEarly)}) before serving: see ${logFile}`);
    if (performance.now() > deadline) fail(`npm start did not serve within ${serveTimeoutMs / 1000} s`);
    for (const [name, url] of Object.entries(checks)) {
      if (!serving.has(name) && (await answers(url))) serving.add(name);
    }
    if (serving.size < 3) await pause(1_000);
  }
  console.log(`# phase: npm start until site, remote and API answer: ${seconds(started)}`);

  const flowStarted = performance.now();
  const login = await call('POST', '/login', { body: { email: adminEmail, password: demoPassword } });
  if (login.status !== 200 || !login.json?.accessToken)
    fail(`demo admin login: ${login.status} ${login.text}`);
  const token = login.json.accessToken;
  const created = await call('POST', '/flows', {
    token,
    body: {
      name: `Start check ${Date.now()}`,
      flowType: 'predefinedFlow',
      predefinedFlowId: 'review-analysis',
      analysisType: 'contentAnalysis',
      dataSources: [{ kind: 'starter', group: 'file', sampleId: 'coffee-machine-reviews' }],
      notifications: false,
    },
  });
  if (created.status !== 201) fail(`create a predefined workflow: ${created.status} ${created.text}`);
  const flowId = created.json.id;
  const run = await call('POST', `/flows/${flowId}/run`, { token, body: {} });
  if (run.status !== 202) fail(`run it: ${run.status} ${run.text}`);
  let state;
  const runDeadline = performance.now() + 120_000;
  while (performance.now() < runDeadline) {
    const status = await call('GET', `/flows/${flowId}/status`, { token });
    state = status.json?.run?.state;
    if (state && !['JobPending', 'JobRunning'].includes(state)) break;
    await pause(500);
  }
  if (state !== 'JobDone') fail(`the run ended ${state ?? 'nowhere'} instead of JobDone`);
  console.log(`# phase: demo admin signs in, runs review-analysis to JobDone: ${seconds(flowStarted)}`);
} catch (error) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
  console.error(`start check failed: ${error.message}`);
  console.error(`last lines of ${logFile}:`);
  log.end();
  spawnSync('tail', ['-n', '40', logFile], { stdio: 'inherit' });
  process.exit(1);
}

const stopping = performance.now();
process.kill(-child.pid, 'SIGINT');
// The bound's timer is unref'd: a pending timer kept this process alive 30 s after the check had passed (about 30 s
// of every `.ci/run`, between "start check passed" and the next phase).
const result = await Promise.race([
  exited,
  new Promise((resolve) => setTimeout(resolve, 30_000).unref()).then(() => undefined),
]);
const leftOver = processesInGroup(child.pid);
const openPorts = [];
for (const port of Object.values(ports)) if (await portOpen(port)) openPorts.push(port);
log.end();
const problems = [];
if (!result) problems.push('npm start did not exit within 30 s of SIGINT');
else if (result.code !== 0) problems.push(`npm start exited with ${JSON.stringify(result)} after SIGINT`);
if (leftOver.length > 0) problems.push(`processes left behind:\n  ${leftOver.join('\n  ')}`);
if (openPorts.length > 0) problems.push(`ports still open: ${openPorts.join(', ')}`);
if (problems.length > 0) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
  console.error(`start check failed:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`# phase: SIGINT until npm start exited 0, no process or port left: ${seconds(stopping)}`);
console.log(`# start check passed in ${seconds(started)}`);
