import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';

/**
 * Files built to hurt a parser (issue 32): zip and PDF "bombs" small on the wire and huge once inflated, and a docx
 * of very many tiny paragraphs. Built here rather than shipped, so their sizes are read in the code.
 */

const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const rootRelationships = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const documentStart = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`;
const documentEnd = '</w:body></w:document>';

/** A docx of `paragraphs` one-letter paragraphs, each its own run: about 60 KB per 400,000 paragraphs. */
export function docxOfTinyParagraphs(paragraphs: number): Buffer {
  const body = '<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(paragraphs);
  const text = (value: string) => new TextEncoder().encode(value);
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': text(contentTypes),
        '_rels/.rels': text(rootRelationships),
        'word/document.xml': text(`${documentStart}${body}${documentEnd}`),
      },
      { level: 9 },
    ),
  );
}

function crc32(data: Uint8Array): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

interface ZipPart {
  name: string;
  method: 0 | 8;
  data: Buffer;
  size: number;
  crc: number;
}

/** A zip of already-compressed parts, written by hand: sizes and CRCs as given. */
function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.data.byteLength, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.data.byteLength, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + part.data.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const stored = (name: string, text: string): ZipPart => {
  const data = Buffer.from(text);
  return { name, method: 0, data, size: data.byteLength, crc: crc32(data) };
};

/**
 * A docx whose document.xml inflates to `megabytes` MB of one repeated paragraph (about 1 KB on the wire per MB
 * inflated): one deflated megabyte, flushed so that it can be repeated as it is. Its declared size is the truth (up
 * to 4 GB); its CRC is not computed (parsers of docx do not check it before inflating).
 */
export function docxBomb(megabytes: number): Buffer {
  const megabyte = Buffer.from(
    '<w:p><w:r><w:t>bomb bomb bomb bomb</w:t></w:r></w:p>'.repeat(20_000),
  ).subarray(0, 1024 * 1024);
  // Whole paragraphs only: the repeated megabyte is cut at a paragraph's end.
  const whole = megabyte.subarray(0, megabyte.lastIndexOf('</w:p>') + '</w:p>'.length);
  const head = deflateRawSync(Buffer.from(documentStart), { finishFlush: constants.Z_FULL_FLUSH });
  const block = deflateRawSync(whole, { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  const tail = deflateRawSync(Buffer.from(documentEnd));
  const data = Buffer.concat([head, ...Array.from({ length: megabytes }, () => block), tail]);
  const size = documentStart.length + whole.byteLength * megabytes + documentEnd.length;
  return zipOf([
    stored('[Content_Types].xml', contentTypes),
    stored('_rels/.rels', rootRelationships),
    { name: 'word/document.xml', method: 8, data, size: Math.min(size, 0xffffffff), crc: 0 },
  ]);
}

/** A one-page PDF whose content stream (Flate) inflates to `megabytes` MB of drawing operators. */
export function pdfBomb(megabytes: number): Buffer {
  const content = deflateSync(Buffer.alloc(megabytes * 1024 * 1024, 'q Q '), { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = chunks[0]!.byteLength;
  const add = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.byteLength;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`));
  });
  offsets.push(length);
  add(Buffer.from(`4 0 obj\n<< /Length ${content.byteLength} /Filter /FlateDecode >>\nstream\n`));
  add(content);
  add(Buffer.from('\nendstream\nendobj\n'));
  const xref = length;
  add(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(chunks);
}
