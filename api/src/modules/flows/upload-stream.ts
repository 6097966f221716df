import type { Readable } from 'node:stream';
import { errorCodes } from '@dcipher/shared/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError, SchemaValidationError } from '../../http/api-error.js';
import type { ReceivedFile } from './flow-uploads.js';

/**
 * An upload streamed in as multipart/form-data (issue 35 point 4, docs/decisions/0114), by @fastify/multipart
 * (busboy): the file part is counted as it arrives and refused the moment it passes the caller's largest file,
 * before the rest is read; its name and format are checked from the part's header, before any of its bytes.
 */

/** What a multipart body may hold besides its file: a few small fields (ignored), nothing more. */
const formLimits = { files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 20 };

/**
 * The multipart parser, in the upload route's own scope: other routes keep refusing a multipart body as "not JSON".
 * A part past `fileSize` is cut by busboy; `readFilePart` refuses it before then.
 */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: formLimits, throwFileSizeLimit: false });
}

const refused = (reason: 'tooLarge' | 'notMultipart', headers?: Record<string, string>) =>
  new ApiError(errorCodes.uploadRejected, { params: { reason }, ...(headers && { headers }) });

/**
 * A refusal by size closes the connection once answered, so the rest of the body is not read: what the client
 * still sends is dropped with the socket.
 */
const tooLarge = () => refused('tooLarge', { connection: 'close' });

/** Room for the boundaries, the part's headers and a few small fields around the file. */
const formOverheadBytes = 64 * 1024;

export interface FilePartRules {
  /** The part's field name (the contract's `file.field`). */
  field: string;
  /** The largest file the caller may upload. */
  maxBytes: number;
  /** The file name's schema (the contract's `file.fileName`). */
  fileName: v.GenericSchema;
  /** Checks the file's name before its bytes are read (its format); throws to refuse. */
  beforeReading?: (fileName: string) => void;
}

/**
 * The file of a multipart request, read into one buffer of its own (so it can move to a worker) and never past
 * `maxBytes`: `400 UPLOAD_REJECTED` `tooLarge` as soon as it passes them (or at once when the request says it is
 * larger), `notMultipart` for anything but one well-formed file part named `field`.
 */
export async function readFilePart(request: FastifyRequest, rules: FilePartRules): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw refused('notMultipart');
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > rules.maxBytes + formOverheadBytes)
    throw tooLarge();

  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    // One byte past the largest file is enough to know it is too large; busboy drops the rest.
    part = await request.file({ limits: { ...formLimits, fileSize: rules.maxBytes + 1 } });
  } catch {
    throw refused('notMultipart');
  }
  if (!part) throw refused('notMultipart');
  if (part.fieldname !== rules.field) {
    part.file.resume();
    throw refused('notMultipart');
  }
  const name = v.safeParse(rules.fileName, part.filename);
  if (!name.success) {
    part.file.resume();
    const message = name.issues[0].message;
    throw new SchemaValidationError(message, { [rules.field]: message });
  }
  try {
    rules.beforeReading?.(name.output as string);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const bytes = await collect(part.file, request.raw, rules.maxBytes);
  return { fileName: name.output as string, bytes };
}

/**
 * How long a file part may stay silent once the whole request has arrived: a body cut off inside the part ends the
 * parser with an error the part may have emitted before anyone listened, and the part then never ends.
 */
const silenceAfterRequestEndMs = 1000;

/** The stream's bytes, refused as soon as they pass `maxBytes` (the rest flows on unread, then the socket closes). */
function collect(
  file: Readable & { truncated?: boolean },
  request: Readable,
  maxBytes: number,
): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    let chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    let silence: NodeJS.Timeout | undefined;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(silence);
      request.off('end', watchSilence);
      done();
    };
    function watchSilence() {
      if (settled || !request.readableEnded) return;
      clearTimeout(silence);
      silence = setTimeout(() => settle(() => reject(refused('notMultipart'))), silenceAfterRequestEndMs);
    }
    request.on('end', watchSilence);
    watchSilence();
    file.on('data', (chunk: Buffer) => {
      if (settled) return;
      watchSilence();
      total += chunk.byteLength;
      if (total > maxBytes) {
        chunks = [];
        settle(() => reject(tooLarge()));
        return;
      }
      chunks.push(chunk);
    });
    file.on('error', () => settle(() => reject(refused('notMultipart'))));
    file.on('close', () => settle(() => reject(refused('notMultipart'))));
    file.on('end', () =>
      settle(() => {
        if (file.truncated) {
          reject(tooLarge());
          return;
        }
        // A buffer of its own (Buffer.concat may hand out a slice of the shared pool, which cannot move).
        const bytes = new Uint8Array(total);
        let offset = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, offset);
          offset += chunk.byteLength;
        }
        chunks = [];
        resolve(bytes);
      }),
    );
  });
}
