import { errorCodes } from '@dcipher/shared/contract';
import { createPostgresDatabase } from '../../db/postgres-database.js';
import {
  DocumentFileError,
  parseDocumentFile,
  runWorkerTask,
  WorkerLimitError,
  WorkerTaskError,
  type WorkerTaskLimits,
  workerModule,
} from '../../engine/index.js';
import { ApiError } from '../../http/api-error.js';
import { insertUpload, type StoredUpload } from './flows-repository.js';

/**
 * An upload read off the API's event loop (issue 32, docs/decisions/0090): in a worker thread with a heap ceiling and
 * a time limit, the bytes the request streamed in (moved to the worker, not copied: 0114) are parsed (zips and PDFs checked before anything is
 * inflated) and its documents written as JSON; on PostgreSQL the worker stores the upload through a connection of its
 * own, so neither the file nor its documents cross the API's thread. On PGlite (in the API's process) the worker
 * hands both back, moved, not copied, and the API stores them.
 */
export interface UploadInput {
  fileName: string;
  /** The file as the request streamed it in, moved to the worker. */
  bytes: Uint8Array;
  maxBytes: number;
  maxDocuments: number;
  organizationId: string;
  uploadedBy: string;
  /** PostgreSQL's address, for the worker to store the upload itself. */
  databaseUrl?: string;
}

export type UploadRead =
  | { stored: StoredUpload; preview: string[] }
  | {
      unstored: { format: string; bytes: Uint8Array; documentsJson: Uint8Array; documentCount: number };
      preview: string[];
    };

export type UploadRefusalReason =
  | 'format'
  | 'tooLarge'
  | 'unreadable'
  | 'empty'
  | 'notMultipart'
  | 'expandsTooMuch'
  | 'tooComplex';

/** How long and how much heap reading one file may take. */
export const defaultUploadLimits: WorkerTaskLimits = { timeoutMs: 60_000, maxHeapMb: 1024 };

/** Why an upload is refused, as it crosses the thread. */
class UploadRefusal extends Error {
  constructor(readonly code: UploadRefusalReason) {
    super(code);
    this.name = 'UploadRefusal';
  }
}

const reasonOf: Partial<Record<string, UploadRefusalReason>> = {
  'file-empty': 'empty',
  'no-documents': 'empty',
  'unsupported-format': 'format',
  'file-too-large': 'tooLarge',
  'expands-too-much': 'expandsTooMuch',
  'too-complex': 'tooComplex',
};

/** The worker's part: everything but the waiting. */
export async function readUpload(
  input: UploadInput,
): Promise<{ value: UploadRead; transfer: ArrayBuffer[] }> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  if (bytes.byteLength === 0) throw new UploadRefusal('empty');
  if (bytes.byteLength > input.maxBytes) throw new UploadRefusal('tooLarge');
  let parsed: Awaited<ReturnType<typeof parseDocumentFile>>;
  try {
    parsed = await parseDocumentFile(
      { name: input.fileName, content: bytes },
      { maxBytes: input.maxBytes, maxDocuments: input.maxDocuments },
    );
  } catch (error) {
    if (error instanceof DocumentFileError) throw new UploadRefusal(reasonOf[error.code] ?? 'unreadable');
    throw new UploadRefusal('unreadable');
  }
  const preview = parsed.documents.slice(0, 3).map((document) => document.text.slice(0, 200));
  const documentsJson = new Uint8Array(Buffer.from(JSON.stringify(parsed.documents)));
  if (input.databaseUrl) {
    const database = await createPostgresDatabase(input.databaseUrl, () => {});
    try {
      const stored = await insertUpload(database, {
        organizationId: input.organizationId,
        uploadedBy: input.uploadedBy,
        fileName: input.fileName,
        format: parsed.format,
        bytes,
        documentsJson,
        documentCount: parsed.documents.length,
      });
      return { value: { stored, preview }, transfer: [] };
    } finally {
      await database.close();
    }
  }
  const file = new Uint8Array(bytes);
  return {
    value: {
      unstored: { format: parsed.format, bytes: file, documentsJson, documentCount: parsed.documents.length },
      preview,
    },
    transfer: [file.buffer as ArrayBuffer, documentsJson.buffer as ArrayBuffer],
  };
}

const uploadWorker = workerModule(import.meta.url, 'upload-worker');

const rejected = (reason: UploadRefusalReason) =>
  new ApiError(errorCodes.uploadRejected, { params: { reason } });

/** `readUpload` in a worker within `limits`; a refusal is `400 UPLOAD_REJECTED` with its reason. */
export async function readUploadIsolated(input: UploadInput, limits: WorkerTaskLimits): Promise<UploadRead> {
  try {
    // The file's own buffer moves to the worker (upload-stream.ts gives it one of its own, never a pooled one).
    return await runWorkerTask<UploadRead>(uploadWorker, input, limits, [input.bytes.buffer as ArrayBuffer]);
  } catch (error) {
    if (error instanceof WorkerTaskError && error.failure.name === 'UploadRefusal') {
      throw rejected(error.failure.code as UploadRefusalReason);
    }
    if (error instanceof WorkerLimitError) throw rejected('tooComplex');
    throw error;
  }
}
