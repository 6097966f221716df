import { readFileSync } from 'node:fs';
import type { AnalysisDocument } from '../analysis-executor.js';
import { parseDocumentFile } from '../document-files.js';

/** The bytes of a file of the test corpus (this folder). */
export function corpusFile(name: string): Buffer {
  return readFileSync(new URL(name, import.meta.url));
}

/** A file of the test corpus read into documents, as an upload would be. */
export async function corpusDocuments(name: string): Promise<AnalysisDocument[]> {
  const parsed = await parseDocumentFile({ name, content: corpusFile(name) }, { maxBytes: 1024 * 1024 });
  return parsed.documents;
}
