// The README's commands on a fresh clone: nothing is built yet, and each command must get as far as its build
// (issue 32: `npm start` imported a built file of @dcipher/shared before building anything). The bootstrap runs
// for real, with every import of a workspace package's dist/ failing as on a clean checkout and its child
// processes recorded instead of started (test-support/unbuilt-tree.mjs).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const bootstrap = fileURLToPath(new URL('./bootstrap.mjs', import.meta.url));
const preload = new URL('./test-support/unbuilt-tree.mjs', import.meta.url).href;

// A CMS that answers every read with no content: enough for the build's content digest.
let cms;
let cmsUrl;
before(async () => {
  cms = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      request.url.startsWith('/api/upload/files')
        ? '[]'
        : JSON.stringify({ data: [], meta: { pagination: { pageCount: 1 } } }),
    );
  });
  await new Promise((resolve) => cms.listen(0, '127.0.0.1', resolve));
  cmsUrl = `http://127.0.0.1:${cms.address().port}`;
});
after(() => cms.close());

/** Runs the bootstrap's `command` as on a fresh clone; resolves to its status, stderr and recorded commands. */
async function runOnUnbuiltTree(command, extraEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dcipher-bootstrap-'));
  try {
    const traceFile = join(dir, 'trace');
    // Asynchronously: the CMS above answers from this process.
    const result = await new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', preload, bootstrap, command],
        {
          encoding: 'utf8',
          env: {
            ...process.env,
            CMS_URL: '',
            CMS_TOKEN: '',
            CHROMIUM_PATH: process.execPath,
            BOOTSTRAP_TRACE: traceFile,
            BOOTSTRAP_BUILT_MARKER: join(dir, 'built'),
            ...extraEnv,
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) => resolve({ status: error ? (error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    let trace = '';
    try {
      trace = readFileSync(traceFile, 'utf8');
    } catch {}
    return { ...result, trace };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const command of ['start', 'build', 'test', 'test:quick']) {
  test(`npm ${command === 'start' || command === 'test' ? command : `run ${command}`} gets to its build with nothing built`, async () => {
    const { status, stderr, trace } = await runOnUnbuiltTree(command);
    assert.doesNotMatch(stderr, /ERR_MODULE_NOT_FOUND|Cannot find module/);
    assert.equal(status, 0, stderr);
    assert.match(trace, /reached the build/);
  });
}

test('a build from a CMS builds the content model before reading the CMS, then gets to the build', async () => {
  const { status, stderr, trace } = await runOnUnbuiltTree('build', { CMS_URL: cmsUrl, CMS_TOKEN: 'token' });
  assert.doesNotMatch(stderr, /ERR_MODULE_NOT_FOUND|Cannot find module/);
  assert.equal(status, 0, stderr);
  const lines = trace.trim().split('\n');
  const sharedBuild = lines.findIndex((line) => line.includes('--filter=@dcipher/shared'));
  assert.ok(sharedBuild >= 0, trace);
  assert.ok(sharedBuild < lines.indexOf('reached the build'), trace);
});

// The benchmarks that run the API's or the engine's sources with tsx import @dcipher/shared's built files in their
// own process: each builds the API's workspace dependencies before it starts.
for (const [command, script] of [
  ['bench:api', 'api-benchmarks.mjs'],
  ['bench:flows', 'flows-benchmarks.mjs'],
  ['bench:uploads', 'uploads-benchmarks.mjs'],
]) {
  test(`npm run ${command} builds what its sources import before running ${script}`, async () => {
    const { status, stderr, trace } = await runOnUnbuiltTree(command);
    assert.equal(status, 0, stderr);
    const lines = trace.trim().split('\n');
    const build = lines.findIndex((line) => line.includes('turbo run build --filter=@dcipher/api^...'));
    const benchmark = lines.findIndex((line) => line.includes(script));
    assert.ok(build >= 0 && benchmark > build, trace);
  });
}
