// Generates the social card and other brand images from SVG, locally (no design files needed at build time).
// Run: node scripts/generate-brand-images.mjs (outputs are committed under static/).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const staticDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'static');

const bars = Array.from({ length: 14 }, (_, index) => {
  const height = 60 + ((index * 37) % 170);
  return `<rect x="${640 + index * 36}" y="${520 - height}" width="22" height="${height}" rx="4" fill="#ffffff" fill-opacity="${0.25 + (index % 4) * 0.15}"/>`;
}).join('');

const socialCard = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b1e5c"/><stop offset="0.6" stop-color="#3b3fd8"/><stop offset="1" stop-color="#0f8f9c"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  ${bars}
  <path d="M640 420 C 760 300, 880 380, 1000 250 S 1140 200, 1160 160" stroke="#f5a524" stroke-width="8" fill="none" stroke-linecap="round"/>
  <text x="80" y="260" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="700" fill="#ffffff">Dcipher</text>
  <text x="80" y="340" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#ffffff">AI-powered Insight Automation</text>
</svg>`;

await sharp(Buffer.from(socialCard)).png({ compressionLevel: 9 }).toFile(join(staticDir, 'social-card.png'));
console.log('static/social-card.png written');
