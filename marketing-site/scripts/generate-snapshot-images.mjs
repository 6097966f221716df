// Generates the images of the bundled content snapshot (content/snapshot/uploads/), locally, from SVG composed
// here: abstract data-visualisation covers in the brand palette for articles and updates, and wordmark logos for
// the (fictional) customers. Every `/uploads/...` media entry in the snapshot JSON gets its file, and the entry's
// width, height and size are written back; so is its alternativeText, describing the picture, except where the
// snapshot leaves it null on purpose (to exercise the site's fallback to the item's title).
// The output is deterministic: the same snapshot gives the same pictures.
// Run: node scripts/generate-snapshot-images.mjs (outputs are committed).
import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const snapshotDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'content', 'snapshot');
const uploadsDir = join(snapshotDir, 'uploads');
const collections = [
  'blog-posts',
  'customer-success-stories',
  'press-articles',
  'feature-updates',
  'customers',
];

const cover = { width: 1200, height: 630, quality: 78, maxBytes: 60 * 1024 };
const logo = { width: 280, height: 104 };

const palette = {
  indigo: '#1b1e5c',
  blue: '#3b3fd8',
  teal: '#0f8f9c',
  amber: '#f5a524',
  white: '#ffffff',
};

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness, seeded by file name.

function seededRandom(text) {
  let seed = createHash('sha256').update(text).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value) => Math.round(value * 10) / 10;
const between = (random, min, max) => min + random() * (max - min);

// ---------------------------------------------------------------------------------------------------------------
// Cover backgrounds: a diagonal gradient, and the colours that read well on it.

const backgrounds = [
  {
    from: palette.indigo,
    to: palette.blue,
    ink: palette.white,
    accent: palette.amber,
    second: '#7fd6de',
    name: 'deep indigo',
  },
  {
    from: palette.indigo,
    to: palette.teal,
    ink: palette.white,
    accent: palette.amber,
    second: '#a9abf5',
    name: 'indigo and teal',
  },
  {
    from: '#f4f5ff',
    to: palette.white,
    ink: palette.indigo,
    accent: palette.amber,
    second: palette.teal,
    name: 'white',
  },
  {
    from: palette.teal,
    to: palette.indigo,
    ink: palette.white,
    accent: palette.amber,
    second: '#c9cbff',
    name: 'teal',
  },
  {
    from: palette.blue,
    to: palette.indigo,
    ink: palette.white,
    accent: palette.amber,
    second: '#7fd6de',
    name: 'blue',
  },
];

function background(theme) {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient></defs>
  <rect width="${cover.width}" height="${cover.height}" fill="url(#bg)"/>`;
}

/** A smooth path through points (Catmull-Rom turned into cubic Béziers). */
function smoothPath(points) {
  let path = `M${round(points[0][0])} ${round(points[0][1])}`;
  for (let index = 0; index < points.length - 1; index += 1) {
    const [x0, y0] = points[index - 1] ?? points[index];
    const [x1, y1] = points[index];
    const [x2, y2] = points[index + 1];
    const [x3, y3] = points[index + 2] ?? points[index + 1];
    const c1 = [x1 + (x2 - x0) / 6, y1 + (y2 - y0) / 6];
    const c2 = [x2 - (x3 - x1) / 6, y2 - (y3 - y1) / 6];
    path += ` C${round(c1[0])} ${round(c1[1])} ${round(c2[0])} ${round(c2[1])} ${round(x2)} ${round(y2)}`;
  }
  return path;
}

/** A wandering series of `count` values between 0 and 1. */
function series(random, count, trend = 0) {
  const values = [];
  let value = between(random, 0.25, 0.55);
  for (let index = 0; index < count; index += 1) {
    value = Math.min(0.95, Math.max(0.08, value + between(random, -0.12, 0.12) + trend));
    values.push(value);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------------------------
// Compositions: each draws a different kind of chart and describes itself for the alt text.

const compositions = [
  {
    describe: 'a rising bar chart with an amber trend line',
    draw(random, theme) {
      const values = series(random, 16, 0.03);
      const bars = values
        .map((value, index) => {
          const height = value * 380;
          const x = 110 + index * 62;
          return `<rect x="${x}" y="${round(530 - height)}" width="40" height="${round(height)}" rx="6" fill="${theme.ink}" fill-opacity="${round(0.25 + (index % 4) * 0.12)}"/>`;
        })
        .join('');
      const line = smoothPath(values.map((value, index) => [130 + index * 62, 500 - value * 380]));
      return `${bars}<path d="${line}" stroke="${theme.accent}" stroke-width="8" fill="none" stroke-linecap="round"/><line x1="90" y1="532" x2="1110" y2="532" stroke="${theme.ink}" stroke-opacity="0.5" stroke-width="3"/>`;
    },
  },
  {
    describe: 'layered area charts with a highlighted data series',
    draw(random, theme) {
      const layers = [theme.second, theme.ink, theme.accent];
      return layers
        .map((colour, layer) => {
          const frequency = between(random, 0.5, 1.1);
          const phase = between(random, 0, Math.PI * 2);
          const points = Array.from({ length: 9 }, (_, index) => {
            const wave = Math.sin(index * frequency + phase) * 0.5 + 0.5;
            return [
              index * 150,
              300 + layer * 100 - wave * (170 - layer * 30) - index * 14 + between(random, -15, 15),
            ];
          });
          const area = `<path d="${smoothPath(points)} L1200 630 L0 630 Z" fill="${colour}" fill-opacity="${0.22 + layer * 0.08}"/>`;
          const edge = `<path d="${smoothPath(points)}" stroke="${colour}" stroke-width="${layer === 2 ? 7 : 4}" fill="none"/>`;
          const dots =
            layer === 2
              ? points
                  .slice(1, -1)
                  .map(
                    ([x, y]) =>
                      `<circle cx="${round(x)}" cy="${round(y)}" r="11" fill="${theme.from}" stroke="${colour}" stroke-width="6"/>`,
                  )
                  .join('')
              : '';
          return area + edge + dots;
        })
        .join('');
    },
  },
  {
    describe: 'a scatter plot of bubbles in three clusters',
    draw(random, theme) {
      const centres = [
        [between(random, 220, 380), between(random, 200, 420), theme.second],
        [between(random, 520, 700), between(random, 180, 450), theme.accent],
        [between(random, 820, 1000), between(random, 200, 430), theme.ink],
      ];
      return centres
        .flatMap(([cx, cy, colour]) =>
          Array.from({ length: 14 }, () => {
            const radius = between(random, 8, 42);
            return `<circle cx="${round(cx + between(random, -150, 150))}" cy="${round(cy + between(random, -120, 120))}" r="${round(radius)}" fill="${colour}" fill-opacity="${round(between(random, 0.35, 0.85))}"/>`;
          }),
        )
        .join('');
    },
  },
  {
    describe: 'a donut chart with legend bars',
    draw(random, theme) {
      const shares = Array.from({ length: 5 }, () => between(random, 0.5, 2));
      const total = shares.reduce((sum, share) => sum + share, 0);
      const colours = [theme.accent, theme.ink, theme.second, theme.ink, theme.second];
      const opacities = [1, 0.85, 0.8, 0.45, 0.4];
      const circumference = 2 * Math.PI * 170;
      let offset = 0;
      const arcs = shares
        .map((share, index) => {
          const length = (share / total) * circumference;
          const arc = `<circle cx="400" cy="315" r="170" fill="none" stroke="${colours[index]}" stroke-opacity="${opacities[index]}" stroke-width="80" stroke-dasharray="${round(length - 6)} ${round(circumference)}" stroke-dashoffset="${round(-offset)}" transform="rotate(-90 400 315)"/>`;
          offset += length;
          return arc;
        })
        .join('');
      const legend = shares
        .map(
          (share, index) =>
            `<rect x="720" y="${180 + index * 60}" width="28" height="28" rx="6" fill="${colours[index]}" fill-opacity="${opacities[index]}"/><rect x="770" y="${188 + index * 60}" width="${round((share / 2) * 300)}" height="12" rx="6" fill="${theme.ink}" fill-opacity="0.5"/>`,
        )
        .join('');
      return arcs + legend;
    },
  },
  {
    describe: 'a network of connected nodes',
    draw(random, theme) {
      const nodes = Array.from({ length: 26 }, () => [between(random, 80, 1120), between(random, 70, 560)]);
      const edges = [];
      nodes.forEach(([x1, y1], index) => {
        const neighbours = nodes
          .map(([x2, y2], other) => ({ other, distance: Math.hypot(x2 - x1, y2 - y1) }))
          .filter(({ other }) => other !== index)
          .sort((first, second) => first.distance - second.distance)
          .slice(0, 2);
        for (const { other } of neighbours) {
          const [x2, y2] = nodes[other];
          edges.push(
            `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${theme.ink}" stroke-opacity="0.35" stroke-width="3"/>`,
          );
        }
      });
      const dots = nodes
        .map(([x, y], index) => {
          const colour = index % 5 === 0 ? theme.accent : index % 3 === 0 ? theme.second : theme.ink;
          return `<circle cx="${round(x)}" cy="${round(y)}" r="${round(between(random, 9, index % 5 === 0 ? 26 : 16))}" fill="${colour}"/>`;
        })
        .join('');
      return edges.join('') + dots;
    },
  },
  {
    describe: 'a heat map grid of tinted squares',
    draw(random, theme) {
      const cells = [];
      for (let row = 0; row < 7; row += 1) {
        for (let column = 0; column < 16; column += 1) {
          const heat = (Math.sin(column / 2.5 + random() * 0.8) + Math.cos(row / 1.8)) / 4 + 0.5;
          const colour = heat > 0.78 ? theme.accent : theme.ink;
          cells.push(
            `<rect x="${110 + column * 62}" y="${100 + row * 62}" width="52" height="52" rx="8" fill="${colour}" fill-opacity="${round(0.12 + heat * 0.75)}"/>`,
          );
        }
      }
      return cells.join('');
    },
  },
  {
    describe: 'concentric radial bars',
    draw(random, theme) {
      const rings = Array.from({ length: 6 }, (_, index) => {
        const radius = 70 + index * 38;
        const share = between(random, 0.3, 0.92);
        const circumference = 2 * Math.PI * radius;
        const colour = index === 5 ? theme.accent : index % 2 ? theme.second : theme.ink;
        return `<circle cx="860" cy="315" r="${radius}" fill="none" stroke="${theme.ink}" stroke-opacity="0.12" stroke-width="24"/><circle cx="860" cy="315" r="${radius}" fill="none" stroke="${colour}" stroke-opacity="0.9" stroke-width="24" stroke-linecap="round" stroke-dasharray="${round(share * circumference)} ${round(circumference)}" transform="rotate(-90 860 315)"/>`;
      });
      const columns = Array.from({ length: 5 }, (_, index) => {
        const height = between(random, 60, 300);
        return `<rect x="${100 + index * 70}" y="${round(500 - height)}" width="44" height="${round(height)}" rx="8" fill="${theme.ink}" fill-opacity="${round(0.3 + index * 0.1)}"/>`;
      });
      return rings.join('') + columns.join('');
    },
  },
  {
    describe: 'a flowing streamgraph of stacked bands',
    draw(random, theme) {
      const colours = [theme.second, theme.ink, theme.accent, theme.ink];
      let baseline = Array.from({ length: 9 }, (_, index) => 520 + Math.sin(index / 1.3 + random()) * 50);
      return colours
        .map((colour, layer) => {
          const thickness = series(random, 9).map((value) => 25 + value * 120);
          const top = baseline.map((y, index) => [index * 150, y - thickness[index]]);
          const bottom = baseline.map((y, index) => [index * 150, y]).reverse();
          baseline = top.map(([, y]) => y);
          return `<path d="${smoothPath(top)} L${smoothPath(bottom).slice(1)} Z" fill="${colour}" fill-opacity="${round(0.35 + layer * 0.15)}"/>`;
        })
        .join('');
    },
  },
  {
    describe: 'a treemap of nested rectangles',
    draw(random, theme) {
      const rectangles = [];
      function split(x, y, width, height, depth) {
        if (depth === 0 || width < 140 || height < 110) {
          const colour = random() < 0.18 ? theme.accent : random() < 0.4 ? theme.second : theme.ink;
          rectangles.push(
            `<rect x="${round(x + 6)}" y="${round(y + 6)}" width="${round(width - 12)}" height="${round(height - 12)}" rx="10" fill="${colour}" fill-opacity="${round(between(random, 0.25, 0.85))}"/>`,
          );
          return;
        }
        const share = between(random, 0.35, 0.65);
        if (width > height) {
          split(x, y, width * share, height, depth - 1);
          split(x + width * share, y, width * (1 - share), height, depth - 1);
        } else {
          split(x, y, width, height * share, depth - 1);
          split(x, y + height * share, width, height * (1 - share), depth - 1);
        }
      }
      split(80, 70, 1040, 490, 5);
      return rectangles.join('');
    },
  },
  {
    describe: 'curved flows connecting sources to outcomes',
    draw(random, theme) {
      const left = Array.from({ length: 4 }, (_, index) => 120 + index * 120);
      const right = Array.from({ length: 3 }, (_, index) => 170 + index * 150);
      const flows = [];
      left.forEach((y1, source) => {
        for (const y2 of right) {
          if (random() < 0.35) continue;
          const width = between(random, 6, 34);
          const colour = source === 0 ? theme.accent : source % 2 ? theme.second : theme.ink;
          flows.push(
            `<path d="M190 ${y1} C600 ${y1} 600 ${y2} 1010 ${y2}" stroke="${colour}" stroke-opacity="0.55" stroke-width="${round(width)}" fill="none"/>`,
          );
        }
      });
      const nodes = [
        ...left.map((y) => `<rect x="150" y="${y - 45}" width="40" height="90" rx="8" fill="${theme.ink}"/>`),
        ...right.map(
          (y) => `<rect x="1010" y="${y - 60}" width="40" height="120" rx="8" fill="${theme.ink}"/>`,
        ),
      ];
      return flows.join('') + nodes.join('');
    },
  },
  {
    describe: 'a histogram with a smooth distribution curve',
    draw(random, theme) {
      const mean = between(random, 0.35, 0.65);
      const spread = between(random, 0.14, 0.22);
      const density = (x) => Math.exp(-((x - mean) ** 2) / (2 * spread ** 2));
      const bins = Array.from({ length: 24 }, (_, index) => {
        const x = index / 23;
        const height = (density(x) * 0.85 + random() * 0.15) * 380;
        return `<rect x="${100 + index * 42}" y="${round(540 - height)}" width="36" height="${round(height)}" rx="4" fill="${theme.ink}" fill-opacity="${round(0.25 + density(x) * 0.4)}"/>`;
      });
      const curve = smoothPath(
        Array.from({ length: 25 }, (_, index) => [100 + index * 42, 540 - density(index / 24) * 400]),
      );
      const marker = 100 + mean * 1000;
      return `${bins.join('')}<path d="${curve}" stroke="${theme.accent}" stroke-width="7" fill="none"/><line x1="${round(marker)}" y1="110" x2="${round(marker)}" y2="545" stroke="${theme.second}" stroke-width="4" stroke-dasharray="12 10"/>`;
    },
  },
  {
    describe: 'a grid of small sparkline charts',
    draw(random, theme) {
      const charts = [];
      for (let row = 0; row < 3; row += 1) {
        for (let column = 0; column < 4; column += 1) {
          const x = 90 + column * 260;
          const y = 80 + row * 165;
          const values = series(random, 10, between(random, -0.03, 0.04));
          const highlighted = (row * 4 + column) % 5 === 2;
          const line = smoothPath(values.map((value, index) => [x + 20 + index * 22, y + 125 - value * 100]));
          charts.push(
            `<rect x="${x}" y="${y}" width="240" height="145" rx="14" fill="${theme.ink}" fill-opacity="0.08"/><path d="${line}" stroke="${highlighted ? theme.accent : theme.ink}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
          );
        }
      }
      return charts.join('');
    },
  },
];

function coverSvg(fileName, index) {
  const random = seededRandom(fileName);
  const composition = compositions[index % compositions.length];
  // A different step than the compositions', so the same chart comes on different backgrounds.
  const theme = backgrounds[(index + Math.floor(index / compositions.length)) % backgrounds.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${cover.width}" height="${cover.height}" viewBox="0 0 ${cover.width} ${cover.height}">${background(theme)}${composition.draw(random, theme)}</svg>`;
  const alt = `Abstract illustration: ${composition.describe} on a ${theme.name} background`;
  return { svg, alt };
}

// ---------------------------------------------------------------------------------------------------------------
// Logos: a simple mark and the company's name as a wordmark, on a transparent background.

const logoColours = [palette.indigo, palette.teal, '#2f3b52', palette.blue, '#8a3b12', '#1f6f43'];
const logoFonts = ['DejaVu Sans', 'DejaVu Serif', 'Liberation Sans', 'DejaVu Sans Condensed'];

const marks = [
  (colour) => `<circle cx="40" cy="52" r="24" fill="none" stroke="${colour}" stroke-width="9"/>`,
  (colour) =>
    `<rect x="16" y="58" width="12" height="22" rx="2" fill="${colour}"/><rect x="33" y="44" width="12" height="36" rx="2" fill="${colour}"/><rect x="50" y="28" width="12" height="52" rx="2" fill="${palette.amber}"/>`,
  (colour) => `<path d="M40 22 L66 76 L14 76 Z" fill="${colour}"/>`,
  (colour) =>
    `<path d="M40 24 L64 38 L64 66 L40 80 L16 66 L16 38 Z" fill="${colour}"/><circle cx="40" cy="52" r="9" fill="#ffffff"/>`,
  (colour) =>
    `<path d="M14 60 C24 36 34 36 40 52 S56 68 66 44" stroke="${colour}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  (colour) => `<path d="M40 20 L64 52 L40 84 L16 52 Z" fill="${colour}"/>`,
  (colour) => `<path d="M18 78 C18 42 40 24 64 24 C64 58 46 78 18 78 Z" fill="${colour}"/>`,
  (colour) =>
    `<path d="M16 34 L32 52 L16 70 M38 34 L54 52 L38 70" stroke="${colour}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  (colour) =>
    `<path d="M16 78 A40 40 0 0 1 56 38 L56 78 Z" fill="${colour}"/><circle cx="60" cy="30" r="8" fill="${palette.amber}"/>`,
  (colour) =>
    Array.from(
      { length: 9 },
      (_, index) =>
        `<circle cx="${22 + (index % 3) * 18}" cy="${34 + Math.floor(index / 3) * 18}" r="6" fill="${index === 4 ? palette.amber : colour}"/>`,
    ).join(''),
  (colour) =>
    `<rect x="16" y="28" width="48" height="48" rx="12" fill="${colour}"/><path d="M28 64 L52 40" stroke="#ffffff" stroke-width="7" stroke-linecap="round"/>`,
  (colour) =>
    `<path d="M14 80 L14 54 A26 26 0 0 1 66 54 L66 80" stroke="${colour}" stroke-width="9" fill="none"/>`,
];

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The width in pixels of a line of text as the SVG renderer draws it (fonts differ too much to estimate). */
async function textWidth(text, fontFamily, fontSize, fontWeight) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="${fontSize * 2}"><rect width="1600" height="${fontSize * 2}" fill="#ffffff"/><text x="10" y="${fontSize * 1.4}" font-family="${fontFamily}" font-size="${fontSize}" font-weight="${fontWeight}" fill="#000000">${escapeXml(text)}</text></svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
  return info.width;
}

/** The largest font size, at most `maxSize`, at which the text fits in `width` pixels. */
async function fittingFontSize(text, fontFamily, fontWeight, maxSize, width) {
  const measured = await textWidth(text, fontFamily, maxSize, fontWeight);
  return Math.min(maxSize, Math.floor((maxSize * width) / measured));
}

const wordmarkWidth = logo.width - 84 - 8;

async function logoSvg(name, index) {
  const [word, ...rest] = name.split(' ');
  const descriptor = rest.join(' ').toUpperCase();
  const colour = logoColours[index % logoColours.length];
  const font = `${logoFonts[index % logoFonts.length]}, sans-serif`;
  const wordSize = await fittingFontSize(word, font, 700, 38, wordmarkWidth);
  const descriptorSize = descriptor
    ? await fittingFontSize(descriptor, 'DejaVu Sans, sans-serif', 400, 13, wordmarkWidth - 24)
    : 0;
  const wordY = descriptor ? 56 : 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${logo.width}" height="${logo.height}" viewBox="0 0 ${logo.width} ${logo.height}">
  ${marks[index % marks.length](colour)}
  <text x="84" y="${wordY}" font-family="${font}" font-size="${wordSize}" font-weight="700" fill="${colour}">${escapeXml(word)}</text>
  ${descriptor ? `<text x="85" y="80" font-family="DejaVu Sans, sans-serif" font-size="${descriptorSize}" letter-spacing="2" fill="${colour}" fill-opacity="0.8">${escapeXml(descriptor)}</text>` : ''}
</svg>`;
}

// ---------------------------------------------------------------------------------------------------------------

async function writeCover(fileName, svg) {
  const target = join(uploadsDir, fileName);
  for (let quality = cover.quality; ; quality -= 6) {
    await sharp(Buffer.from(svg)).jpeg({ quality, mozjpeg: true }).toFile(target);
    const { size } = await stat(target);
    if (size <= cover.maxBytes || quality <= 50) return size;
  }
}

async function writeLogo(fileName, svg) {
  const target = join(uploadsDir, fileName);
  await sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toFile(target);
  return (await stat(target)).size;
}

const mediaOf = (entry) => (Array.isArray(entry.image) ? entry.image : entry.image ? [entry.image] : []);
const kilobytes = (bytes) => Math.round((bytes / 1024) * 100) / 100;

let coverIndex = 0;
let logoIndex = 0;
let totalBytes = 0;
for (const collection of collections) {
  const file = join(snapshotDir, `${collection}.json`);
  const snapshot = JSON.parse(await readFile(file, 'utf8'));
  for (const entry of snapshot.data) {
    for (const media of mediaOf(entry)) {
      if (!media.url.startsWith('/uploads/')) continue;
      const fileName = media.url.slice('/uploads/'.length);
      let size;
      let alt;
      if (fileName.endsWith('.png')) {
        size = await writeLogo(fileName, await logoSvg(entry.name, logoIndex));
        alt = `${entry.name} logo`;
        Object.assign(media, { width: logo.width, height: logo.height, mime: 'image/png', ext: '.png' });
        logoIndex += 1;
      } else {
        const composed = coverSvg(fileName, coverIndex);
        size = await writeCover(fileName, composed.svg);
        alt = composed.alt;
        Object.assign(media, { width: cover.width, height: cover.height, mime: 'image/jpeg', ext: '.jpg' });
        coverIndex += 1;
      }
      media.size = kilobytes(size);
      if (media.alternativeText !== null) media.alternativeText = alt;
      totalBytes += size;
    }
  }
  await writeFile(file, `${JSON.stringify(snapshot, null, 2)}\n`);
}

console.log(
  `${coverIndex} covers and ${logoIndex} logos written to content/snapshot/uploads (${kilobytes(totalBytes)} KB)`,
);
