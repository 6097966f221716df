// First-load JS of a page: every script the browser fetches from the site while loading the page (the Gatsby
// runtime, framework, app and the page's own chunks), gzipped at level 9 as a CDN would serve them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export async function firstLoadJs(browser, siteUrl, path, publicDir) {
  const page = await browser.newPage();
  try {
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle' });
    const scripts = await page.evaluate(
      (origin) =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(origin) && new URL(name).pathname.endsWith('.js')),
      siteUrl,
    );
    const files = [...new Set(scripts.map((url) => new URL(url).pathname))];
    const gzipped = files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(publicDir, file)), { level: 9 }).length,
      0,
    );
    return { files: files.length, gzipped };
  } finally {
    await page.close();
  }
}
