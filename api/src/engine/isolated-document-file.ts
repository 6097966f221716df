import {
  type DocumentFile,
  DocumentFileError,
  type DocumentFileErrorCode,
  type DocumentFileFormat,
  type DocumentFileOptions,
} from './document-files.js';
import {
  runWorkerTask,
  WorkerLimitError,
  WorkerTaskError,
  type WorkerTaskLimits,
  workerModule,
} from './worker-task.js';

/** An uploaded file read in a worker: what the API stores and shows of it, its documents as JSON bytes. */
export interface ParsedFileSummary {
  format: DocumentFileFormat;
  documentCount: number;
  /** The first documents' texts, cut at 200 characters. */
  preview: string[];
  /** The documents, `JSON.stringify`'d to UTF-8. */
  documentsJson: Uint8Array;
}

/** How long and how much heap reading one file may take (docs/decisions/0090). */
export const defaultFileParseLimits: WorkerTaskLimits = { timeoutMs: 60_000, maxHeapMb: 1024 };

const documentFileWorker = workerModule(import.meta.url, 'document-file-worker');

/**
 * `parseDocumentFile` in a worker thread with a heap ceiling and a time limit, so no file (a zip or PDF "bomb", a
 * structure slow to walk, a 50 MB table) holds the API's event loop or takes its process down. Running out of either
 * is a `too-complex` DocumentFileError, as is anything else the worker could not finish.
 */
export async function parseDocumentFileIsolated(
  file: DocumentFile,
  options: DocumentFileOptions,
  { limits = defaultFileParseLimits, previews = 3 }: { limits?: WorkerTaskLimits; previews?: number } = {},
): Promise<ParsedFileSummary> {
  // The worker gets a copy of the bytes of its own, moved to it.
  const content = new Uint8Array(file.content);
  try {
    return await runWorkerTask<ParsedFileSummary>(
      documentFileWorker,
      { file: { ...file, content }, options, previews },
      limits,
      [content.buffer],
    );
  } catch (error) {
    if (error instanceof WorkerTaskError && error.failure.name === 'DocumentFileError') {
      throw new DocumentFileError(
        error.failure.code as DocumentFileErrorCode,
        error.failure.message,
        error.failure.line,
      );
    }
    if (error instanceof WorkerLimitError) {
      throw new DocumentFileError(
        'too-complex',
        error.limit === 'time'
          ? 'The file is too complex to be read here: reading it takes too long.'
          : 'The file is too complex to be read here: reading it needs too much memory.',
      );
    }
    throw new DocumentFileError('too-complex', 'The file could not be read here.');
  }
}
