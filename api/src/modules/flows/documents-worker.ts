import { serveWorkerTask } from '../../engine/index.js';
import { type DocumentSelection, type SelectionInput, selectionOf } from './run-documents.js';

// The worker that chooses a run's documents (run-documents.ts), off the API's event loop.
serveWorkerTask<SelectionInput, DocumentSelection>(async (input) => {
  const selection = await selectionOf(input);
  return { value: selection, transfer: [selection.json.buffer as ArrayBuffer] };
});
