// How many pages a PDF has, read from the file at build time (the white-paper page states it). A small reader
// rather than a PDF library: it reads the page objects (`/Type /Page`) and the page tree's `/Count` from the
// file's uncompressed object dictionaries, which is what the PDFs in static/ are (scripts/generate-legal-pdfs.mjs
// writes them with pdfkit). Whenever it cannot be sure, it throws and so fails the build, never guessing a number:
// no page objects, compressed object streams (PDF 1.5+, where dictionaries hide inside compressed data), or page
// objects that disagree with the page tree's count.
import { readFile } from 'node:fs/promises';

const objectPattern = /(?:^|[\r\n\s])(\d+)\s+(\d+)\s+obj\b([\s\S]*?)\bendobj\b/g;
const streamPattern = /\bstream\r?\n[\s\S]*?\bendstream\b/g;

/** The page count of a PDF's bytes; throws when the file does not answer it unambiguously. */
export function pdfPageCount(bytes) {
  const text = Buffer.from(bytes).toString('latin1');
  if (!text.startsWith('%PDF-')) throw new Error('not a PDF (no %PDF- header)');
  // An incremental update repeats an object with the same number: the last definition is the one in force.
  const objects = new Map();
  for (const match of text.matchAll(objectPattern)) {
    objects.set(`${match[1]} ${match[2]}`, (match[3] ?? '').replace(streamPattern, ''));
  }
  let pages = 0;
  let treeCount;
  for (const dictionary of objects.values()) {
    if (/\/Type\s*\/ObjStm\b/.test(dictionary)) {
      throw new Error('the PDF keeps objects in compressed object streams; its pages cannot be counted here');
    }
    if (/\/Type\s*\/Pages\b/.test(dictionary)) {
      const count = Number(/\/Count\s+(\d+)/.exec(dictionary)?.[1]);
      // The root of the page tree counts every page; intermediate nodes count fewer.
      if (Number.isInteger(count)) treeCount = Math.max(treeCount ?? 0, count);
    } else if (/\/Type\s*\/Page(?![A-Za-z])/.test(dictionary)) {
      pages += 1;
    }
  }
  if (pages === 0) throw new Error('no page objects found in the PDF');
  if (treeCount !== pages) {
    throw new Error(`the PDF has ${pages} page objects but its page tree counts ${treeCount ?? 'none'}`);
  }
  return pages;
}

/** The page count of the PDF at `path`, naming the file when it cannot be read. */
export async function pdfFilePageCount(path) {
  try {
    return pdfPageCount(await readFile(path));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
