import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  allRoutes,
  clientOnlyPrefixes,
  clientOnlyPrefixOf,
  matchRoute,
  pathTo,
} from '@dcipher/shared/routes';
import { remoteRules, siteRules } from '../serving/static-rules.mjs';
import { createStaticServer } from './static-server.mjs';

function fixture(files) {
  const root = mkdtempSync(join(tmpdir(), 'static-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

async function serve(server) {
  server.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  return `http://127.0.0.1:${server.address().port}`;
}

describe('site static server', () => {
  let base;
  let server;
  before(async () => {
    const root = fixture({
      'index.html': 'home',
      '404.html': 'Sorry, the page you are looking for cannot be found.',
      'login/index.html': 'login shell',
      'account/index.html': 'account shell',
      'app-0123456789abcdef0123.js': 'app',
    });
    server = createStaticServer({ root, rules: siteRules });
    base = await serve(server);
  });
  after(() => server.close());

  it('serves pages without a trailing slash', async () => {
    const response = await fetch(`${base}/login`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'login shell');
    assert.match(response.headers.get('cache-control'), /must-revalidate/);
  });

  it('serves the account shell for every client-only account path', async () => {
    for (const path of ['/account', '/account/password', '/account/organization/members']) {
      const response = await fetch(`${base}${path}`);
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), 'account shell');
    }
  });

  it('answers unknown paths with the not-found page and status 404', async () => {
    const response = await fetch(`${base}/no-such-page`);
    assert.equal(response.status, 404);
    assert.equal(await response.text(), 'Sorry, the page you are looking for cannot be found.');
    assert.equal((await fetch(`${base}/accounting`)).status, 404);
  });

  it('caches hashed bundles forever', async () => {
    const response = await fetch(`${base}/app-0123456789abcdef0123.js`);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('does not serve files outside its root', async () => {
    const response = await fetch(`${base}/..%2F..%2Fetc%2Fpasswd`);
    assert.equal(response.status, 404);
  });
});

describe('site static server and the declared routes', () => {
  let base;
  let server;
  before(async () => {
    const shells = Object.fromEntries(
      clientOnlyPrefixes.map(({ prefix }) => [`${prefix.slice(1)}/index.html`, `${prefix} shell`]),
    );
    server = createStaticServer({ root: fixture({ ...shells, '404.html': 'not found' }), rules: siteRules });
    base = await serve(server);
  });
  after(() => server.close());

  it('falls back to exactly the client-only prefixes the routes declare', () => {
    assert.deepEqual(
      siteRules.spaFallbacks.map(({ prefix }) => prefix),
      clientOnlyPrefixes.map(({ prefix }) => prefix),
    );
  });

  it('serves the right shell for every declared route below a client-only prefix', async () => {
    for (const { prefix } of clientOnlyPrefixes) {
      for (const path of [prefix, `${prefix}/some/deeper/path`]) {
        const response = await fetch(`${base}${path}`);
        assert.equal(response.status, 200, path);
        assert.equal(await response.text(), `${prefix} shell`, path);
      }
    }
    const newPassword = await fetch(`${base}/new-password/0123abcd`);
    assert.equal(await newPassword.text(), '/new-password shell');
    assert.equal(matchRoute('/new-password/0123abcd')?.route.id, 'newPassword');
  });
});

describe('site static server and the remote routes with a page of their own', () => {
  // The remote's routes outside the client-only prefixes: each is a page the site's build writes as
  // `<path>/index.html`, read with the query the route declares (a public workflow's page, docs/decisions/0128).
  const ownPages = allRoutes.filter(
    (route) =>
      (route.server.by === 'AuthApp' || route.server.by === 'AccountApp') &&
      !route.path.includes('{') &&
      !clientOnlyPrefixOf(route.path),
  );
  let base;
  let server;
  before(async () => {
    const pages = Object.fromEntries(
      ownPages.map(({ path }) => [`${path.slice(1)}/index.html`, `${path} page`]),
    );
    server = createStaticServer({ root: fixture({ ...pages, '404.html': 'not found' }), rules: siteRules });
    base = await serve(server);
  });
  after(() => server.close());

  it('serves each from its own file, with or without a trailing slash and with its query', async () => {
    for (const { path, query } of ownPages) {
      const search = query ? `?${query.map((name) => `${name}=x`).join('&')}` : '';
      for (const asked of [`${path}${search}`, `${path}/${search}`]) {
        const response = await fetch(`${base}${asked}`);
        assert.equal(response.status, 200, asked);
        assert.equal(await response.text(), `${path} page`, asked);
      }
    }
  });

  it('serves the public link of a workflow, the page the sharing screens show (issue 36)', async () => {
    const link = pathTo('sharedWorkflow', {}, { id: '7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81' });
    assert.equal(link, '/shared/workflow?id=7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81');
    const response = await fetch(`${base}${link}`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), '/shared/workflow page');
    assert.equal(matchRoute(link)?.route.server.by, 'AuthApp');
  });
});

describe('remote static server', () => {
  let base;
  let server;
  before(async () => {
    const root = fixture({ 'mf-manifest.json': '{}', 'remoteEntry.js': 'entry' });
    server = createStaticServer({ root, rules: remoteRules, allowedOrigins: ['http://localhost:8000'] });
    base = await serve(server);
  });
  after(() => server.close());

  it('allows the site origin only, and short-caches the manifest', async () => {
    const allowed = await fetch(`${base}/mf-manifest.json`, { headers: { Origin: 'http://localhost:8000' } });
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'http://localhost:8000');
    assert.equal(allowed.headers.get('cache-control'), 'public, max-age=60');
    const other = await fetch(`${base}/mf-manifest.json`, { headers: { Origin: 'http://evil.test' } });
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  });

  it('answers a missing file with a plain 404', async () => {
    assert.equal((await fetch(`${base}/nope.js`)).status, 404);
  });
});

describe('compression', () => {
  let base;
  let server;
  before(async () => {
    const root = fixture({ 'index.html': '<p>'.repeat(500), 'logo.png': 'binary' });
    server = createStaticServer({ root, rules: siteRules });
    base = await serve(server);
  });
  after(() => server.close());

  it('serves text compressed when the browser accepts it, as a CDN would', async () => {
    const { request } = await import('node:http');
    const encodingOf = (acceptEncoding) =>
      new Promise((done) => {
        request(`${base}/`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
          response.resume();
          done(response.headers['content-encoding']);
        }).end();
      });
    assert.equal(await encodingOf('gzip, deflate, br'), 'br');
    assert.equal(await encodingOf('gzip'), 'gzip');
    assert.equal(await encodingOf('identity'), undefined);
    const text = await (await fetch(`${base}/`)).text();
    assert.equal(text, '<p>'.repeat(500));
  });
});
