import { parentPort, workerData } from 'node:worker_threads';
import { detectLanguage } from './language-detection.js';
import { chunkEncoder, type ReadingTask, type ReadingWorkerMessage, type ReadText } from './reading-pool.js';
import { annotateText } from './text-annotator.js';

// A helper thread of a run's reading (reading-pool.ts): it takes chunks of texts from the queue it shares with the
// run's thread until none is left, and sends each chunk back encoded (typed arrays transferred, each string once);
// a text that fails is told, not thrown.
const port = parentPort!;
const task = workerData as ReadingTask;
const next = new Int32Array(task.queue);
const encode = chunkEncoder();
try {
  for (;;) {
    const start = Atomics.add(next, 0, task.chunkSize);
    if (start >= task.texts.length) break;
    const end = Math.min(task.texts.length, start + task.chunkSize);
    const read: ReadText[] = [];
    for (let index = start; index < end; index += 1) {
      const text = task.texts[index]!;
      try {
        const language =
          task.languages[index] ??
          (task.needsLanguage ? detectLanguage(text, { expected: task.expected }) : task.undetermined);
        read.push({ language, annotation: annotateText(text) });
      } catch (error) {
        read.push({ failure: error instanceof Error ? error.message : String(error) });
      }
    }
    const chunk = encode(start, read);
    port.postMessage({ kind: 'chunk', chunk } satisfies ReadingWorkerMessage, [
      chunk.ints.buffer as ArrayBuffer,
      chunk.sentiments.buffer as ArrayBuffer,
    ]);
  }
  port.postMessage({ kind: 'done' } satisfies ReadingWorkerMessage);
} catch (error) {
  port.postMessage({
    kind: 'failed',
    message: error instanceof Error ? error.message : String(error),
  } satisfies ReadingWorkerMessage);
}
