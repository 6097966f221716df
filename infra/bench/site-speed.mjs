#!/usr/bin/env node
// Site speed as a visitor's phone sees it (issue 13): Lighthouse with its mobile defaults (simulated slow 4G and
// a 4x slower CPU), the median of 3 runs per page, on content pages, log in, sign up, the account area and a plain static HTML
// reference page that the same server serves in the same run (the reference is what makes figures taken on a
// busy machine comparable). Drives the system Chromium; never downloads a browser.
// Usage: npm run bench:site   (installs, builds for the benchmark's ports, then runs this)
//        node infra/bench/site-speed.mjs [--runs=3] [--pages=/login,/] [--long-tasks] [--reports=DIR]   (after a
//        build for speedBenchEnv's ports; --long-tasks lists each page's long main-thread tasks, --reports writes
//        each run's Lighthouse report to DIR)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot, startStack } from '../local/stack.mjs';
import { launchBenchChromium } from './lighthouse-chromium.mjs';

/** The stack's ports for the benchmark: its own, so it runs beside `npm start` and the browser tests. */
export function speedBenchEnv(env = process.env) {
  return {
    SITE_PORT: env.BENCH_SITE_PORT ?? '18480',
    REMOTE_PORT: env.BENCH_REMOTE_PORT ?? '13481',
    API_PORT: env.BENCH_API_PORT ?? '14481',
  };
}

const referencePath = '/bench-static-reference';

/** A plain static page of about the size of a content page: text, a heading, styles inline, no script. */
function referencePage() {
  const paragraph =
    'Dcipher turns research data into decisions: import interviews, surveys and documents, let the workflows ' +
    'tag and summarise them, and share the insights with the people who need them.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Static reference</title><meta name="description" content="A plain static page measured next to the site.">
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a2e;line-height:1.6}header,main{max-width:60rem;
margin:0 auto;padding:1rem}h1{font-size:2.2rem;line-height:1.2}a{color:#3a2bb8}</style></head>
<body><header><a href="/">Dcipher</a></header><main><h1>AI-powered insight automation</h1>
${Array.from({ length: 8 }, () => `<p>${paragraph}</p>`).join('\n')}
</main></body></html>
`;
}

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};

/** Finds the first object of `type` anywhere in an audit's details. */
function detailsOfType(details, type) {
  if (!details || typeof details !== 'object') return undefined;
  if (details.type === type) return details;
  for (const value of Object.values(details)) {
    const found = detailsOfType(value, type);
    if (found) return found;
  }
  return undefined;
}

/** Longest chain of Lighthouse's critical request tree (network-dependency-tree-insight), the HTML excluded. */
function criticalChainDepth(lhr) {
  const tree = detailsOfType(lhr.audits['network-dependency-tree-insight']?.details, 'network-tree');
  const depth = (chains) =>
    Math.max(0, ...Object.values(chains ?? {}).map((node) => 1 + depth(node.children)));
  return tree ? depth(tree.chains) - 1 : Number.NaN;
}

/**
 * The requests in series after the HTML up to the first request whose URL matches `target`, from the DevTools
 * log. A request waits for the request the parser found it in, for every script on the call stack that issued
 * it, and for the data those scripts fetched first (a fetch that finished before it, issued from a script on its
 * stack: Gatsby's loader reads page-data.json, then loads the page's chunk; the federation runtime reads the
 * manifest, then loads the entry it names). It comes one after the
 * deepest of those; returns the chain's URLs, the HTML excluded (its length is the number of requests in series).
 */
export function seriesChain(devtoolsLog, target) {
  const chainOf = new Map();
  const fetches = new Map(); // requestId -> { issuer, chain, finished }
  let documentSeen = false;
  for (const { method, params } of devtoolsLog) {
    if (method === 'Network.loadingFinished' && fetches.has(params.requestId)) {
      fetches.get(params.requestId).finished = true;
      continue;
    }
    if (method !== 'Network.requestWillBeSent') continue;
    const url = params.request.url;
    if (!documentSeen && params.type === 'Document') {
      documentSeen = true;
      chainOf.set(url, []);
      continue;
    }
    const parents = new Set();
    if (params.initiator?.url) parents.add(params.initiator.url);
    for (let stack = params.initiator?.stack; stack; stack = stack.parent) {
      for (const frame of stack.callFrames ?? []) if (frame.url) parents.add(frame.url);
    }
    const issuer =
      params.initiator?.stack?.callFrames?.find((frame) => frame.url)?.url ?? params.initiator?.url;
    const candidates = [...parents].map((parent) => chainOf.get(parent)).filter(Boolean);
    for (const fetched of fetches.values()) {
      if (fetched.finished && fetched.issuer && parents.has(fetched.issuer)) candidates.push(fetched.chain);
    }
    const deepest = candidates.reduce(
      (longest, chain) => (chain.length > longest.length ? chain : longest),
      [],
    );
    const chain = [...deepest, url];
    if (!chainOf.has(url) || chainOf.get(url).length > chain.length) chainOf.set(url, chain);
    if (params.type === 'Fetch' || params.type === 'XHR') fetches.set(params.requestId, { issuer, chain });
    if (target.test(url)) return chainOf.get(url);
  }
  return undefined;
}

async function measure(chrome, url, { loginChunk }, reportFile) {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    tbt: lhr.audits['total-blocking-time'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    speedIndex: lhr.audits['speed-index'].numericValue,
    // Which element the largest paint was (Lighthouse 13 names it in its LCP breakdown insight).
    lcpElement: detailsOfType(lhr.audits['lcp-breakdown-insight']?.details, 'node')?.nodeLabel,
    // Where the visit ended (an account page opened without a session goes to log in, docs/decisions/0084).
    finalUrl: lhr.finalDisplayedUrl,
    jsKb: jsBytes / 1024,
    requests: requests.length,
    criticalChain: criticalChainDepth(lhr),
    loginChain: loginChunk ? seriesChain(artifacts.DevtoolsLog, loginChunk) : undefined,
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map(
      (task) => `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${task.url}`,
    ),
  };
}

/** The pages measured: fixed routes, and one product page, post and story taken from the built sitemap. */
function pagesToMeasure(publicDir) {
  const sitemap = readFileSync(join(publicDir, 'sitemap.xml'), 'utf8');
  const first = (pattern, fallback) => sitemap.match(pattern)?.[1] ?? fallback;
  return [
    { label: 'static reference', path: referencePath },
    { label: 'home', path: '/' },
    { label: 'pricing', path: '/pricing' },
    {
      label: 'product page',
      path: first(/<loc>[^<]*(\/products\/[a-z0-9-]+)<\/loc>/, '/products/dcipher-studio'),
    },
    { label: 'blog list', path: '/blog' },
    // A post, not a page of the list (/blog/2): post slugs start with a letter.
    { label: 'blog post', path: first(/<loc>[^<]*(\/blog\/[a-z][a-z0-9-]*)<\/loc>/, '/blog') },
    {
      label: 'customer story',
      path: first(
        /<loc>[^<]*(\/customer-success-stories\/[a-z][a-z0-9-]*)<\/loc>/,
        '/customer-success-stories',
      ),
    },
    // The remote's login screen chunk (webpackChunkName "login", content-hashed in production).
    { label: 'login', path: '/login', loginChunk: /\/login\.[0-9a-f]{8}\.js(\?|$)/ },
    // Sign-up's form is in the page's HTML too (docs/decisions/0083).
    { label: 'sign-up', path: '/signup' },
    // The account area as a visitor without a session opens it: the account frame, then the remote sends them
    // to log in (a session cannot be given to Lighthouse's fresh profile).
    { label: 'account', path: '/account' },
  ];
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

function printTable(rows, runs) {
  const columns = [
    ['page', 64, (row) => `${row.label} ${row.path === referencePath ? '' : row.path}`.trim()],
    ['perf', 5, (row) => String(row.score)],
    ['TBT ms', 7, (row) => row.tbt.toFixed(0)],
    ['LCP s', 6, (row) => (row.lcp / 1000).toFixed(2)],
    ['CLS', 6, (row) => row.cls.toFixed(3)],
    ['SI s', 5, (row) => (row.speedIndex / 1000).toFixed(1)],
    ['JS KB', 7, (row) => row.jsKb.toFixed(1)],
    ['reqs', 5, (row) => String(row.requests)],
    ['chain', 6, (row) => (Number.isNaN(row.criticalChain) ? '-' : String(row.criticalChain))],
    ['login in series', 15, (row) => (Number.isNaN(row.loginSeries) ? '' : String(row.loginSeries))],
  ];
  const line = (cells) =>
    cells
      .map((cell, index) => cell.padEnd(columns[index][1]))
      .join(' ')
      .trimEnd();
  console.log(line(columns.map(([title]) => title)));
  for (const row of rows) console.log(line(columns.map(([, , format]) => format(row))));
  console.log(
    `Median of ${runs} runs per page (each metric on its own). JS KB: scripts transferred (compressed), the ` +
      "remote's included. chain: longest critical request chain after the HTML (Lighthouse's network " +
      'dependency tree). login in series: requests in series after the HTML up to the login screen code.',
  );
}

async function main() {
  const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);
  const publicDir = join(repositoryRoot, 'marketing-site', 'public');
  const dataDir = mkdtempSync(join(tmpdir(), 'dcipher-speed-data-'));
  // Served by the site's own server, next to the built pages (removed afterwards).
  const referenceFile = join(publicDir, `${referencePath.slice(1)}.html`);
  writeFileSync(referenceFile, referencePage());
  const stack = await startStack({
    dataDir,
    quiet: true,
    env: speedBenchEnv(process.env),
  });
  const chrome = await launchBenchChromium();
  try {
    // --pages=/login,/pricing measures only those (and the reference), for a quick look while working.
    const only = process.argv
      .find((arg) => arg.startsWith('--pages='))
      ?.slice('--pages='.length)
      .split(',');
    const pages = pagesToMeasure(publicDir).filter(
      (page) => !only || page.path === referencePath || only.includes(page.path),
    );
    console.log(`Dcipher site speed: Lighthouse mobile defaults, ${stack.urls.site}`);
    console.log(`load average at start (1, 5, 15 min): ${load()}`);
    const samples = new Map(pages.map((page) => [page.path, []]));
    const reports = process.argv.find((arg) => arg.startsWith('--reports='))?.slice('--reports='.length);
    if (reports) mkdirSync(reports, { recursive: true });
    const reportFile = (page, run) =>
      reports && join(reports, `${page.label.replace(/\W+/g, '-')}-${run + 1}.json`);
    // Round robin, so a burst of load on the shared machine touches every page, the reference included.
    for (let run = 0; run < runs; run += 1) {
      for (const page of pages) {
        samples
          .get(page.path)
          .push(await measure(chrome, `${stack.urls.site}${page.path}`, page, reportFile(page, run)));
      }
      console.log(`  run ${run + 1}/${runs} done, load average: ${load()}`);
    }
    const rows = pages.map((page) => {
      const results = samples.get(page.path);
      const pick = (key) => median(results.map((result) => result[key]));
      return {
        ...page,
        score: pick('score'),
        tbt: pick('tbt'),
        lcp: pick('lcp'),
        cls: pick('cls'),
        speedIndex: pick('speedIndex'),
        jsKb: pick('jsKb'),
        requests: pick('requests'),
        criticalChain: pick('criticalChain'),
        loginSeries: median(results.map((result) => result.loginChain?.length ?? Number.NaN)),
        loginChain: results.find((result) => result.loginChain)?.loginChain,
      };
    });
    console.log(`load average at end: ${load()}`);
    printTable(rows, runs);
    if (process.argv.includes('--long-tasks')) {
      for (const page of pages) {
        console.log(`${page.path}: long tasks (simulated), last run:`);
        for (const task of samples.get(page.path).at(-1).longTasks) console.log(`  ${task}`);
      }
    }
    // The sign-in pages and the account area: what painted largest, and when the first paint came.
    for (const page of pages.filter((candidate) =>
      ['/login', '/signup', '/account'].includes(candidate.path),
    )) {
      const last = samples.get(page.path).at(-1);
      const ended = new URL(last.finalUrl);
      const elsewhere =
        `${ended.pathname}${ended.search}` === page.path ? '' : `, ended on ${ended.pathname}${ended.search}`;
      console.log(
        `${page.path} (last run${elsewhere}): first contentful paint ${(last.fcp / 1000).toFixed(2)} s; the largest paint was "${last.lcpElement ?? 'unknown'}"`,
      );
    }
    for (const row of rows.filter((candidate) => candidate.loginChain)) {
      console.log(`${row.path}: requests in series after the HTML up to the login screen code (first run):`);
      for (const url of row.loginChain) console.log(`  -> ${url}`);
    }
  } finally {
    await chrome.kill();
    await stack.stop();
    rmSync(referenceFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
