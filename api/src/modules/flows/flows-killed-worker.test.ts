// engines: both
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { demoPassword } from '../../db/seed-demo-data.js';
import { apiEntryArguments, packageDirectory } from '../../test-support/api-paths.js';
import { createApiProcessDatabase, testPgliteEnvironment } from '../../test-support/test-database.js';
import { demoAdmin } from '../../test-support/test-server.js';
import { uploadForm } from '../../test-support/upload-file.js';

/**
 * The durable run of issue 24 with a real kill: an API process (its jobs worker on) runs a workflow over a few
 * thousand documents and is killed with SIGKILL while the engine works; a new process started on the same data
 * takes the run once the dead worker's lease is over (`FLOW_RUN_LEASE_SECONDS`, 5 s here rather than the default
 * 60 s, so the test does not sleep out a minute), finishes it once, and the
 * plan's quota counts its documents once. On PostgreSQL the new process shares the database; on PGlite it reopens
 * the same files, as after a crash of the only process.
 */
const documents = 6000;
/** The run's lease: the restarted process takes the run over this long after the kill. */
const leaseSeconds = 5;

describe('a workflow run survives its worker killed with SIGKILL', () => {
  let dataDir: string;
  let processDatabase: { url?: string; drop(): Promise<void> } | undefined;
  const children: ChildProcess[] = [];
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dcipher-killed-worker-'));
    processDatabase = await createApiProcessDatabase(dataDir);
  });
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    await processDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startApi(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, apiEntryArguments('main'), {
      cwd: packageDirectory,
      env: {
        PATH: process.env.PATH,
        DCIPHER_ENV: 'test',
        DEV_AIDS: 'on',
        API_HOST: '127.0.0.1',
        API_PORT: String(port),
        DATA_DIR: dataDir,
        ...testPgliteEnvironment,
        METRICS_PORT: '0',
        JOBS_WORKER: 'on',
        RATE_LIMIT_SCALE: '1000',
        BILLING_SCHEDULER_INTERVAL_SECONDS: '0',
        FLOW_RUN_LEASE_SECONDS: String(leaseSeconds),
        JOBS_POLL_MILLISECONDS: '200',
        ...(processDatabase?.url && { DATABASE_URL: processDatabase.url }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      assert.equal(child.exitCode, null, `the API exited at start: ${stderr}`);
      const ready = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined);
      if (ready?.status === 200) return child;
      assert.ok(Date.now() < deadline, `the API was not ready in 90 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('is taken by the restarted process after the lease, ends JobDone once, and is counted once', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const call = async <T>(method: string, route: string, token: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined && !(body instanceof FormData) && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: body instanceof FormData ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      assert.ok(response.ok, `${method} ${route} answered ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    };
    const logIn = async () => {
      const response = await fetch(`${url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoAdmin.email, password: demoPassword }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      return ((await response.json()) as { accessToken: string }).accessToken;
    };
    type Usage = { lines: { usageCategory: string; used: number }[] };
    const postsUsed = (usage: Usage) =>
      usage.lines.find((line) => line.usageCategory === 'SocialMedia')?.used ?? 0;

    const first = await startApi(port);
    let token = await logIn();
    const csv = ['title,text,published_at']
      .concat(
        Array.from(
          { length: documents },
          (_, index) =>
            `Review ${index},"The espresso machine number ${index} makes rich crema, but the steam wand leaks and the grinder is loud on day ${index % 30}.",2026-0${1 + (index % 9)}-1${index % 10}`,
        ),
      )
      .join('\n');
    const upload = await call<{ id: string; documents: number }>(
      'POST',
      '/flows/uploads',
      token,
      uploadForm('many-reviews.csv', csv),
    );
    assert.equal(upload.documents, documents);
    const flow = await call<{ id: string }>('POST', '/flows', token, {
      name: 'Killed worker reviews',
      flowType: 'customFlow',
      analysisType: 'narrativeAnalysis',
      dataSources: [{ kind: 'uploaded', group: 'file', uploadId: upload.id }],
      notifications: false,
    });
    const usedBefore = postsUsed(await call<Usage>('GET', '/resource/details', token));
    const started = await call<{ taskId: string; state: string }>('POST', `/flows/${flow.id}/run`, token, {});

    // Killed while the engine works: JobRunning with some progress, not done.
    const runningDeadline = Date.now() + 60_000;
    for (;;) {
      const { run } = await call<{ run: { state: string; progress: number } }>(
        'GET',
        `/flows/${flow.id}/status?taskId=${started.taskId}`,
        token,
      );
      assert.notEqual(
        run.state,
        'JobDone',
        'the run finished before it could be killed: give it more documents',
      );
      if (run.state === 'JobRunning' && run.progress > 0) break;
      assert.ok(Date.now() < runningDeadline, `the run did not start: ${run.state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await startApi(port);
    token = await logIn();
    const doneDeadline = Date.now() + 150_000;
    let state = '';
    for (;;) {
      const { run } = await call<{ run: { state: string } }>(
        'GET',
        `/flows/${flow.id}/status?taskId=${started.taskId}`,
        token,
      );
      state = run.state;
      if (state !== 'JobPending' && state !== 'JobRunning') break;
      assert.ok(Date.now() < doneDeadline, 'the run was not finished after the restart');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.equal(state, 'JobDone');
    const { runs } = await call<{ runs: { state: string; documentsAnalysed: number | null }[] }>(
      'GET',
      `/flows/${flow.id}/runs`,
      token,
    );
    assert.deepEqual(
      runs.map((run) => [run.state, run.documentsAnalysed]),
      [['JobDone', documents]],
    );
    // Counted once against the plan's quota, not once per try.
    assert.equal(postsUsed(await call<Usage>('GET', '/resource/details', token)) - usedBefore, documents);
    const files = await call<{ files: unknown[] }>('GET', `/flows/${flow.id}/files`, token);
    assert.ok(files.files.length > 0);
  });
});

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
