import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

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
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

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
 * A small static file server applying the rules of static-rules.mjs: SPA fallbacks for client-only routes,
 * the not-found page with status 404, cache headers, and CORS for the allowed origins (the remote).
 */
export function createStaticServer({ root, rules, allowedOrigins = [] }) {
  const absoluteRoot = resolve(root);
  return createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = decodeURIComponent(url.pathname);
      const origin = request.headers.origin;
      if (rules.cors && origin && allowedOrigins.includes(origin)) {
        response.setHeader('Access-Control-Allow-Origin', origin);
        response.setHeader('Vary', 'Origin');
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
      let file = await fileAt(absoluteRoot, path);
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
      response.writeHead(status, {
        'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': status === 404 ? 'no-store' : rules.cacheControl(path),
        'X-Content-Type-Options': 'nosniff',
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      createReadStream(file).pipe(response);
    } catch {
      if (!response.headersSent) response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Bad request');
    }
  });
}
