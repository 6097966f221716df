import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { AnalysisAbortedError } from './analysis-executor.js';
import type { EntityType, FoundEntity } from './analysis-results.js';
import type { TextAnnotation } from './text-annotator.js';
import { analysisThreadLimits, workerEntry, workerModule } from './worker-task.js';

const readingWorker = workerModule(import.meta.url, 'reading-worker');

/**
 * What a reading thread is given: every text (with its language when the document said it) and the queue it
 * takes its chunks from, shared with the calling thread.
 */
export interface ReadingTask {
  texts: string[];
  languages: (string | null)[];
  needsLanguage: boolean;
  expected: string;
  /** The code of an undetermined language, said when the language is not wanted. */
  undetermined: string;
  /** One Int32: the index of the next text no thread has taken yet (`Atomics.add` by `chunkSize`). */
  queue: SharedArrayBuffer;
  chunkSize: number;
}

/** A text read: its language and annotation, or why it could not be read. */
export type ReadText =
  | { language: string; annotation: TextAnnotation }
  /** `cause`: the error itself, when the text was read on the calling thread (a thread's error crosses as text). */
  | { failure: string; cause?: unknown };

/**
 * A chunk of texts read by a helper thread, compactly (issue 34 point 8): numbers in typed arrays whose buffers
 * are transferred, not cloned, and every string once per thread (`strings`: those first used in this chunk, to
 * append to the thread's table), so the calling thread rebuilds the annotations without structured clone's copy
 * of every word of every document.
 */
export interface EncodedChunk {
  start: number;
  count: number;
  strings: string[];
  /**
   * Per text: 0 (read) then the language, tokens, opinion words, technical (0/1), then the words, hashtags and
   * phrases (each a count and string ids) and the entities (a count and type/value id pairs); or 1 (failed) and
   * the failure's string id.
   */
  ints: Int32Array;
  /** Per text read: its sentiment. */
  sentiments: Float64Array;
}

export type ReadingWorkerMessage =
  | { kind: 'chunk'; chunk: EncodedChunk }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** Encodes read texts as `EncodedChunk`s, with one table of strings across chunks (the sending thread's side). */
export function chunkEncoder() {
  const ids = new Map<string, number>();
  return (start: number, read: readonly ReadText[]): EncodedChunk => {
    const strings: string[] = [];
    const ints: number[] = [];
    const sentiments: number[] = [];
    const id = (value: string) => {
      let known = ids.get(value);
      if (known === undefined) {
        known = ids.size;
        ids.set(value, known);
        strings.push(value);
      }
      return known;
    };
    const list = (values: readonly string[]) => {
      ints.push(values.length);
      for (const value of values) ints.push(id(value));
    };
    for (const text of read) {
      if ('failure' in text) {
        ints.push(1, id(text.failure));
        continue;
      }
      const { annotation } = text;
      ints.push(
        0,
        id(text.language),
        annotation.tokens,
        annotation.opinionWords ?? 0,
        annotation.technical ? 1 : 0,
      );
      sentiments.push(annotation.sentiment);
      list(annotation.words);
      list(annotation.hashtags);
      list(annotation.phrases);
      ints.push(annotation.entities.length);
      for (const entity of annotation.entities) ints.push(id(entity.type), id(entity.value));
    }
    return {
      start,
      count: read.length,
      strings,
      ints: Int32Array.from(ints),
      sentiments: Float64Array.from(sentiments),
    };
  };
}

/** Decodes a thread's chunks in the order they were sent (the receiving thread's side). */
export function chunkDecoder() {
  const table: string[] = [];
  return (chunk: EncodedChunk): ReadText[] => {
    for (const value of chunk.strings) table.push(value);
    const { ints, sentiments } = chunk;
    const read: ReadText[] = [];
    let at = 0;
    let sentiment = 0;
    const list = () => {
      const length = ints[at++]!;
      const values = new Array<string>(length);
      for (let i = 0; i < length; i += 1) values[i] = table[ints[at++]!]!;
      return values;
    };
    for (let n = 0; n < chunk.count; n += 1) {
      if (ints[at++] === 1) {
        read.push({ failure: table[ints[at++]!]! });
        continue;
      }
      const language = table[ints[at++]!]!;
      const tokens = ints[at++]!;
      const opinionWords = ints[at++]!;
      const technical = ints[at++] === 1;
      const words = list();
      const hashtags = list();
      const phrases = list();
      const entities: FoundEntity[] = new Array(ints[at++]!);
      for (let i = 0; i < entities.length; i += 1) {
        entities[i] = { type: table[ints[at++]!]! as EntityType, value: table[ints[at++]!]! };
      }
      read.push({
        language,
        annotation: {
          tokens,
          sentiment: sentiments[sentiment++]!,
          opinionWords,
          technical,
          words,
          hashtags,
          phrases,
          entities,
        },
      });
    }
    return read;
  };
}

/**
 * Below this many texts a run reads on its own thread: a helper thread loads wink-nlp's model (about 0.3 s, more
 * from the sources through tsx) before it reads its first text, which a small set does not win back
 * (docs/decisions/0109 gives the figures).
 */
export const parallelReadingMinimum = 2_000;

/** At most this many helper threads read beside a run's own. */
export const mostReadingHelpers = 3;

/** The helper threads a run reads a large set with: one per other core, at most `mostReadingHelpers`. */
export function readingHelpers(cores = availableParallelism()): number {
  return Math.max(0, Math.min(cores - 1, mostReadingHelpers));
}

/** Texts taken from the queue at a time, by either thread. */
export const readingChunkSize = 64;

/** How long the calling thread reads before it lets its event loop run (messages, progress, an abort). */
const sliceMilliseconds = 20;

export interface ParallelReadOptions {
  /** Threads started beside the calling one. */
  helpers: number;
  signal?: AbortSignal | undefined;
  /** Told how many texts are read, by all threads together. */
  onAdvance?: ((done: number) => void) | undefined;
  /** How the calling thread reads one text (the same work the threads do). */
  readOne: (index: number) => ReadText;
  /** The shared queue (one Int32, `ReadingTask.queue`), when the caller watches the threads take their chunks. */
  queue?: SharedArrayBuffer | undefined;
}

/**
 * Reads a run's texts on several cores (issue 34 point 8: a run uses both cores). The calling thread and each
 * helper take chunks of `readingChunkSize` texts from one shared queue until none is left, so a helper that is
 * still loading the model leaves the work to the others instead of holding a fixed share, and the results land at
 * their texts' places (the same order, the same results as one thread). A helper sends each chunk compactly
 * (`EncodedChunk`). The calling thread reads in slices (it may be an event loop); an abort terminates the threads.
 */
export async function readInParallel(
  task: Omit<ReadingTask, 'queue' | 'chunkSize'>,
  options: ParallelReadOptions,
): Promise<ReadText[]> {
  const total = task.texts.length;
  const queue = options.queue ?? new SharedArrayBuffer(4);
  const next = new Int32Array(queue);
  const results = new Array<ReadText>(total);
  let done = 0;
  const advance = (count: number) => {
    done += count;
    options.onAdvance?.(done);
  };
  const workers: Worker[] = [];
  const stopAll = () => {
    for (const worker of workers) void worker.terminate();
  };
  const helpers = Array.from(
    { length: options.helpers },
    () =>
      new Promise<void>((resolve, reject) => {
        const [entry, { eval: evaluated }] = workerEntry(readingWorker);
        const worker = new Worker(entry, {
          ...(evaluated && { eval: true }),
          workerData: { ...task, queue, chunkSize: readingChunkSize } satisfies ReadingTask,
          resourceLimits: analysisThreadLimits,
        });
        workers.push(worker);
        const decode = chunkDecoder();
        let settled = false;
        worker.on('message', (message: ReadingWorkerMessage) => {
          if (message.kind === 'chunk') {
            const read = decode(message.chunk);
            for (let i = 0; i < read.length; i += 1) results[message.chunk.start + i] = read[i]!;
            advance(read.length);
          } else {
            settled = true;
            if (message.kind === 'done') resolve();
            else reject(new Error(`a reading thread failed: ${message.message}`));
          }
        });
        worker.once('error', (error) => {
          settled = true;
          reject(error);
        });
        worker.once('exit', (code) => {
          if (!settled) reject(new Error(`a reading thread stopped (exit code ${code}) before it answered`));
        });
      }),
  );
  // A helper that fails after another already failed the read is not left unhandled.
  for (const helper of helpers) helper.catch(() => {});
  const abort = () => stopAll();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    let sliceStarted = performance.now();
    for (;;) {
      if (options.signal?.aborted) throw new AnalysisAbortedError(options.signal.reason);
      const start = Atomics.add(next, 0, readingChunkSize);
      if (start >= total) break;
      const end = Math.min(total, start + readingChunkSize);
      for (let index = start; index < end; index += 1) results[index] = options.readOne(index);
      advance(end - start);
      if (performance.now() - sliceStarted >= sliceMilliseconds) {
        await nextTurn();
        sliceStarted = performance.now();
      }
    }
    await Promise.all(helpers);
    if (options.signal?.aborted) throw new AnalysisAbortedError(options.signal.reason);
    return results;
  } catch (error) {
    if (options.signal?.aborted) throw new AnalysisAbortedError(options.signal.reason);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
    stopAll();
  }
}
