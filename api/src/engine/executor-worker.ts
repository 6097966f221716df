import { parentPort, workerData } from 'node:worker_threads';
import type { AnalysisRequest } from './analysis-executor.js';
import { createDefaultExecutor } from './default-executor.js';

// The default executor in a worker thread (worker-executor.ts): progress and the outcome go back as messages. It reads
// on this thread only: reading on every core (reading-pool.ts) measured slower in bench:flows (docs/decisions/0108).
const port = parentPort!;
createDefaultExecutor()
  .execute(workerData as AnalysisRequest, {
    onProgress: (progress) => port.postMessage({ kind: 'progress', progress }),
  })
  .then(
    (outcome) => port.postMessage({ kind: 'done', outcome }),
    (error: Error & { code?: string }) =>
      port.postMessage({
        kind: 'failed',
        failure: {
          name: error?.name ?? 'Error',
          message: error?.message ?? String(error),
          code: error?.code,
        },
      }),
  );
