#!/usr/bin/env node
// Marketing-site figures (issue 4): site build time with the bundled content and with a generated set of 1,000
// content items, first-load JS (gzipped) per page, and Lighthouse mobile scores for home, pricing, blog list and a
// blog post, measured with the system Chromium against the local stack (which compresses like a CDN).
// Usage: node infra/bench/site-benchmarks.mjs [--skip-builds]   (run after a build; it rebuilds the site itself)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserBuildEnv } from '../builds/browser-env.mjs';
import { repositoryRoot, startStack } from '../local/stack.mjs';
import { firstLoadJs } from './first-load-js.mjs';
import { launchBenchChromium } from './lighthouse-chromium.mjs';

const siteDir = join(repositoryRoot, 'marketing-site');
const publicDir = join(siteDir, 'public');
const snapshotDir = join(siteDir, 'content', 'snapshot');
const gatsby = join(repositoryRoot, 'node_modules', '.bin', 'gatsby');
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function gatsbyBuild(extraEnv = {}) {
  spawnSync(gatsby, ['clean'], { cwd: siteDir, stdio: 'ignore' });
  const started = Date.now();
  const result = spawnSync(gatsby, ['build'], {
    cwd: siteDir,
    env: { ...process.env, ...browserBuildEnv(process.env), GATSBY_TELEMETRY_DISABLED: '1', ...extraEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`gatsby build failed:\n${result.stderr.slice(-3000)}`);
  return (Date.now() - started) / 1000;
}

/** A snapshot with `total` items spread over the four article-like collections, reusing the bundled images. */
function generateSnapshot(total) {
  const directory = mkdtempSync(join(tmpdir(), 'dcipher-content-'));
  cpSync(join(snapshotDir, 'uploads'), join(directory, 'uploads'), { recursive: true });
  const collections = ['blog-posts', 'customer-success-stories', 'press-articles', 'feature-updates'];
  const perCollection = Math.ceil(total / collections.length);
  for (const collection of collections) {
    const source = JSON.parse(readFileSync(join(snapshotDir, `${collection}.json`), 'utf8')).data;
    const data = Array.from({ length: perCollection }, (_, index) => {
      const template = source[index % source.length];
      const round = Math.floor(index / source.length);
      return round === 0
        ? template
        : {
            ...template,
            id: template.id + round * 10_000,
            documentId: `${template.documentId}-${round}`,
            slug: `${template.slug}-${round}`,
            title: `${template.title} (${round + 1})`,
          };
    });
    writeFileSync(
      join(directory, `${collection}.json`),
      JSON.stringify({
        data,
        meta: { pagination: { page: 1, pageSize: data.length, pageCount: 1, total: data.length } },
      }),
    );
  }
  cpSync(join(snapshotDir, 'customers.json'), join(directory, 'customers.json'));
  return { directory, items: perCollection * collections.length };
}

async function lighthouseScores(urls) {
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launchBenchChromium();
  const scores = [];
  try {
    for (const url of urls) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 0.9 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'notApplicable',
        )
        .map((audit) => audit.id);
      scores.push({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        failing,
      });
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}

const skipBuilds = process.argv.includes('--skip-builds');
console.log('Dcipher marketing-site benchmarks');
if (!skipBuilds) {
  const generated = generateSnapshot(1000);
  try {
    const seconds = gatsbyBuild({ CONTENT_SNAPSHOT_DIR: generated.directory });
    console.log(`site build, generated content (${generated.items} items): ${seconds.toFixed(1)} s`);
  } finally {
    rmSync(generated.directory, { recursive: true, force: true });
  }
  console.log(`site build, bundled content (clean):          ${gatsbyBuild().toFixed(1)} s`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'dcipher-bench-data-'));
mkdirSync(dataDir, { recursive: true });
const stack = await startStack({ dataDir, quiet: true });
try {
  const sitemap = readFileSync(join(publicDir, 'sitemap.xml'), 'utf8');
  // A post, not a page of the list (/blog/2): post slugs start with a letter.
  const blogPost = sitemap.match(/<loc>[^<]*(\/blog\/[a-z][a-z0-9-]*)<\/loc>/)?.[1] ?? '/blog';
  const pages = ['/', '/pricing', '/blog', blogPost, '/about', '/customer-success-stories', '/contact-us'];
  console.log('first-load JS (gzipped, every script fetched while the page loads):');
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    for (const page of pages) {
      const { files, gzipped } = await firstLoadJs(browser, stack.urls.site, page, publicDir);
      console.log(`  ${page.padEnd(50)} ${kib(gzipped)} (${files} files)`);
    }
  } finally {
    await browser.close();
  }
  console.log('Lighthouse (mobile): performance / accessibility / best practices / SEO');
  for (const result of await lighthouseScores(
    ['/', '/pricing', '/blog', blogPost].map((path) => `${stack.urls.site}${path}`),
  )) {
    console.log(
      `  ${new URL(result.url).pathname.padEnd(50)} ${result.performance} / ${result.accessibility} / ${result.bestPractices} / ${result.seo}${result.failing.length ? `   below 90: ${result.failing.join(', ')}` : ''}`,
    );
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
