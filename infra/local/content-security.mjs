// Content-Security-Policy and the other security headers of the site and the remote, in one place: the site's
// build writes each page's policy with `secureBuiltPages`, and every server of the built files (the local static
// server, a production proxy) sends `securityHeaders(...)` and the policy the build wrote. docs/decisions/0032.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
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
const sha256 = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/**
 * Makes one built page work under a hash-based strict policy: the external `<script src async>` tags Gatsby
 * writes are replaced by one inline loader that adds them (allowed through 'strict-dynamic', same async
 * semantics), and every inline script's hash is returned for the policy.
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
    const loader = `<script>${JSON.stringify(external)}.forEach(function(s){var e=document.createElement("script");e.src=s;e.async=true;document.head.appendChild(e)})</script>`;
    rewritten = rewritten.replace(marker, loader);
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
