import { errorCodes } from '@dcipher/shared/contract';
import { createPostgresDatabase } from '../../db/postgres-database.js';
import {
  runWorkerTask,
  WorkerLimitError,
  WorkerTaskError,
  type WorkerTaskLimits,
  workerModule,
} from '../../engine/index.js';
import { ApiError } from '../../http/api-error.js';
import type { RunSettings } from './flow-columns.js';
import { documentsOfSources, type SourceTexts, selectDocuments } from './flow-sources.js';
import { findUploadDocumentsJson } from './flows-repository.js';

/**
 * The documents a run analyses, chosen off the API's event loop when there is much to read (issue 32,
 * docs/decisions/0091): the sources' texts (read by the caller: uploads once each, feeds and pages fetched) are
 * parsed, assembled and selected in a worker thread; what comes back is the count by usage category (what a price
 * needs) and the selected documents as UTF-8 JSON, stored as they are with the run.
 */
export interface DocumentSelection {
  count: number;
  counts: ['SocialMedia' | 'News', number][];
  /** The selected documents (PricedDocument[]) as UTF-8 JSON; empty when only the counts were asked for. */
  json: Uint8Array;
}

export interface SelectionInput {
  /** PostgreSQL's address, for a worker to read the unread uploads with a connection of its own. */
  databaseUrl?: string;
  settings: RunSettings;
  maxDocuments: number;
  /** The moment relative dates are counted from, in milliseconds. */
  now: number;
  texts: SourceTexts;
  countsOnly: boolean;
}

/** Below this many characters of sources' texts the work is done in place: a worker costs more than it saves. */
const inPlaceCharacters = 256 * 1024;

export const selectionLimits: WorkerTaskLimits = { timeoutMs: 120_000, maxHeapMb: 2048 };

/** The selection itself: the same code in the worker and in place. */
export async function selectionOf(input: SelectionInput): Promise<DocumentSelection> {
  const all = await documentsOfSources(input.settings.dataSources, input.texts);
  const selected = selectDocuments(all, input.settings, {
    maxDocuments: input.maxDocuments,
    now: new Date(input.now),
  });
  const counts = new Map<'SocialMedia' | 'News', number>();
  for (const document of selected)
    counts.set(document.usageCategory, (counts.get(document.usageCategory) ?? 0) + 1);
  const json = input.countsOnly ? new Uint8Array() : new Uint8Array(Buffer.from(JSON.stringify(selected)));
  return { count: selected.length, counts: [...counts], json };
}

const documentsWorker = workerModule(import.meta.url, 'documents-worker');

/** In a worker: reads the uploads left unread, through a connection of its own, so they never cross the API's thread. */
export async function readUnreadUploads(input: SelectionInput): Promise<SelectionInput> {
  const unread = input.texts.unread;
  if (!unread) return input;
  if (!input.databaseUrl) throw new Error('uploads left unread without a database to read them from');
  const database = await createPostgresDatabase(input.databaseUrl, () => {});
  try {
    const uploads = [...input.texts.uploads];
    for (const [uploadId] of unread.uploads) {
      const json = await findUploadDocumentsJson(database, unread.organizationId, uploadId);
      if (json === undefined) throw new ApiError(errorCodes.notFound, { params: { reason: 'upload' } });
      uploads.push([uploadId, json]);
    }
    const { unread: _read, ...texts } = input.texts;
    return { ...input, texts: { ...texts, uploads } };
  } finally {
    await database.close();
  }
}

/**
 * `selectionOf`, in a worker when the sources are large (uploads left unread are always read in one); an error of
 * the sources comes back as it was.
 */
export async function selectRunDocuments(input: SelectionInput): Promise<DocumentSelection> {
  const characters =
    input.texts.uploads.reduce((sum, [, json]) => sum + json.length, 0) +
    (input.texts.unread?.uploads ?? []).reduce((sum, [, bytes]) => sum + bytes, 0) +
    input.texts.fetched.reduce((sum, [, body]) => sum + body.length, 0);
  if (characters < inPlaceCharacters && !input.texts.unread) return selectionOf(input);
  try {
    return await runWorkerTask<DocumentSelection>(documentsWorker, input, selectionLimits);
  } catch (error) {
    if (error instanceof WorkerTaskError && error.failure.name === 'ApiError' && error.failure.code) {
      throw new ApiError(error.failure.code as never, { params: error.failure.params as never });
    }
    if (error instanceof WorkerLimitError) throw new Error(`choosing the run's documents: ${error.message}`);
    throw error;
  }
}
