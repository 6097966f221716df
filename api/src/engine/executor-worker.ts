import { parentPort, workerData } from 'node:worker_threads';
import type { AnalysisRequest } from './analysis-executor.js';
import { createDefaultExecutor } from './default-executor.js';
import { readingHelpers } from './reading-pool.js';

/**
 * Helper threads a run reads a large set with (reading-pool.ts): one per other core, at most three. A quiet
 * bench:flows on the 2-core machine measured contentAnalysis on 20,000 documents 1.16× faster on two threads than
 * on one (median of 3: 3.93 s against 4.55 s; decision 0109's last section). Sets under 2,000 documents stay on
 * the run's thread whatever this says.
 */
const runReadingHelpers = readingHelpers();

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
