import { parentPort, workerData } from 'node:worker_threads';
import type { AnalysisRequest } from './analysis-executor.js';
import { createDefaultExecutor } from './default-executor.js';
import { readingHelpers } from './reading-pool.js';

// The default executor in a worker thread (worker-executor.ts): progress and the outcome go back as messages. A set
// of `parallelReadingMinimum` documents or more is read on this thread and one helper per other core
// (reading-pool.ts, docs/decisions/0109).
const port = parentPort!;
createDefaultExecutor({ parallelReaders: readingHelpers() })
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
