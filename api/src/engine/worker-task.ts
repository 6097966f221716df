import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, type TransferListItem, Worker, workerData } from 'node:worker_threads';

/**
 * Heavy work on files and documents, out of the API's event loop (issue 32, docs/decisions/0090): each task runs in
 * a worker thread of its own, with a heap ceiling and a time limit; the worker is terminated at either, and the
 * caller is told which. A fresh worker per task: a task that ran out of memory or time leaves nothing behind, and
 * the next starts clean. At most `concurrency` tasks run at once in a process; the others wait their turn.
 */

export interface WorkerTaskLimits {
  /** Wall-clock time the task may take once its worker has started. */
  timeoutMs: number;
  /** The worker's old-generation heap ceiling (its young generation and stack are small and fixed). */
  maxHeapMb: number;
}

/**
 * The young generation of an analysis run's threads (the run worker and its reading helpers; issue 34 point 8,
 * docs/decisions/0118): 192 MiB, so V8's semi-spaces may grow to 64 MiB instead of the default 16 MiB. Reading
 * allocates wink-nlp's arrays and the annotations by the million; with the default, a 20,000-document news run
 * scavenged about 90 times, with 64 MiB semi-spaces about 25 times (about a tenth less CPU). V8 grows the
 * semi-spaces only as a run needs them (a small run stays small); a large run's peak memory grows by about 50 MiB.
 * `npm run bench:flows -- --semi-space=64` measures with the same semi-spaces.
 */
export const analysisThreadLimits = { maxYoungGenerationSizeMb: 192 } as const;

/** The task ran out of time or memory; its worker was stopped. */
export class WorkerLimitError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'the task took too long' : 'the task needed too much memory');
    this.name = 'WorkerLimitError';
  }
}

/** What a task threw, as it crossed the thread: its class name, message and the fields that say what it was. */
export interface WorkerTaskFailure {
  name: string;
  message: string;
  code?: string;
  line?: number;
  params?: unknown;
}

/** The task failed in its worker with an error of its own; `failure` says which. */
export class WorkerTaskError extends Error {
  constructor(readonly failure: WorkerTaskFailure) {
    super(failure.message);
    this.name = 'WorkerTaskError';
  }
}

/** The URL of a worker module beside `base` (a module's `import.meta.url`), in sources (.ts) as in the build (.js). */
export function workerModule(base: string, name: string): URL {
  return new URL(`./${name}${extname(fileURLToPath(base))}`, base);
}

/**
 * How a worker loads `module`: the build's .js directly; the sources' .ts (tests, the benchmarks, `tsx` runs) through
 * tsx's loader, which a worker thread does not inherit from the `--import tsx` of its process.
 */
export function workerEntry(module: URL): [string | URL, { eval?: boolean }] {
  if (!module.pathname.endsWith('.ts')) return [module, {}];
  const tsx = import.meta.resolve('tsx/esm/api');
  return [
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); });`,
    { eval: true },
  ];
}

const concurrency = Math.max(2, availableParallelism());
let active = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  return () => {
    active -= 1;
    waiting.shift()?.();
  };
}

/** Runs `module`'s task (see `serveWorkerTask`) on `input` in a worker of its own, within `limits`. */
export async function runWorkerTask<TOutput>(
  module: URL,
  input: unknown,
  limits: WorkerTaskLimits,
  transferList: readonly TransferListItem[] = [],
): Promise<TOutput> {
  const release = await slot();
  try {
    return await new Promise<TOutput>((resolve, reject) => {
      const [entry, { eval: evaluated }] = workerEntry(module);
      const worker = new Worker(entry, {
        ...(evaluated && { eval: true }),
        workerData: input,
        transferList: [...transferList],
        resourceLimits: {
          maxOldGenerationSizeMb: limits.maxHeapMb,
          maxYoungGenerationSizeMb: 32,
          stackSizeMb: 4,
        },
        stdout: false,
        stderr: false,
      });
      let settled = false;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done();
        void worker.terminate();
      };
      const timer = setTimeout(() => settle(() => reject(new WorkerLimitError('time'))), limits.timeoutMs);
      worker.once(
        'message',
        (message: { ok: true; value: TOutput } | { ok: false; failure: WorkerTaskFailure }) =>
          settle(() => (message.ok ? resolve(message.value) : reject(new WorkerTaskError(message.failure)))),
      );
      worker.once('error', (error: Error & { code?: string }) =>
        settle(() =>
          reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerLimitError('memory') : error),
        ),
      );
      worker.once('exit', (code) =>
        settle(() => reject(new Error(`the worker stopped (exit code ${code}) before it answered`))),
      );
    });
  } finally {
    release();
  }
}

/**
 * A worker module's side: runs `task` on the worker's input and answers with its value (the `transfer` it names
 * moved, not copied) or with what it threw.
 */
export function serveWorkerTask<TInput, TOutput>(
  task: (input: TInput) => Promise<{ value: TOutput; transfer?: TransferListItem[] }>,
): void {
  if (isMainThread || !parentPort) throw new Error('a worker task module is loaded in a worker only');
  const port = parentPort;
  task(workerData as TInput).then(
    ({ value, transfer }) => port.postMessage({ ok: true, value }, transfer ?? []),
    (error: unknown) => {
      const thrown = error as Partial<WorkerTaskFailure> & Error;
      port.postMessage({
        ok: false,
        failure: {
          name: thrown?.name ?? 'Error',
          message: thrown?.message ?? String(error),
          ...(typeof thrown?.code === 'string' && { code: thrown.code }),
          ...(typeof thrown?.line === 'number' && { line: thrown.line }),
          ...(thrown?.params !== undefined && { params: JSON.parse(JSON.stringify(thrown.params)) }),
        },
      });
    },
  );
}
