#!/usr/bin/env node
// Prints the walking skeleton's figures: `npm start` time from a fresh clone and on a second run, the home
// page's first-load JS (gzipped), and the remote's bytes needed to show the login form.
// Usage: npm run bench [-- --skip-start]   (needs a built tree for the last two; the first clones this repo)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repositoryRoot, startStack } from '../local/stack.mjs';
import { firstLoadJs } from './first-load-js.mjs';

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Runs `npm start` in a directory and returns the seconds until it announces the running stack. */
function timeStart(directory, env) {
  return new Promise((resolveTime, reject) => {
    const started = Date.now();
    const child = spawn('npm', ['start'], {
      cwd: directory,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('Press Ctrl-C to stop.')) {
        const seconds = (Date.now() - started) / 1000;
        process.kill(-child.pid, 'SIGINT');
        child.once('exit', () => resolveTime(seconds));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      if (!output.includes('Press Ctrl-C to stop.'))
        reject(new Error(`npm start exited (${code}):\n${output.slice(-3000)}`));
    });
  });
}

async function measureStartTimes() {
  const clone = mkdtempSync(join(tmpdir(), 'dcipher-bench-'));
  try {
    await new Promise((done, fail) =>
      spawn('git', ['clone', '--quiet', repositoryRoot, clone], { stdio: 'inherit' }).once('exit', (code) =>
        code === 0 ? done() : fail(new Error('git clone failed')),
      ),
    );
    // Other ports, so a running `npm start` of the working tree does not interfere.
    const env = { ...process.env, SITE_PORT: '18000', REMOTE_PORT: '13001', API_PORT: '14000' };
    const first = await timeStart(clone, env);
    const second = await timeStart(clone, env);
    return { first, second };
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

async function remoteBytesForLogin() {
  const { chromium } = await import('playwright-core');
  const dataDir = mkdtempSync(join(tmpdir(), 'dcipher-bench-data-'));
  const stack = await startStack({ dataDir, quiet: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const home = await firstLoadJs(
      browser,
      stack.urls.site,
      '/',
      join(repositoryRoot, 'marketing-site', 'public'),
    );
    const page = await browser.newPage();
    const bodies = [];
    page.on('response', async (response) => {
      if (response.url().startsWith(stack.urls.remote))
        bodies.push(response.body().then((body) => [response.url(), body]));
    });
    await page.goto(`${stack.urls.site}/login`);
    await page.getByLabel('Work email').waitFor();
    const settled = await Promise.all(bodies);
    const raw = settled.reduce((sum, [, body]) => sum + body.length, 0);
    const gzipped = settled.reduce((sum, [, body]) => sum + gzipSync(body, { level: 9 }).length, 0);
    return { home, remote: { requests: settled.length, raw, gzipped } };
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const skipStart = process.argv.includes('--skip-start');
console.log('Dcipher web benchmarks');
if (!skipStart) {
  const { first, second } = await measureStartTimes();
  console.log(`npm start, fresh clone (install + build + migrate + seed + serve): ${first.toFixed(1)} s`);
  console.log(`npm start, second run:                                           ${second.toFixed(1)} s`);
}
const { home, remote } = await remoteBytesForLogin();
console.log(`home page first-load JS: ${home.files} files, ${kib(home.gzipped)} gzipped`);
console.log(
  `remote bytes to show the login form: ${remote.requests} requests, ${kib(remote.raw)} raw, ${kib(remote.gzipped)} gzipped`,
);
