// The production proxy's configuration, derived from the same serving rules as the local static server
// (infra/serving/static-rules.mjs) and the policies the site's build wrote (public/_csp.json): SPA fallbacks, the
// not-found page, cache headers, the security headers and each page's Content-Security-Policy
// (docs/decisions/0032). Nothing here is written by hand per page, so the two servers cannot drift.
//
//   node infra/deploy/nginx-config.mjs <site root> <remote root> [--listen 8080] [--remote-listen 8081]
//        [--remote-origin-allowed https://www.dcipher.io] [--production]
//        [--api-listen 8082 --api-upstream 127.0.0.1:4101 --api-upstream 127.0.0.1:4102]   > nginx.conf
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { policyManifestFile, securityHeaders } from '../serving/content-security.mjs';

const quote = (value) => `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The URL paths a built HTML file answers: `/a/index.html`, `/a/`, `/a`; `/x.html`, `/x`. */
function pathsOf(file) {
  if (file.endsWith('/index.html')) {
    const directory = file.slice(0, -'index.html'.length);
    return [...new Set([file, directory, directory.replace(/\/$/, '') || '/'])];
  }
  return [file, file.replace(/\.html$/, '')];
}

function headerLines(headers, indent) {
  return Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`)
    .join('\n');
}

/**
 * The `http { … }` body for the site and the remote. `site.manifest` is the parsed `_csp.json`; `rules` the
 * site's and remote's rules of static-rules.mjs (only their declarative parts are read: fallbacks, not-found page,
 * CORS, and the cache classes below, which mirror their `cacheControl` functions and are tested against them).
 */
/**
 * The API behind nginx (docs/decisions/0076): an upstream of its replicas, reused connections, idempotent requests
 * retried on the other replica, a replica that fails set aside for a while, the client's address and a request id
 * set at the edge (never taken from the client). `api.upstreams` are `host:port` of the replicas; `api.listen` the
 * address of its own server block (the API keeps its own host, as in every environment).
 */
/**
 * What nginx answers itself on the API's host (docs/decisions/0095): the API's JSON error shape, never nginx's HTML
 * page, for each status nginx may produce there (a replica unreachable or slow, a body over the limit, a request it
 * cannot read). The API's own answers pass through untouched (no proxy_intercept_errors). 494 is nginx's "request
 * header too large", sent as 400.
 */
export const nginxApiErrors = [
  { status: 400, error: 'Bad Request', message: 'The request could not be read' },
  { status: 404, error: 'Not Found', message: 'Not found', code: 'NOT_FOUND' },
  { status: 405, error: 'Method Not Allowed', message: 'This method is not allowed here' },
  { status: 408, error: 'Request Timeout', message: 'The request took too long to arrive' },
  { status: 411, error: 'Length Required', message: 'The request must say its length' },
  { status: 413, error: 'Payload Too Large', message: 'Request body is too large' },
  { status: 414, error: 'URI Too Long', message: 'The request URL is not valid' },
  { status: 494, answered: 400, error: 'Bad Request', message: 'The request headers are too large' },
  { status: 500, error: 'Internal Server Error', message: 'Server error', code: 'INTERNAL' },
  {
    status: 502,
    error: 'Bad Gateway',
    message: 'Dcipher is briefly unavailable. Try again in a moment.',
  },
  {
    status: 503,
    error: 'Service Unavailable',
    message: 'Dcipher is briefly unavailable. Try again in a moment.',
  },
  {
    status: 504,
    error: 'Gateway Timeout',
    message: 'Dcipher took too long to answer. Try again in a moment.',
  },
];

function nginxApiErrorPages() {
  const pages = nginxApiErrors.map(({ status, answered = status, error, message, code }) => {
    // $request_id: the id the request was sent to a replica with, or would have been (decision 0063).
    const body = `{"statusCode":${answered},"error":"${error}","message":"${message}",${code ? `"code":"${code}",` : ''}"requestId":"$request_id"}`;
    return `  error_page ${status} /_dcipher_error/${status};
  location = /_dcipher_error/${status} {
    internal;
    default_type application/json;
    add_header Cache-Control "no-store" always;
    return ${answered} ${quote(body)};
  }`;
  });
  return pages.join('\n');
}

export function nginxApiConfig({ listen, upstreams, proxySecret, maxBodyBytes = 80 * 1024 * 1024 }) {
  if (proxySecret !== undefined && !/^[\x21-\x7e]{32,256}$/.test(proxySecret)) {
    throw new Error('The proxy secret must be 32 to 256 printable characters without spaces');
  }
  return `upstream dcipher_api {
${upstreams.map((address) => `  server ${address} max_fails=2 fail_timeout=5s;`).join('\n')}
  # Connections to the replicas are kept and reused (HTTP/1.1, an empty Connection header below); the API keeps an
  # idle connection 72 s, longer than nginx does, so nginx never reuses one the API has just closed. nginx closes an
  # idle one after 4 s, within a replica's SIGTERM drain (SHUTDOWN_DRAIN_SECONDS, 5 s): by the drain's end nginx
  # has closed every connection the drain's "Connection: close" answers did not, so the replica closes none that
  # nginx might be sending on (docs/decisions/0077). Under load a connection is never idle that long.
  keepalive 32;
  keepalive_timeout 4s;
}

server {
  listen ${listen};
  # No version in the Server header (decision 0095).
  server_tokens off;
  # Workflow uploads are multipart, a file and a small envelope (decisions 0071, 0114); the API checks each route's own limit.
  client_max_body_size ${maxBodyBytes};
  gzip on;
  gzip_types application/json;
${nginxApiErrorPages()}
  location / {
    proxy_pass http://dcipher_api;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    # Replaced, not appended to: the API believes X-Forwarded-For from nginx's address only (TRUSTED_PROXIES).
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    # Made here for every request; the API logs it and answers it (decision 0063).
    proxy_set_header X-Request-Id $request_id;${
      proxySecret === undefined
        ? ''
        : `
    # nginx proves itself to the replicas: on one machine any local process shares its address (decision 0095).
    proxy_set_header X-Dcipher-Proxy-Secret ${quote(proxySecret)};`
    }
    # A replica that refuses the connection, resets it or answers 502/503/504 is skipped: idempotent requests go to
    # the next replica, and so does any request nginx could not send at all. A POST that reached a replica is never
    # sent twice (nginx's default; the API's idempotency keys cover a client's own retry).
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 2;
    proxy_next_upstream_timeout 15s;
    proxy_connect_timeout 2s;
    proxy_read_timeout 60s;
  }
}
`;
}

export function nginxConfig({ site, remote, api, production = false }) {
  const headers = securityHeaders({ production });
  // A path two files answer (`/404` for 404.html and 404/index.html, as Gatsby writes both) is listed once, with
  // the policy of the file nginx serves for it (try_files tries the directory before `.html`): nginx refuses a map
  // with a key twice.
  const policyOfPath = new Map();
  const pages = Object.entries(site.manifest.pages ?? {});
  const indexFirst = [
    ...pages.filter(([file]) => file.endsWith('/index.html')),
    ...pages.filter(([file]) => !file.endsWith('/index.html')),
  ];
  for (const [file, policy] of indexFirst) {
    for (const path of pathsOf(file)) if (!policyOfPath.has(path)) policyOfPath.set(path, policy);
  }
  const pagePolicies = [...policyOfPath].map(([path, policy]) => `    ${quote(path)} ${quote(policy)};`);
  const fallbacks = site.rules.spaFallbacks
    .map(
      ({ prefix, file }) =>
        `  location ${prefix}/ {\n    try_files $uri $uri/ $uri.html ${file};\n  }\n  location = ${prefix} {\n    try_files $uri/ ${file};\n  }`,
    )
    .join('\n');
  return `# Generated by infra/deploy/nginx-config.mjs from infra/serving/static-rules.mjs and the site build's ${policyManifestFile}.
# A real build's page paths and policies are longer than nginx's default map buckets take.
map_hash_bucket_size 256;
map_hash_max_size 8192;
map $uri $dcipher_site_policy {
  default "";
  "~\\.html$" ${quote(site.manifest.fallback ?? "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")};
${pagePolicies.join('\n')}
}
map $uri $dcipher_site_cache {
  "~^/static/" "public, max-age=31536000, immutable";
  "~-[0-9a-f]{20}\\.js$" "public, max-age=31536000, immutable";
  default "public, max-age=0, must-revalidate";
}
map $uri $dcipher_remote_cache {
  "~\\.[0-9a-f]{8}\\.(js|svg|png|css)$" "public, max-age=31536000, immutable";
  default "public, max-age=60";
}
map $http_origin $dcipher_remote_cors {
  default "";
${remote.allowedOrigins.map((origin) => `  ${quote(origin)} ${quote(origin)};`).join('\n')}
}

server {
  listen ${site.listen};
  server_tokens off;
  root ${resolve(site.root)};
  index index.html;
  charset utf-8;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml text/xml text/plain;
${headerLines(headers, '  ')}
  add_header Cache-Control $dcipher_site_cache always;
  add_header Content-Security-Policy $dcipher_site_policy always;
  error_page 404 ${site.rules.notFoundFile};
  location = ${site.rules.notFoundFile} {
    internal;
    add_header Cache-Control "no-store" always;
${headerLines(headers, '    ')}
    add_header Content-Security-Policy $dcipher_site_policy always;
  }
  # Source maps and the build's policy manifest are never served.
  location ~ \\.map$ { return 404; }
  location = /${policyManifestFile} { return 404; }
${fallbacks}
  location / {
    try_files $uri $uri/ $uri.html =404;
  }
}

server {
  listen ${remote.listen};
  server_tokens off;
  root ${resolve(remote.root)};
  index index.html;
  charset utf-8;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml;
${headerLines(headers, '  ')}
  add_header Cache-Control $dcipher_remote_cache always;
  add_header Content-Security-Policy ${quote(remote.policy)} always;
  add_header Access-Control-Allow-Origin $dcipher_remote_cors always;
  add_header Vary "Origin, Accept-Encoding" always;
  location ~ \\.map$ { return 404; }
  location / {
    try_files $uri $uri/ =404;
  }
}
${api ? nginxApiConfig(api) : ''}`;
}

/** A whole nginx.conf (for `nginx -c`), with its pid and logs under `prefix`. */
export function nginxMainConfig({ prefix, http }) {
  return `daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
${http}
}
`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : fallback;
  };
  const [siteRoot, remoteRoot] = args.filter(
    (arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'),
  );
  if (!siteRoot || !remoteRoot) {
    console.error(
      'usage: nginx-config.mjs <site root> <remote root> [--listen 8080] [--remote-listen 8081] [--remote-origin-allowed URL] [--api-origin URL] [--api-listen PORT --api-upstream HOST:PORT...] [--production]',
    );
    process.exit(2);
  }
  const { siteRules, remoteRules } = await import('../serving/static-rules.mjs');
  const { contentSecurityPolicy } = await import('../serving/content-security.mjs');
  const manifest = JSON.parse(readFileSync(join(siteRoot, policyManifestFile), 'utf8'));
  const apiUpstreams = args.flatMap((arg, index) => (args[index - 1] === '--api-upstream' ? [arg] : []));
  const apiListen = option('--api-listen', undefined);
  process.stdout.write(
    nginxConfig({
      production: args.includes('--production'),
      ...(apiListen && apiUpstreams.length > 0 && { api: { listen: apiListen, upstreams: apiUpstreams } }),
      site: { root: siteRoot, listen: option('--listen', '8080'), rules: siteRules, manifest },
      remote: {
        root: remoteRoot,
        listen: option('--remote-listen', '8081'),
        rules: remoteRules,
        allowedOrigins: [option('--remote-origin-allowed', 'http://localhost:8080')],
        policy: contentSecurityPolicy({
          origins: { connect: [option('--api-origin', 'http://localhost:4000')], scripts: [] },
        }),
      },
    }),
  );
}
