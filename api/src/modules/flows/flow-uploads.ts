import {
  errorCodes,
  type FlowUpload,
  type FlowUploadPage,
  flowRunDocumentsMax,
} from '@dcipher/shared/contract';
import type { Database } from '../../db/database.js';
import { documentFileFormats, type WorkerTaskLimits } from '../../engine/index.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthenticatedUser } from '../../http/register-endpoint.js';
import type { UsageService } from '../usage/usage-service.js';
import {
  countUploads,
  deleteUploadRow,
  findUploadsPage,
  flowsUsingUploads,
  insertUpload,
  lockUpload,
} from './flows-repository.js';
import { readUploadIsolated } from './upload-reading.js';

/**
 * A customer's uploads (issue 35 point 4, docs/decisions/0114): the file streamed in (upload-stream.ts) and read in
 * a worker (upload-reading.ts, 0090), the organization's list with what uses each, and deletion of one no workflow
 * analyses.
 */
export interface UploadOperationsDependencies {
  database: Database;
  usage: UsageService;
  uploadMaxBytes: number;
  fileParseLimits: WorkerTaskLimits;
  workerDatabaseUrl?: string;
}

/** A file as the request streamed it in: its name and its bytes, at most the caller's largest file. */
export interface ReceivedFile {
  fileName: string;
  bytes: Uint8Array;
}

const extensionOf = (fileName: string) =>
  fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';

/** Refused by its name's extension, before a byte of it is read: `400 UPLOAD_REJECTED` `format`. */
export function requireUploadFormat(fileName: string): void {
  if (!(documentFileFormats as readonly string[]).includes(extensionOf(fileName))) {
    throw new ApiError(errorCodes.uploadRejected, { params: { reason: 'format' } });
  }
}

export function createUploadOperations({
  database,
  usage,
  uploadMaxBytes,
  fileParseLimits,
  workerDatabaseUrl,
}: UploadOperationsDependencies) {
  return {
    /** The largest file the caller's organization may upload: its plan's, within the server's own cap. */
    async uploadMaxBytesFor(caller: AuthenticatedUser): Promise<number> {
      const { maxFileBytes } = await usage.planLimits(database, caller.organizationId);
      return maxFileBytes > 0 ? Math.min(maxFileBytes, uploadMaxBytes) : uploadMaxBytes;
    },

    async upload(caller: AuthenticatedUser, file: ReceivedFile, maxBytes: number): Promise<FlowUpload> {
      requireUploadFormat(file.fileName);
      // Read and (on PostgreSQL) stored in a worker with a heap ceiling and a time limit, zips and PDFs checked
      // before they are inflated (docs/decisions/0090); the bytes are moved to it, not copied.
      const read = await readUploadIsolated(
        {
          fileName: file.fileName,
          bytes: file.bytes,
          maxBytes,
          maxDocuments: flowRunDocumentsMax * 5,
          organizationId: caller.organizationId,
          uploadedBy: caller.id,
          ...(workerDatabaseUrl && { databaseUrl: workerDatabaseUrl }),
        },
        fileParseLimits,
      );
      const stored =
        'stored' in read
          ? read.stored
          : await insertUpload(database, {
              organizationId: caller.organizationId,
              uploadedBy: caller.id,
              fileName: file.fileName,
              format: read.unstored.format,
              bytes: Buffer.from(
                read.unstored.bytes.buffer,
                read.unstored.bytes.byteOffset,
                read.unstored.bytes.byteLength,
              ),
              documentsJson: read.unstored.documentsJson,
              documentCount: read.unstored.documentCount,
            });
      return {
        id: stored.id,
        fileName: stored.fileName,
        format: stored.format as FlowUpload['format'],
        bytes: stored.byteCount,
        documents: stored.documentCount,
        preview: read.preview,
        createdAt: new Date(stored.createdAt).toISOString(),
      };
    },

    /** A page of the organization's uploads, newest first: three queries whatever the page size. */
    async listUploads(
      caller: AuthenticatedUser,
      { page, pageSize }: { page: number; pageSize: number },
    ): Promise<FlowUploadPage> {
      const [rows, total] = await Promise.all([
        findUploadsPage(database, caller.organizationId, { offset: (page - 1) * pageSize, limit: pageSize }),
        countUploads(database, caller.organizationId),
      ]);
      const users = await flowsUsingUploads(
        database,
        caller.organizationId,
        rows.map((row) => row.id),
      );
      return {
        uploads: rows.map((row) => ({
          id: row.id,
          fileName: row.fileName,
          format: row.format as FlowUpload['format'],
          bytes: row.byteCount,
          documents: row.documentCount,
          createdAt: new Date(row.createdAt).toISOString(),
          uploadedBy: row.uploaderId ? { id: row.uploaderId, name: row.uploaderName ?? '' } : null,
          usedBy: users
            .filter((flow) => flow.uploadId === row.id)
            .map((flow) => ({ id: flow.id, name: flow.name })),
        })),
        total,
        page,
        pageSize,
      };
    },

    /**
     * Deletes an upload of the caller's organization (another's is "not found"), refused while a workflow's data
     * sources name it: the row is locked while the workflows are checked.
     */
    async deleteUpload(caller: AuthenticatedUser, uploadId: string): Promise<{ deleted: true }> {
      await database.transaction(async (transaction) => {
        const upload = await lockUpload(transaction, caller.organizationId, uploadId);
        if (!upload) throw new ApiError(errorCodes.notFound, { params: { reason: 'upload' } });
        const users = await flowsUsingUploads(transaction, caller.organizationId, [upload.id]);
        if (users.length > 0) {
          throw new ApiError(errorCodes.flowConflict, { params: { reason: 'uploadInUse' } });
        }
        await deleteUploadRow(transaction, upload.id);
      });
      return { deleted: true };
    },
  };
}

export type UploadOperations = ReturnType<typeof createUploadOperations>;
