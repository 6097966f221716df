import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { policyFor, policyManifestFile, securityHeaders } from '../serving/content-security.mjs';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
};

const compressible = new Set(['.html', '.js', '.mjs', '.json', '.css', '.svg', '.txt', '.xml']);

/** Never served: source maps (kept for error reporting only) and the build's policy manifest. */
const private_ = (path) => path.endsWith('.map') || path === `/${policyManifestFile}`;

/** The page policies the build wrote (`_csp.json`), re-read when a new build replaces it. */
function policyManifest(root) {
  let cached;
  return async () => {
    const file = join(root, policyManifestFile);
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    if (cached?.mtimeMs !== info.mtimeMs) {
      cached = { mtimeMs: info.mtimeMs, manifest: JSON.parse(await readFile(file, 'utf8')) };
    }
    return cached.manifest;
  };
}

/** Compressed bodies, as a CDN would serve them; cached by path and modification time. */
const compressedCache = new Map();

async function compressedBody(file, encoding) {
  const info = await stat(file);
  const key = `${encoding}:${file}:${info.mtimeMs}`;
  if (!compressedCache.has(key)) {
    const raw = await readFile(file);
    compressedCache.set(
      key,
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(raw, { level: 9 }),
    );
  }
  return compressedCache.get(key);
}

function preferredEncoding(acceptEncoding = '') {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return undefined;
}

async function fileAt(root, urlPath) {
  const candidate = resolve(root, `.${normalize(urlPath)}`);
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined; // no escaping the root
  for (const path of [candidate, join(candidate, 'index.html'), `${candidate}.html`]) {
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile()) return path;
  }
  return undefined;
}

/**
 * A small static file server applying the rules of ../serving/static-rules.mjs: SPA fallbacks for client-only routes,
 * the not-found page with status 404, cache headers, CORS for the allowed origins (the remote), and the security
 * headers of ../serving/content-security.mjs: each HTML page's Content-Security-Policy as the build wrote it (or scripts from
 * 'self' and calls to `policyOrigins`), nothing of source maps. `production` adds HSTS.
 *
 * `liveLink` (the publisher's `current` symlink, infra/publisher) takes precedence over `root` when it exists:
 * it is resolved once per request, so a request is answered wholly from the release that was live when it
 * arrived, and switching releases (an atomic rename of the link) never shows a half-written site.
 */
export function createStaticServer(options) {
  return createServer(createStaticHandler(options));
}

/** The request handler of `createStaticServer`, for servers that put a gate in front of it (previews). */
export function createStaticHandler({
  root,
  liveLink,
  rules,
  allowedOrigins = [],
  policyOrigins = { connect: [], scripts: [] },
  production = false,
}) {
  const builtRoot = resolve(root);
  const manifests = new Map();
  const manifestOf = (directory) => {
    if (!manifests.has(directory)) manifests.set(directory, policyManifest(directory));
    return manifests.get(directory);
  };
  const alwaysHeaders = securityHeaders({ production });
  return async (request, response) => {
    for (const [name, value] of Object.entries(alwaysHeaders)) response.setHeader(name, value);
    const absoluteRoot = (liveLink && (await realpath(liveLink).catch(() => undefined))) || builtRoot;
    const manifest = manifestOf(absoluteRoot);
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = decodeURIComponent(url.pathname);
      const origin = request.headers.origin;
      if (rules.cors && origin && allowedOrigins.includes(origin)) {
        response.setHeader('Access-Control-Allow-Origin', origin);
      }
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' }).end();
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
        return;
      }

      let status = 200;
      let file = private_(path) ? undefined : await fileAt(absoluteRoot, path);
      if (!file) {
        const fallback = rules.spaFallbacks.find(
          ({ prefix }) => path === prefix || path.startsWith(`${prefix}/`),
        );
        if (fallback) file = await fileAt(absoluteRoot, fallback.file);
      }
      if (!file && rules.notFoundFile) {
        status = 404;
        file = await fileAt(absoluteRoot, rules.notFoundFile);
      }
      if (!file) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const encoding = compressible.has(extname(file))
        ? preferredEncoding(request.headers['accept-encoding'])
        : undefined;
      const headers = {
        'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': status === 404 ? 'no-store' : rules.cacheControl(path),
        Vary: rules.cors ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
      };
      if (extname(file) === '.html') {
        const urlPath = `/${relative(absoluteRoot, file).split(sep).join('/')}`;
        headers['Content-Security-Policy'] = policyFor(await manifest(), urlPath, policyOrigins);
      }
      if (encoding) {
        const body = await compressedBody(file, encoding);
        response.writeHead(status, {
          ...headers,
          'Content-Encoding': encoding,
          'Content-Length': body.length,
        });
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      response.writeHead(status, headers);
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      createReadStream(file).pipe(response);
    } catch {
      if (!response.headersSent) response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Bad request');
    }
  };
}
