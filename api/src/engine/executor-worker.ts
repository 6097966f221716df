import { parentPort, workerData } from 'node:worker_threads';
import type { AnalysisRequest } from './analysis-executor.js';
import { createDefaultExecutor } from './default-executor.js';

/**
 * Helper threads a run reads a large set with (reading-pool.ts). None: on this 2-core machine, shared with other
 * work for every measurement so far, two threads measured slower than one (decision 0109 gives the figures); once a
 * quiet bench:flows shows "contentAnalysis, 2 threads" faster, this becomes `readingHelpers()` (one per other core).
 */
const runReadingHelpers = 0;

// The default executor in a worker thread (worker-executor.ts): progress and the outcome go back as messages.
const port = parentPort!;
createDefaultExecutor({ parallelReaders: runReadingHelpers })
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
