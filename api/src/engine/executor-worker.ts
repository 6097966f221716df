import { availableParallelism } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { AnalysisRequest } from './analysis-executor.js';
import { createDefaultExecutor } from './default-executor.js';

// The default executor in a worker thread (worker-executor.ts): progress and the outcome go back as messages. A large
// set is read on every core: this thread and one more per other core (reading-pool.ts).
const port = parentPort!;
createDefaultExecutor({ parallelReaders: Math.max(0, availableParallelism() - 1) })
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
