import { Worker } from 'node:worker_threads';
import { AnalysisAbortedError } from './analysis-executor.js';
import { mapCooperatively } from './cooperative-loop.js';
import type { TextAnnotation } from './text-annotator.js';
import { workerEntry, workerModule } from './worker-task.js';

const readingWorker = workerModule(import.meta.url, 'reading-worker');

/** What a reading thread is given: its share of the texts, each with its language when the document said it. */
export interface ReadingTask {
  texts: string[];
  languages: (string | null)[];
  needsLanguage: boolean;
  expected: string;
  /** The code of an undetermined language, said when the language is not wanted. */
  undetermined: string;
}

/** A text read: its language and annotation, or why it could not be read. */
export type ReadText =
  | { language: string; annotation: TextAnnotation }
  /** `cause`: the error itself, when the text was read on the calling thread (a thread's error crosses as text). */
  | { failure: string; cause?: unknown };

export type ReadingWorkerMessage = { kind: 'progress'; done: number } | { kind: 'done'; read: ReadText[] };

/** Below this many texts, starting threads (each loads wink-nlp's model, about 0.3 s) costs more than it saves. */
export const parallelReadingMinimum = 2_000;

export interface ParallelReadOptions {
  /** Threads started beside the calling one; the caller reads the first share itself. */
  helpers: number;
  signal?: AbortSignal | undefined;
  /** Told how many texts are read, in all shares together. */
  onAdvance?: ((done: number) => void) | undefined;
  /** How the calling thread reads one text of its share (the same work the threads do). */
  readOne: (index: number) => ReadText;
}

/**
 * Reads a run's texts on several cores (issue 34: a run uses both cores): the texts are cut into contiguous shares,
 * one per thread plus the calling thread's, so the results come back in order. The calling thread reads its share
 * in slices (it may be the API's event loop); an abort terminates the threads.
 */
export async function readInParallel(task: ReadingTask, options: ParallelReadOptions): Promise<ReadText[]> {
  const shares = options.helpers + 1;
  const size = Math.ceil(task.texts.length / shares);
  const done = new Array<number>(shares).fill(0);
  const advance = (share: number, count: number) => {
    done[share] = count;
    options.onAdvance?.(done.reduce((sum, value) => sum + value, 0));
  };
  const workers: Worker[] = [];
  const stopAll = () => {
    for (const worker of workers) void worker.terminate();
  };
  const helperShares = Array.from({ length: options.helpers }, (_, helper) => {
    const from = (helper + 1) * size;
    const to = Math.min(task.texts.length, from + size);
    if (from >= to) return Promise.resolve<ReadText[]>([]);
    return new Promise<ReadText[]>((resolve, reject) => {
      const [entry, { eval: evaluated }] = workerEntry(readingWorker);
      const worker = new Worker(entry, {
        ...(evaluated && { eval: true }),
        workerData: {
          ...task,
          texts: task.texts.slice(from, to),
          languages: task.languages.slice(from, to),
        } satisfies ReadingTask,
      });
      workers.push(worker);
      let settled = false;
      worker.on('message', (message: ReadingWorkerMessage) => {
        if (message.kind === 'progress') advance(helper + 1, message.done);
        else {
          settled = true;
          advance(helper + 1, to - from);
          resolve(message.read);
        }
      });
      worker.once('error', (error) => {
        settled = true;
        reject(error);
      });
      worker.once('exit', (code) => {
        if (!settled) reject(new Error(`a reading thread stopped (exit code ${code}) before it answered`));
      });
    });
  });
  // A share that fails after another already failed the read is not left unhandled.
  for (const share of helperShares) share.catch(() => {});
  const abort = () => stopAll();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const own = mapCooperatively(
      Array.from({ length: Math.min(size, task.texts.length) }, (_, index) => index),
      (index) => options.readOne(index),
      { signal: options.signal, onAdvance: (count) => advance(0, count) },
    );
    const results = await Promise.all([own, ...helperShares]);
    if (options.signal?.aborted) throw new AnalysisAbortedError(options.signal.reason);
    return results.flat();
  } catch (error) {
    if (options.signal?.aborted) throw new AnalysisAbortedError(options.signal.reason);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
    stopAll();
  }
}
