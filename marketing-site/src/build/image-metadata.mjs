// What a photo says about where, when, with what and by whom it was taken (EXIF with its GPS position, XMP, IPTC,
// comments, text chunks, C2PA manifests, makers' trailers) is not published with it. The site serves the images an
// editor put inside the text as the CMS holds them (source-content.mjs), so it removes that metadata itself, without
// decoding the image: JPEG, PNG and WebP keep every byte of their pixels, colour profile and animation, and lose only
// the metadata. Orientation is kept (a minimal EXIF with that one tag), since browsers turn a photo by it. Formats
// that cannot be cut losslessly here (AVIF, HEIF, TIFF) are encoded again by sharp, which writes no metadata; any
// other file (SVG, GIF, …) is served as it is. docs/decisions/0156.
import { crc32 } from 'node:zlib';

export class ImageMetadataError extends Error {}

const damaged = (format) => new ImageMetadataError(`it is not a whole ${format} image: upload it again`);

/** The Orientation tag (1–8) of an EXIF TIFF block, or undefined when there is none or it cannot be read. */
export function exifOrientation(tiff) {
  if (tiff.length >= 6 && tiff.subarray(0, 6).toString('latin1') === 'Exif\0\0') tiff = tiff.subarray(6);
  if (tiff.length < 8) return undefined;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return undefined;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let index = 0; index < count; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** A big-endian TIFF block holding IFD0 with the Orientation tag alone (26 bytes). */
function orientationOnlyTiff(orientation) {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22);
  return tiff;
}

const keptOrientation = (orientation) => (orientation && orientation !== 1 ? orientation : undefined);

// JPEG: segments kept are the ones that make the picture (tables, frame, scans, restart intervals), JFIF (APP0),
// the colour profile (APP2 ICC_PROFILE) and Adobe's colour transform (APP14). Every other APPn (EXIF and XMP in
// APP1, MPF and FlashPix in APP2, Photoshop/IPTC in APP13, JUMBF/C2PA in APP11, makers' own) and comments go, and
// so does anything after the end of the image (further pictures of an MPF file, makers' trailers).
function stripJpeg(bytes) {
  const out = [bytes.subarray(0, 2)];
  let orientation;
  let at = 2;
  const keepSegment = (marker, payload) => {
    if (marker === 0xe0) return payload.subarray(0, 5).toString('latin1') === 'JFIF\0';
    if (marker === 0xe2) return payload.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0';
    if (marker === 0xee) return payload.subarray(0, 5).toString('latin1') === 'Adobe';
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) return false;
    return true;
  };
  let inserted = false;
  const insertOrientation = () => {
    if (inserted) return;
    inserted = true;
    const kept = keptOrientation(orientation);
    if (!kept) return;
    const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), orientationOnlyTiff(kept)]);
    const header = Buffer.from([0xff, 0xe1, 0, 0]);
    header.writeUInt16BE(payload.length + 2, 2);
    out.push(header, payload);
  };
  for (;;) {
    // Bytes between segments are skipped, as libjpeg does ("extraneous bytes before marker").
    at = bytes.indexOf(0xff, at);
    if (at === -1) throw damaged('JPEG');
    while (bytes[at] === 0xff) at++;
    if (at >= bytes.length) throw damaged('JPEG');
    const marker = bytes[at];
    const markerStart = at - 1;
    at++;
    if (marker === 0xd9) {
      insertOrientation();
      out.push(bytes.subarray(markerStart, at));
      return { bytes: Buffer.concat(out), orientation };
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(bytes.subarray(markerStart, at));
      continue;
    }
    if (at + 2 > bytes.length) throw damaged('JPEG');
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) throw damaged('JPEG');
    const payload = bytes.subarray(at + 2, at + length);
    const segmentEnd = at + length;
    if (marker === 0xe1 && payload.subarray(0, 6).toString('latin1') === 'Exif\0\0')
      orientation ??= exifOrientation(payload);
    // The orientation goes in before the first segment that is not JFIF, once the EXIF (first after it) is read.
    if (marker !== 0xe0 && !(marker >= 0xe1 && marker <= 0xef) && marker !== 0xfe) insertOrientation();
    if (keepSegment(marker, payload)) out.push(bytes.subarray(markerStart, segmentEnd));
    at = segmentEnd;
    if (marker === 0xda) {
      // Entropy-coded data: a 0xFF in it is followed by 0x00 (a stuffed byte), a restart marker or fill bytes;
      // anything else is the next marker.
      let end = at;
      for (;;) {
        end = bytes.indexOf(0xff, end);
        if (end === -1 || end + 1 >= bytes.length) throw damaged('JPEG');
        const next = bytes[end + 1];
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
          end += next === 0xff ? 1 : 2;
          continue;
        }
        break;
      }
      out.push(bytes.subarray(at, end));
      at = end;
    }
  }
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Text (author, comment, software, creation time…), the time it was last changed, EXIF, signatures and C2PA.
const pngMetadataChunks = new Set(['tEXt', 'zTXt', 'iTXt', 'tIME', 'eXIf', 'dSIG', 'caBX']);

function pngChunk(type, data) {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

function stripPng(bytes) {
  const out = [pngSignature];
  let orientation;
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) throw damaged('PNG');
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > bytes.length) throw damaged('PNG');
    if (type === 'eXIf') orientation ??= exifOrientation(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IDAT' || type === 'IEND') {
      const kept = keptOrientation(orientation);
      // eXIf must come before the first IDAT.
      if (kept && !out.some((chunk) => chunk.subarray(4, 8).toString('latin1') === 'eXIf'))
        out.push(pngChunk('eXIf', orientationOnlyTiff(kept)));
    }
    if (!pngMetadataChunks.has(type)) out.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return { bytes: Buffer.concat(out), orientation };
  }
}

// WebP (RIFF): the EXIF and XMP chunks go, VP8X's flags say so, and the RIFF size is written again.
function stripWebp(bytes) {
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length || riffEnd < 12) throw damaged('WebP');
  const chunks = [];
  let orientation;
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw damaged('WebP');
    const type = bytes.subarray(at, at + 4).toString('latin1');
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) throw damaged('WebP');
    if (type === 'EXIF') orientation ??= exifOrientation(bytes.subarray(at + 8, at + 8 + size));
    else if (type !== 'XMP ') chunks.push(Buffer.from(bytes.subarray(at, Math.min(end, riffEnd))));
    at = end;
  }
  const kept = keptOrientation(orientation);
  const vp8x = chunks.find((chunk) => chunk.subarray(0, 4).toString('latin1') === 'VP8X');
  if (vp8x) {
    vp8x[8] &= ~0x0c; // EXIF (0x08) and XMP (0x04) present
    if (kept) {
      vp8x[8] |= 0x08;
      const exif = Buffer.alloc(8);
      exif.write('EXIF', 0, 'latin1');
      exif.writeUInt32LE(26, 4);
      chunks.push(exif, orientationOnlyTiff(kept));
    }
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  return { bytes: Buffer.concat([header, body]), orientation };
}

/** The format an image's first bytes say, among the ones cut here without decoding. */
export function losslessFormat(bytes) {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(pngSignature)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

const strippers = { jpeg: stripJpeg, png: stripPng, webp: stripWebp };

/**
 * The image without its metadata. JPEG, PNG and WebP are cut without decoding; AVIF, HEIF and TIFF that carry
 * metadata are encoded again (sharp writes none); anything else is answered as it is. Throws ImageMetadataError when
 * a JPEG, PNG or WebP ends before its structure says.
 */
export async function withoutImageMetadata(bytes) {
  const format = losslessFormat(bytes);
  if (format) return strippers[format](bytes).bytes;
  const { default: sharp } = await import('sharp');
  let metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return bytes;
  }
  const reencoded = { heif: 'heif', tiff: 'tiff' }[metadata.format];
  if (!reencoded || !(metadata.exif || metadata.xmp || metadata.iptc)) return bytes;
  try {
    return await sharp(bytes)
      .rotate()
      .keepIccProfile()
      [reencoded](reencoded === 'heif' ? { quality: 90, compression: 'av1' } : { quality: 90 })
      .toBuffer();
  } catch {
    throw new ImageMetadataError(
      `its metadata (where and when it was taken) cannot be removed from a ${metadata.format} file here: upload it as JPEG, PNG or WebP`,
    );
  }
}
