import { Worker } from 'node:worker_threads';
import {
  AnalysisAbortedError,
  type AnalysisExecutor,
  type AnalysisOutcome,
  type AnalysisProgress,
  type AnalysisRequest,
  AnalysisRequestError,
  type AnalysisRunOptions,
} from './analysis-executor.js';
import { analysisThreadLimits, workerEntry, workerModule } from './worker-task.js';

const executorWorker = workerModule(import.meta.url, 'executor-worker');

type Message =
  | { kind: 'progress'; progress: AnalysisProgress }
  | { kind: 'done'; outcome: AnalysisOutcome }
  | { kind: 'failed'; failure: { name: string; message: string; code?: string } };

/**
 * The default executor in a worker thread of its own per run (issue 32, docs/decisions/0091): a run of 20,000
 * documents works beside the API's requests instead of in slices between them (the engine's cooperative loop gives
 * the event loop back every 20 ms, but its garbage and its result files still held it for hundreds of ms). Progress
 * comes back as messages; an abort terminates the worker. Errors keep their kind: a request error stays one.
 */
export function createWorkerExecutor(): AnalysisExecutor {
  return {
    name: 'default',
    execute(request: AnalysisRequest, options: AnalysisRunOptions = {}): Promise<AnalysisOutcome> {
      const { signal, onProgress } = options;
      if (signal?.aborted) return Promise.reject(new AnalysisAbortedError(signal.reason));
      return new Promise<AnalysisOutcome>((resolve, reject) => {
        const [entry, { eval: evaluated }] = workerEntry(executorWorker);
        const worker = new Worker(entry, {
          ...(evaluated && { eval: true }),
          workerData: request,
          resourceLimits: analysisThreadLimits,
        });
        let settled = false;
        const settle = (done: () => void) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', abort);
          done();
          void worker.terminate();
        };
        const abort = () => settle(() => reject(new AnalysisAbortedError(signal?.reason)));
        signal?.addEventListener('abort', abort, { once: true });
        worker.on('message', (message: Message) => {
          if (message.kind === 'progress') onProgress?.(message.progress);
          else if (message.kind === 'done') settle(() => resolve(message.outcome));
          else {
            const { failure } = message;
            settle(() =>
              reject(
                failure.name === 'AnalysisRequestError'
                  ? Object.assign(new AnalysisRequestError(failure.message), { name: failure.name })
                  : Object.assign(new Error(failure.message), { name: failure.name }),
              ),
            );
          }
        });
        worker.once('error', (error) => settle(() => reject(error)));
        worker.once('exit', (code) =>
          settle(() =>
            reject(new Error(`the analysis worker stopped (exit code ${code}) before it answered`)),
          ),
        );
      });
    },
  };
}
