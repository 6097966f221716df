import { serveWorkerTask } from '../../engine/index.js';
import {
  type DocumentSelection,
  readUnreadUploads,
  type SelectionInput,
  selectionOf,
} from './run-documents.js';

// The worker that chooses a run's documents (run-documents.ts), off the API's event loop.
serveWorkerTask<SelectionInput, DocumentSelection>(async (input) => {
  const selection = await selectionOf(await readUnreadUploads(input));
  return { value: selection, transfer: [selection.json.buffer as ArrayBuffer] };
});
