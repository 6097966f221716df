// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../http/api-error.js';
import { readUploadIsolated, type UploadInput } from './upload-reading.js';

describe('reading an upload in a worker with limits (docs/decisions/0090)', () => {
  const csv = (rows: number) =>
    Buffer.from(
      `id,text\n${Array.from({ length: rows }, (_, index) => `${index},Row ${index} of the table`).join('\n')}`,
    );
  /** The bytes as the request stream hands them over: a buffer of their own, which moves to the worker. */
  const input = (content: Buffer, fileName = 'rows.csv'): UploadInput => ({
    fileName,
    bytes: new Uint8Array(content),
    maxBytes: 50_000_000,
    maxDocuments: 1_000_000,
    organizationId: '00000000-0000-4000-8000-000000000001',
    uploadedBy: '00000000-0000-4000-8000-000000000002',
  });
  const refusedFor = (reason: string) => (error: unknown) =>
    error instanceof ApiError &&
    error.code === 'UPLOAD_REJECTED' &&
    JSON.stringify(error.params) === JSON.stringify({ reason });

  it('reads a file in a worker: its documents as JSON, its bytes, a preview', async () => {
    const read = await readUploadIsolated(input(csv(3)), { timeoutMs: 60_000, maxHeapMb: 512 });
    assert.ok('unstored' in read);
    assert.deepEqual([read.unstored.format, read.unstored.documentCount, read.preview.length], ['csv', 3, 3]);
    assert.deepEqual(JSON.parse(Buffer.from(read.unstored.documentsJson).toString('utf8'))[2], {
      id: '2',
      text: 'Row 2 of the table',
    });
    await assert.rejects(
      readUploadIsolated(input(Buffer.from(' \n '), 'blank.csv'), { timeoutMs: 60_000, maxHeapMb: 512 }),
      refusedFor('empty'),
    );
    await assert.rejects(
      readUploadIsolated(input(Buffer.from('no zip'), 'book.xlsx'), {
        timeoutMs: 60_000,
        maxHeapMb: 512,
      }),
      refusedFor('unreadable'),
    );
  });

  it('stops the worker past its time or its heap: tooComplex', async () => {
    await assert.rejects(
      readUploadIsolated(input(csv(200_000)), { timeoutMs: 50, maxHeapMb: 1024 }),
      refusedFor('tooComplex'),
    );
    await assert.rejects(
      readUploadIsolated(input(csv(400_000)), { timeoutMs: 120_000, maxHeapMb: 32 }),
      refusedFor('tooComplex'),
    );
  });
});
