// Content-Security-Policy and the other security headers of the site and the remote, in one place: the site's
// build writes each page's policy with `secureBuiltPages`, and every server of the built files (the local static
// server, a production proxy) sends `securityHeaders(...)` and the policy the build wrote. docs/decisions/0032.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** Where the site's build writes each page's policy, inside the served root (hashes of public scripts only). */
export const policyManifestFile = '_csp.json';

/** Headers every answer of the site and the remote carries; HSTS only where TLS ends in front of it. */
export function securityHeaders({ production = false } = {}) {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
    ...(production && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
  };
}

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * The origins a page may talk to, from the browser configuration the build used: the API, the account remote,
 * and the analytics, error-reporting and affiliate hosts only when they are configured (they load after consent).
 */
export function allowedOrigins(config) {
  const connect = [config.apiBaseUrl, config.accountRemoteUrl];
  const scripts = [config.accountRemoteUrl];
  if (config.analyticsKey) {
    connect.push(config.analyticsHost);
    scripts.push(config.analyticsHost);
  }
  if (config.sentryDsn) connect.push(config.sentryDsn);
  if (config.affiliateEnabled && config.affiliateScriptUrl) scripts.push(config.affiliateScriptUrl);
  const frames = [];
  if (config.paymentsProvider === 'stripe') {
    // Stripe.js and its card fields, each a frame of Stripe's (docs/decisions/0043).
    scripts.push('https://js.stripe.com');
    connect.push('https://api.stripe.com');
    frames.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }
  const origins = (urls) => [...new Set(urls.map(originOf).filter(Boolean))];
  // The remote's screens show its own images and fonts.
  return {
    connect: origins(connect),
    scripts: origins(scripts),
    assets: origins([config.accountRemoteUrl]),
    frames: origins(frames),
  };
}

/**
 * A strict policy: scripts run only when their hash is listed or a trusted script added them ('strict-dynamic'
 * — the federation runtime, lazy chunks, consented analytics); the host list is the fallback of browsers without
 * CSP 3 and is ignored by the others. Styles may be inline (Emotion writes them at run time; a style cannot run
 * code). No plugins, no <base>, no framing, forms post only to this site.
 */
export function contentSecurityPolicy({ scriptHashes = [], origins = { connect: [], scripts: [] } }) {
  const assets = origins.assets ?? [];
  const scriptSources =
    scriptHashes.length > 0
      ? ["'strict-dynamic'", ...scriptHashes.map((hash) => `'${hash}'`), "'self'", ...origins.scripts]
      : ["'self'", ...origins.scripts];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", 'data:', 'blob:', ...assets].join(' ')}`,
    `font-src ${["'self'", 'data:', ...assets].join(' ')}`,
    `connect-src ${["'self'", ...origins.connect].join(' ')}`,
    "worker-src 'self' blob:",
    `frame-src ${(origins.frames ?? []).length > 0 ? origins.frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const scriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * An ES5 function expression that calls `run` once the page's first contentful paint has been presented (the
 * browser's own paint timing), at once where that cannot be known (a hidden tab paints nothing; a browser without
 * paint timing), and after 3 s at the latest. `marketing-site/src/first-view/remote-preload.tsx` carries the same
 * function for the sign-in pages' head start. docs/decisions/0084.
 */
export const afterFirstPaintFunction =
  'function(run){var done=0,P=window.PerformanceObserver,types=P&&P.supportedEntryTypes,o;' +
  'function go(){if(!done){done=1;run()}}' +
  'if(document.visibilityState!=="visible"||!types||types.indexOf("paint")<0)return go();' +
  'try{o=new P(function(list){var e=list.getEntries(),j;for(j=0;j<e.length;j++)if(e[j].name==="first-contentful-paint"){o.disconnect();setTimeout(go,0)}});' +
  'o.observe({type:"paint",buffered:true})}catch(x){return go()}' +
  'setTimeout(go,3000)}';

/**
 * The inline loader that stands for the page's external scripts: it adds them (async) once the page's first paint
 * is on screen. A script fetched before the first paint, even one run after it, is counted by Lighthouse's
 * simulation as needed for that paint (its largest paint then moved from 0.9 s to 2.1 s from one run to the
 * next, with the race between the paint and the downloads on the measuring machine); on a phone the page's
 * HTML paints in a few frames and its scripts start downloading then (docs/decisions/0084).
 */
export function scriptLoader(sources) {
  return (
    '<script>(function(s,afterFirstPaint){' +
    'afterFirstPaint(function(){s.forEach(function(src){var e=document.createElement("script");e.src=src;e.async=true;document.head.appendChild(e)})})' +
    `})(${JSON.stringify(sources)},${afterFirstPaintFunction})</script>`
  );
}

const sha256 = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/**
 * Makes one built page work under a hash-based strict policy: the external `<script src async>` tags Gatsby
 * writes are replaced by one inline loader that adds them (allowed through 'strict-dynamic', async, after the
 * first paint: `scriptLoader`), and every inline script's hash is returned for the policy.
 */
export function securePage(html) {
  const external = [];
  const marker = '\u0000dcipher-script-loader\u0000';
  let rewritten = html.replace(scriptPattern, (tag, attributes, body) => {
    const src = /\bsrc\s*=\s*"?([^"\s>]+)"?/i.exec(attributes)?.[1];
    if (!src || body.trim() !== '' || /\btype\s*=\s*"?module/i.test(attributes)) return tag;
    external.push(src);
    // The loader goes where the first of them was.
    return external.length === 1 ? marker : '';
  });
  if (external.length > 0) {
    rewritten = rewritten.replace(marker, scriptLoader(external));
  }
  const scriptHashes = [];
  for (const [, attributes, body] of rewritten.matchAll(scriptPattern)) {
    if (/\bsrc\s*=/i.test(attributes)) {
      throw new Error(`an external script is left that the policy would block: <script${attributes}>`);
    }
    scriptHashes.push(sha256(body));
  }
  return { html: rewritten, scriptHashes: [...new Set(scriptHashes)] };
}

async function* filesUnder(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

const urlPathOf = (root, file) => `/${relative(root, file).split(sep).join('/')}`;

/**
 * After a build: moves source maps out of the served root into `sourceMapsDir` (kept for error reporting, never
 * public) and drops the comments pointing at them. With `config` (the site), also rewrites every HTML page for the
 * strict policy and writes each page's policy, and one for anything else, to `root/_csp.json`. Returns counts for
 * the build's log.
 */
export async function secureBuild({ root, sourceMapsDir, config }) {
  const origins = config && allowedOrigins(config);
  const pages = {};
  let sourceMaps = 0;
  for await (const file of filesUnder(root)) {
    if (file.endsWith('.map')) {
      const target = join(sourceMapsDir, relative(root, file));
      await mkdir(dirname(target), { recursive: true });
      await rename(file, target);
      sourceMaps += 1;
    } else if (file.endsWith('.js') || file.endsWith('.css')) {
      const source = await readFile(file, 'utf8');
      const stripped = source.replace(/\n?\/[/*]# sourceMappingURL=[^\s*]+(?: \*\/)?\s*$/, '\n');
      if (stripped !== source) await writeFile(file, stripped);
    } else if (origins && file.endsWith('.html')) {
      const { html, scriptHashes } = securePage(await readFile(file, 'utf8'));
      await writeFile(file, html);
      pages[urlPathOf(root, file)] = contentSecurityPolicy({ scriptHashes, origins });
    }
  }
  if (origins) {
    const manifest = { pages, fallback: contentSecurityPolicy({ origins }) };
    await writeFile(join(root, policyManifestFile), JSON.stringify(manifest));
  }
  return { pages: Object.keys(pages).length, sourceMaps };
}

/**
 * The policy of a served HTML file: the one the build wrote for it, else the build's fallback, else (a build
 * that wrote none, such as the remote's) scripts from 'self' only and calls to `origins`.
 */
export function policyFor(manifest, urlPath, origins = { connect: [], scripts: [] }) {
  return manifest?.pages?.[urlPath] ?? manifest?.fallback ?? contentSecurityPolicy({ origins });
}

/** The sources one directive of `policy` allows, with CSP's fallbacks; undefined when nothing restricts it. */
function sourcesOf(policy, names) {
  const directives = new Map();
  for (const part of String(policy).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  for (const name of [...names, 'script-src', 'default-src']) {
    if (directives.has(name)) return directives.get(name);
  }
  return undefined;
}

/** Script types the browser runs (anything else, JSON or JSON-LD, is a data block no policy applies to). */
const runnable = (attributes) => {
  const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
  return (
    value === '' ||
    value === 'module' ||
    /^(?:text|application)\/(?:x-)?(?:javascript|ecmascript)$/.test(value)
  );
};

const attribute = (attributes, name) => {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
};

const hashesIn = (sources) =>
  new Set(
    sources.filter((source) => /^'sha(?:256|384|512)-[^']+'$/i.test(source)).map((s) => s.slice(1, -1)),
  );

function digestsOf(text) {
  return ['sha256', 'sha384', 'sha512'].map(
    (algorithm) => `${algorithm}-${createHash(algorithm).update(text, 'utf8').digest('base64')}`,
  );
}

/** Whether a `src` URL matches the policy's 'self', scheme or host sources (without 'strict-dynamic'). */
function urlAllowed(src, sources) {
  const self = 'https://self.invalid';
  let url;
  try {
    url = new URL(src, `${self}/`);
  } catch {
    return false;
  }
  if (url.origin === self) return sources.includes("'self'") || sources.includes('*');
  return sources.some((source) => {
    if (source === '*') return /^https?:$/.test(url.protocol);
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return url.protocol === source.toLowerCase();
    if (source.startsWith("'")) return false;
    try {
      const allowed = new URL(source.includes('://') ? source : `${url.protocol}//${source}`);
      return (
        allowed.origin === url.origin &&
        (allowed.pathname === '/' || url.pathname.startsWith(allowed.pathname))
      );
    } catch {
      return false;
    }
  });
}

/**
 * The scripts of one HTML page that its policy would block, as a browser applies CSP 3: an inline script runs
 * when its hash (or nonce) is listed ('unsafe-inline' counts only without hashes, nonces and 'strict-dynamic'); an
 * external one when its nonce or integrity hash is listed or, without 'strict-dynamic', its URL matches 'self' or a
 * listed host; event-handler attributes and `javascript:` URLs only with 'unsafe-inline' alone. Data blocks (JSON,
 * JSON-LD) are not scripts. Answers one line per blocked script.
 */
export function blockedScripts(html, policy) {
  const blocked = [];
  const elementSources = sourcesOf(policy, ['script-src-elem']);
  const attributeSources = sourcesOf(policy, ['script-src-attr']);
  const loose = (sources) =>
    sources.includes("'unsafe-inline'") &&
    !sources.includes("'strict-dynamic'") &&
    hashesIn(sources).size === 0 &&
    !sources.some((source) => /^'nonce-/i.test(source));
  const nonceListed = (sources, attributes) => {
    const nonce = attribute(attributes, 'nonce');
    return Boolean(nonce) && sources.includes(`'nonce-${nonce}'`);
  };
  for (const [tag, attributes, body] of html.matchAll(scriptPattern)) {
    if (!elementSources || !runnable(attributes)) continue;
    const opening = tag.slice(0, tag.indexOf('>') + 1);
    const hashes = hashesIn(elementSources);
    const src = attribute(attributes, 'src');
    let allowed = nonceListed(elementSources, attributes);
    if (!allowed && src === undefined) {
      allowed = loose(elementSources) || digestsOf(body).some((digest) => hashes.has(digest));
    } else if (!allowed) {
      const integrity = (attribute(attributes, 'integrity') ?? '').split(/\s+/).filter(Boolean);
      allowed =
        (integrity.length > 0 && integrity.every((digest) => hashes.has(digest))) ||
        (!elementSources.includes("'strict-dynamic'") && urlAllowed(src, elementSources));
    }
    if (!allowed) blocked.push(`${opening}${src === undefined ? `${body.slice(0, 60)}…` : ''}`);
  }
  if (attributeSources && !loose(attributeSources)) {
    const markup = html.replace(scriptPattern, '').replace(/<!--[\s\S]*?-->/g, '');
    for (const [tag] of markup.matchAll(/<[a-z][^>]*>/gi)) {
      if (/\son[a-z]+\s*=/i.test(tag) || /=\s*["']?\s*javascript:/i.test(tag))
        blocked.push(tag.slice(0, 120));
    }
  }
  return blocked;
}

/**
 * Checks a built site before it is served: every HTML page's scripts against the policy the server will send
 * for it (`policyFor` with the page's entry in `_csp.json`, exactly as the static server does). Answers the
 * problems, one per blocked script ("<page>: <script …>"); an empty list means every page's scripts may run.
 */
export async function checkBuiltPages(root, { policyOrigins } = {}) {
  const manifestFile = join(root, policyManifestFile);
  const manifest = (await stat(manifestFile).catch(() => undefined))
    ? JSON.parse(await readFile(manifestFile, 'utf8'))
    : undefined;
  const problems = [];
  for await (const file of filesUnder(root)) {
    if (!file.endsWith('.html')) continue;
    const urlPath = urlPathOf(root, file);
    const policy = policyFor(manifest, urlPath, policyOrigins);
    for (const script of blockedScripts(await readFile(file, 'utf8'), policy)) {
      problems.push(`${urlPath}: ${script}`);
    }
  }
  return problems;
}

/** Throws, naming the first problems, unless every page's scripts are allowed by its policy. */
export async function assertPagesRun(root, options) {
  const problems = await checkBuiltPages(root, options);
  if (problems.length > 0) {
    throw new Error(
      `${problems.length} script(s) in ${root} would be blocked by their page's Content-Security-Policy ` +
        `(was the build secured with secure-build.mjs?): ${problems.slice(0, 3).join('; ')}`,
    );
  }
}
