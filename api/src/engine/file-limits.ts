import { inflateSync, constants as zlibConstants } from 'node:zlib';
import { unzipSync } from 'fflate';

/**
 * What a file may unpack to before it is read (issue 32, docs/decisions/0090). A docx or xlsx is a zip: its central
 * directory declares each entry's sizes, read here before anything is inflated. A PDF's Flate streams are inflated
 * here with a ceiling before pdf.js sees them, so a stream of a few KB cannot become gigabytes inside the parser.
 * What these checks cannot see (a zip that lies about its sizes, a structure that is slow to walk) is bounded by the
 * worker the file is parsed in: its heap and its time (worker-task.ts).
 */
export interface UnpackLimits {
  /** Largest declared uncompressed size of one zip entry. */
  maxEntryBytes: number;
  /** Largest declared uncompressed size of all entries together. */
  maxTotalBytes: number;
  /** Largest ratio of uncompressed to compressed size, for entries larger than `ratioFromBytes`. */
  maxRatio: number;
  ratioFromBytes: number;
  /** Most entries in a zip. */
  maxEntries: number;
  /** Largest inflated size of one PDF stream (images are not read for text and are not counted). */
  maxPdfStreamBytes: number;
  /** Largest inflated size of a PDF's streams together. */
  maxPdfTotalBytes: number;
  /** Most pages of a PDF. */
  maxPdfPages: number;
  /** Most characters of text taken from a PDF. */
  maxPdfTextChars: number;
}

export const defaultUnpackLimits: UnpackLimits = {
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
  maxRatio: 100,
  ratioFromBytes: 1024 * 1024,
  maxEntries: 10_000,
  maxPdfStreamBytes: 16 * 1024 * 1024,
  maxPdfTotalBytes: 64 * 1024 * 1024,
  maxPdfPages: 2_000,
  maxPdfTextChars: 20 * 1024 * 1024,
};

/** Why a file was refused before it was read: it unpacks to too much. */
export class UnpackLimitError extends Error {
  constructor(readonly detail: string) {
    super(`the file unpacks to too much: ${detail}`);
    this.name = 'UnpackLimitError';
  }
}

/**
 * Checks a zip's central directory (no entry is inflated): each entry's and the total declared uncompressed size,
 * the compression ratio of large entries and the number of entries. A zip that cannot be read is left to its parser,
 * which refuses it as unreadable.
 */
export function checkZipEntries(content: Uint8Array, limits: UnpackLimits = defaultUnpackLimits): void {
  let entries = 0;
  let total = 0;
  try {
    unzipSync(content, {
      filter: (file) => {
        entries += 1;
        total += file.originalSize;
        if (entries > limits.maxEntries) throw new UnpackLimitError(`more than ${limits.maxEntries} parts`);
        if (file.originalSize > limits.maxEntryBytes)
          throw new UnpackLimitError(`a part of ${file.originalSize} bytes`);
        if (total > limits.maxTotalBytes)
          throw new UnpackLimitError(`more than ${limits.maxTotalBytes} bytes`);
        if (
          file.originalSize > limits.ratioFromBytes &&
          file.originalSize > limits.maxRatio * Math.max(1, file.size)
        ) {
          throw new UnpackLimitError(
            `a part compressed ${Math.round(file.originalSize / Math.max(1, file.size))} to 1`,
          );
        }
        // Nothing is inflated here: the parser reads the file once it has passed.
        return false;
      },
    });
  } catch (error) {
    if (error instanceof UnpackLimitError) throw error;
    // Not a zip, or a damaged one: its parser says so.
  }
}

const ascii = (text: string) => Buffer.from(text, 'latin1');
const streamKeyword = ascii('stream');
const endstreamKeyword = ascii('endstream');

/**
 * Inflates each Flate stream of a PDF with a ceiling (image streams excepted), so one that would unpack beyond
 * `maxPdfStreamBytes`, or all beyond `maxPdfTotalBytes`, is refused before pdf.js reads it. Streams that do not
 * inflate (damaged, or another filter) are left to pdf.js.
 */
export function checkPdfStreams(content: Uint8Array, limits: UnpackLimits = defaultUnpackLimits): void {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  let total = 0;
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(streamKeyword, from);
    if (at === -1) return;
    from = at + streamKeyword.length;
    // "endstream" contains "stream"; a stream's data starts after an end of line.
    if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') continue;
    let start = from;
    if (bytes[start] === 0x0d) start += 1;
    if (bytes[start] === 0x0a) start += 1;
    if (start === from) continue;
    const dictionaryStart = bytes.lastIndexOf(ascii('<<'), at);
    const dictionary = dictionaryStart === -1 ? '' : bytes.toString('latin1', dictionaryStart, at);
    const end = bytes.indexOf(endstreamKeyword, start);
    if (end === -1) return;
    from = end + endstreamKeyword.length;
    if (!/\/FlateDecode|\/Fl\b/.test(dictionary) || /\/Subtype\s*\/Image/.test(dictionary)) continue;
    const ceiling = Math.min(limits.maxPdfStreamBytes, limits.maxPdfTotalBytes - total);
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: ceiling + 1,
        finishFlush: zlibConstants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new UnpackLimitError(`a stream of more than ${ceiling} bytes`);
      }
      continue;
    }
    if (inflated.byteLength > ceiling) throw new UnpackLimitError(`a stream of more than ${ceiling} bytes`);
    total += inflated.byteLength;
  }
}
