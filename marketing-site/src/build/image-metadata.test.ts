/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { exifOrientation, withoutImageMetadata } from './image-metadata.mjs';
import { snapshotDir } from './source-content.mjs';

const who = 'Jane Editor';
const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${who}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
// EXIF as a phone writes it: who, and where (GPS IFD, whose pointer is tag 0x8825 in IFD0).
const exif = {
  IFD0: { Artist: who, Make: 'PhoneCo' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 26/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 39/1',
  },
};
const hasGpsPointer = (tiff: Buffer) =>
  tiff.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) ||
  tiff.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]));

function photo(channels: 3 | 4 = 3) {
  const background = { r: 192, g: 64, b: 32, alpha: channels === 4 ? 0.5 : 1 };
  return sharp({ create: { width: 96, height: 64, channels, background } })
    .composite([
      {
        input: { create: { width: 40, height: 20, channels: 3, background: '#2060d0' } },
        left: 10,
        top: 30,
      },
    ])
    .withMetadata({ orientation: 6 })
    .withExifMerge(exif)
    .withXmp(xmp)
    .withIccProfile('p3');
}

// Decoders warn of stray bytes in what was given (sharp fails on a warning by default); what comes out has none.
const pixels = (bytes: Buffer, failOn: 'none' | 'warning' = 'warning') =>
  sharp(bytes, { failOn }).raw().toBuffer();

async function expectOnlyPictureLeft(before: Buffer, after: Buffer) {
  const was = await sharp(before).metadata();
  expect(was.exif && hasGpsPointer(was.exif)).toBe(true);
  expect(was.xmp).toBeDefined();
  expect(before.includes(who)).toBe(true);

  const is = await sharp(after).metadata();
  expect(after.includes(who)).toBe(false);
  expect(after.includes('PhoneCo')).toBe(false);
  expect(is.xmp).toBeUndefined();
  expect(is.iptc).toBeUndefined();
  // EXIF is down to the orientation alone: a browser still turns the photo as it was taken.
  expect(is.exif && hasGpsPointer(is.exif)).toBe(false);
  expect(is.exif && exifOrientation(is.exif)).toBe(6);
  expect(is.orientation).toBe(6);
  expect(is.icc).toEqual(was.icc);
  expect([is.format, is.width, is.height]).toEqual([was.format, was.width, was.height]);
  expect(await pixels(after)).toEqual(await pixels(before, 'none'));
}

function jpegSegment(marker: number, payload: Buffer) {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

function pngChunk(type: string, data: Buffer) {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

describe('an image without its metadata', () => {
  it('JPEG: EXIF with its GPS position, XMP, IPTC, comments, stray bytes and what follows the picture go; the pixels, colour profile and orientation stay', async () => {
    const made = await photo().jpeg({ quality: 85 }).toBuffer();
    const iptc = jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0 8BIM byline ${who}`, 'latin1'));
    const comment = jpegSegment(0xfe, Buffer.from(`shot by ${who}`, 'latin1'));
    // A maker's trailer after the end of the image, as some phones write.
    // Two stray bytes between segments, which decoders skip, as some writers leave them.
    const withAll = Buffer.concat([
      made.subarray(0, 2),
      iptc,
      Buffer.from([0, 0]),
      comment,
      made.subarray(2),
      Buffer.from(`SEFT ${who}`),
    ]);

    const cut = await withoutImageMetadata(withAll);

    await expectOnlyPictureLeft(withAll, cut);
    expect(cut.includes('Photoshop 3.0')).toBe(false);
    expect(cut.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('JPEG: a progressive one keeps every scan and the tables between them', async () => {
    const made = await photo().jpeg({ quality: 85, progressive: true }).toBuffer();

    await expectOnlyPictureLeft(made, await withoutImageMetadata(made));
  });

  it('PNG: text chunks, the time and EXIF go; the image data, colour profile and orientation stay', async () => {
    const made = await photo().png().toBuffer();
    const firstData = made.indexOf('IDAT') - 4;
    const text = Buffer.concat([
      pngChunk('tEXt', Buffer.from(`Author\0${who}`, 'latin1')),
      pngChunk('iTXt', Buffer.from(`Description\0\0\0\0\0taken at home by ${who}`, 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xea, 12, 4, 10, 0, 0])),
    ]);
    const withAll = Buffer.concat([made.subarray(0, firstData), text, made.subarray(firstData)]);

    const cut = await withoutImageMetadata(withAll);

    await expectOnlyPictureLeft(withAll, cut);
    expect(cut.includes('tIME')).toBe(false);
  });

  it('WebP: the EXIF and XMP chunks go and the container says so; the picture, alpha, colour profile and orientation stay', async () => {
    const made = await photo(4).webp({ quality: 80 }).toBuffer();

    const cut = await withoutImageMetadata(made);

    await expectOnlyPictureLeft(made, cut);
    expect(cut.readUInt32LE(4)).toBe(cut.length - 8);
    expect((await sharp(cut).metadata()).hasAlpha).toBe(true);
  });

  it('keeps no orientation when the photo had none to keep', async () => {
    const made = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withExif({ IFD0: { Artist: who } })
      .toBuffer();

    const cut = await withoutImageMetadata(made);

    expect((await sharp(cut).metadata()).exif).toBeUndefined();
    expect(cut.includes(who)).toBe(false);
  });

  it('answers an image that has no metadata byte for byte: every image of the bundled snapshot', async () => {
    const uploads = join(snapshotDir, 'uploads');
    const names = readdirSync(uploads);
    expect(names.length).toBeGreaterThan(10);
    const changed = [];
    for (const name of names) {
      const bytes = readFileSync(join(uploads, name));
      if (!(await withoutImageMetadata(bytes)).equals(bytes)) changed.push(name);
    }
    expect(changed).toEqual([]);
  });

  it('AVIF, which it cannot cut, is encoded again without its metadata', async () => {
    const made = await photo().avif({ quality: 60, effort: 0 }).toBuffer();
    expect((await sharp(made).metadata()).exif).toBeDefined();

    const cut = await withoutImageMetadata(made);

    const is = await sharp(cut).metadata();
    expect([is.format, is.exif, is.xmp]).toEqual(['heif', undefined, undefined]);
    expect(cut.includes(who)).toBe(false);
  });

  it('answers other files as they are', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    expect(await withoutImageMetadata(svg)).toBe(svg);
  });

  it('refuses a JPEG, PNG or WebP that ends before its structure says, naming the format', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    const png = await photo().png().toBuffer();
    const webp = await photo().webp().toBuffer();
    await expect(withoutImageMetadata(jpeg.subarray(0, jpeg.length / 2))).rejects.toThrow(
      'it is not a whole JPEG image: upload it again',
    );
    await expect(withoutImageMetadata(png.subarray(0, png.length - 20))).rejects.toThrow(
      'it is not a whole PNG image',
    );
    await expect(withoutImageMetadata(webp.subarray(0, webp.length - 10))).rejects.toThrow(
      'it is not a whole WebP image',
    );
  });
});
