import { parentPort, workerData } from 'node:worker_threads';
import { detectLanguage } from './language-detection.js';
import type { ReadingTask, ReadingWorkerMessage, ReadText } from './reading-pool.js';
import { annotateText } from './text-annotator.js';

// A share of a run's documents read in a thread of its own (reading-pool.ts): each text's language when it is
// wanted and its annotation, in order; progress every few hundred texts; a text that fails is told, not thrown.
const port = parentPort!;
const task = workerData as ReadingTask;
const read: ReadText[] = [];
for (const [index, text] of task.texts.entries()) {
  try {
    const language =
      task.languages[index] ??
      (task.needsLanguage ? detectLanguage(text, { expected: task.expected }) : task.undetermined);
    read.push({ language, annotation: annotateText(text) });
  } catch (error) {
    read.push({ failure: error instanceof Error ? error.message : String(error) });
  }
  if ((index + 1) % 250 === 0)
    port.postMessage({ kind: 'progress', done: index + 1 } satisfies ReadingWorkerMessage);
}
port.postMessage({ kind: 'done', read } satisfies ReadingWorkerMessage);
