import { serveWorkerTask } from '../../engine/index.js';
import { readUpload, type UploadInput, type UploadRead } from './upload-reading.js';

// The worker that reads an uploaded file and, on PostgreSQL, stores it (upload-reading.ts).
serveWorkerTask<UploadInput, UploadRead>(readUpload);
