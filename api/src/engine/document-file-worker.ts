import { type DocumentFile, type DocumentFileOptions, parseDocumentFile } from './document-files.js';
import type { ParsedFileSummary } from './isolated-document-file.js';
import { serveWorkerTask } from './worker-task.js';

// The worker that reads an uploaded file (isolated-document-file.ts): parses it, then writes its documents as JSON
// here too, so the API's thread receives bytes it can store as they are.
serveWorkerTask<{ file: DocumentFile; options: DocumentFileOptions; previews: number }, ParsedFileSummary>(
  async ({ file, options, previews }) => {
    const parsed = await parseDocumentFile(file, options);
    const json = Buffer.from(JSON.stringify(parsed.documents));
    const documentsJson = new Uint8Array(json.buffer, json.byteOffset, json.byteLength);
    return {
      value: {
        format: parsed.format,
        documentCount: parsed.documents.length,
        preview: parsed.documents.slice(0, previews).map((document) => document.text.slice(0, 200)),
        documentsJson,
      },
      // A buffer of its own (not Node's shared pool) moves to the API's thread without a copy.
      transfer: json.byteOffset === 0 && json.buffer.byteLength === json.byteLength ? [json.buffer] : [],
    };
  },
);
