import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaticServer } from '../local/static-server.mjs';
import { contentSecurityPolicy, secureBuild } from '../serving/content-security.mjs';
import { remoteRules, siteRules } from '../serving/static-rules.mjs';
import { nginxApiConfig, nginxConfig, nginxMainConfig } from './nginx-config.mjs';

/**
 * The production proxy and the local static server serve one build the same way: same status, same
 * Content-Security-Policy per page, same cache and security headers, nothing of source maps or the manifest.
 * Runs a real nginx (Debian's package; `.ci/run` installs it) on loopback ports.
 */
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (candidate) => spawnSync(candidate, ['-v']).status === 0,
);
if (!nginx && process.env.DCIPHER_TEST_REQUIRE_NGINX === '1') {
  throw new Error('nginx is required here (sudo apt-get install nginx-light)');
}

const freePort = () =>
  new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });

const page = (path) =>
  `<!DOCTYPE html><html><head><script>window.pagePath="${path}";</script></head><body><div id="___gatsby"></div>` +
  '<script src="/webpack-runtime-1.js" async></script><script src="/app-0123456789abcdef0123.js" async></script></body></html>';

describe('nginx serves the build as the local static server does', {
  skip: !nginx && 'nginx is not installed',
}, () => {
  let work;
  let child;
  let nginxSite;
  let nginxRemote;
  let localSite;
  let localRemote;
  const servers = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'nginx-parity-'));
    const site = join(work, 'site');
    const remote = join(work, 'remote');
    for (const directory of [
      site,
      join(site, 'login'),
      join(site, 'account'),
      join(site, 'shared', 'workflow'),
      join(site, 'static'),
      remote,
    ]) {
      mkdirSync(directory, { recursive: true });
    }
    writeFileSync(join(site, 'index.html'), page('/'));
    writeFileSync(join(site, 'login', 'index.html'), page('/login/'));
    writeFileSync(join(site, 'account', 'index.html'), page('/account/'));
    // A page below a folder, read with a query: a public workflow's (docs/decisions/0128).
    writeFileSync(join(site, 'shared', 'workflow', 'index.html'), page('/shared/workflow/'));
    writeFileSync(join(site, '404.html'), page('/404/'));
    writeFileSync(
      join(site, 'app-0123456789abcdef0123.js'),
      'console.log(1)\n//# sourceMappingURL=app.js.map',
    );
    writeFileSync(join(site, 'app-0123456789abcdef0123.js.map'), '{}');
    writeFileSync(join(site, 'static', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(remote, 'index.html'), '<script defer src="main.js"></script>');
    writeFileSync(join(remote, 'mf-manifest.json'), '{}');
    writeFileSync(join(remote, 'main.0123abcd.js'), 'console.log(2)');
    const config = {
      apiBaseUrl: 'https://api.dcipher.io',
      accountRemoteUrl: 'https://account.dcipher.io',
      analyticsHost: 'https://eu.posthog.example',
      affiliateEnabled: false,
    };
    await secureBuild({ root: site, sourceMapsDir: join(work, 'maps'), config });
    chmodSync(work, 0o755);

    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const siteOrigin = `http://127.0.0.1:${ports[2]}`;
    const remotePolicyOrigins = { connect: ['https://api.dcipher.io'], scripts: [] };
    const http = nginxConfig({
      site: {
        root: site,
        listen: `127.0.0.1:${ports[0]}`,
        rules: siteRules,
        manifest: JSON.parse(readFileSync(join(site, '_csp.json'), 'utf8')),
      },
      remote: {
        root: remote,
        listen: `127.0.0.1:${ports[1]}`,
        rules: remoteRules,
        allowedOrigins: [siteOrigin],
        policy: contentSecurityPolicy({ origins: remotePolicyOrigins }),
      },
    });
    const prefix = join(work, 'nginx');
    mkdirSync(prefix, { mode: 0o777 });
    writeFileSync(join(prefix, 'nginx.conf'), nginxMainConfig({ prefix, http }));
    const check = spawnSync(nginx, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], {
      encoding: 'utf8',
    });
    assert.equal(check.status, 0, check.stderr);
    child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    nginxSite = `http://127.0.0.1:${ports[0]}`;
    nginxRemote = `http://127.0.0.1:${ports[1]}`;

    const site_ = createStaticServer({ root: site, rules: siteRules });
    const remote_ = createStaticServer({
      root: remote,
      rules: remoteRules,
      allowedOrigins: [siteOrigin],
      policyOrigins: remotePolicyOrigins,
    });
    site_.listen(ports[2], '127.0.0.1');
    remote_.listen(ports[3], '127.0.0.1');
    servers.push(site_, remote_);
    localSite = siteOrigin;
    localRemote = `http://127.0.0.1:${ports[3]}`;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (
        await fetch(nginxSite).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((done) => setTimeout(done, 100));
    }
  });

  after(() => {
    child?.kill('SIGTERM');
    for (const server of servers) server.close();
    rmSync(work, { recursive: true, force: true });
  });

  const compared = [
    'content-security-policy',
    'cache-control',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'permissions-policy',
  ];

  it('answers every site path with the same status and headers', async () => {
    for (const path of [
      '/',
      '/login',
      '/login/',
      '/account/password',
      '/shared/workflow?id=7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81',
      '/shared/workflow/?id=7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81',
      '/nowhere',
      '/app-0123456789abcdef0123.js',
      '/static/logo.svg',
      '/app-0123456789abcdef0123.js.map',
      '/_csp.json',
    ]) {
      const [fromNginx, fromLocal] = await Promise.all([
        fetch(`${nginxSite}${path}`),
        fetch(`${localSite}${path}`),
      ]);
      assert.equal(fromNginx.status, fromLocal.status, `${path} status`);
      if (fromLocal.status >= 400 && path !== '/nowhere') continue;
      for (const header of compared) {
        assert.equal(fromNginx.headers.get(header), fromLocal.headers.get(header), `${path} ${header}`);
      }
    }
    const shared = await fetch(`${nginxSite}/shared/workflow?id=f1`);
    assert.equal(shared.status, 200);
    assert.match(await shared.text(), /window\.pagePath="\/shared\/workflow\/"/);
    const login = await fetch(`${nginxSite}/login`);
    assert.match(login.headers.get('content-security-policy') ?? '', /'strict-dynamic' 'sha256-/);
    // No version in the Server header, on a page or an error (decision 0095).
    for (const path of ['/login', '/nowhere', '/app-0123456789abcdef0123.js.map']) {
      assert.equal((await fetch(`${nginxSite}${path}`)).headers.get('server'), 'nginx', path);
    }
  });

  it('answers the remote the same way, CORS for the site only', async () => {
    for (const path of ['/', '/mf-manifest.json', '/main.0123abcd.js']) {
      const headers = { origin: localSite };
      const [fromNginx, fromLocal] = await Promise.all([
        fetch(`${nginxRemote}${path}`, { headers }),
        fetch(`${localRemote}${path}`, { headers }),
      ]);
      assert.equal(fromNginx.status, fromLocal.status, path);
      for (const header of ['cache-control', 'x-content-type-options', 'access-control-allow-origin']) {
        assert.equal(fromNginx.headers.get(header), fromLocal.headers.get(header), `${path} ${header}`);
      }
    }
    const foreign = await fetch(`${nginxRemote}/mf-manifest.json`, {
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
  });
});

/**
 * nginx in front of API replicas (issue 26 point 2, docs/decisions/0076). The replicas here are two small HTTP
 * servers that record what reaches them (how nginx behaves is what is tested, not the API).
 */
describe('nginx in front of two API replicas', { skip: !nginx && 'nginx is not installed' }, () => {
  const proxySecret = 'p'.repeat(48);
  let work;
  let child;
  let edge;
  const replicas = [];

  /** A replica: records each request (its connection, headers, method) and answers as `answer` says. */
  function startReplica(name) {
    const replica = { name, seen: [], connections: new Set(), answer: () => ({ status: 200 }) };
    let nextConnection = 0;
    replica.server = createHttpServer((request, response) => {
      request.resume();
      request.on('end', () => {
        replica.seen.push({
          method: request.method,
          connection: request.socket.connectionId,
          requestId: request.headers['x-request-id'],
          forwardedFor: request.headers['x-forwarded-for'],
          proxySecret: request.headers['x-dcipher-proxy-secret'],
        });
        const { status } = replica.answer(request);
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ replica: name }));
      });
    });
    replica.server.keepAliveTimeout = 72_000;
    replica.server.on('connection', (socket) => {
      nextConnection += 1;
      socket.connectionId = `${name}-${nextConnection}`;
      replica.connections.add(socket);
      socket.on('close', () => replica.connections.delete(socket));
    });
    return replica;
  }

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'nginx-api-'));
    chmodSync(work, 0o755);
    const [edgePort, portA, portB] = await Promise.all([freePort(), freePort(), freePort()]);
    for (const [name, port] of [
      ['a', portA],
      ['b', portB],
    ]) {
      const replica = startReplica(name);
      await new Promise((done) => replica.server.listen(port, '127.0.0.1', done));
      replica.port = port;
      replicas.push(replica);
    }
    const prefix = join(work, 'nginx');
    mkdirSync(prefix, { mode: 0o777 });
    const http = nginxApiConfig({
      listen: `127.0.0.1:${edgePort}`,
      upstreams: replicas.map((replica) => `127.0.0.1:${replica.port}`),
      proxySecret,
      maxBodyBytes: 64 * 1024,
    });
    writeFileSync(join(prefix, 'nginx.conf'), nginxMainConfig({ prefix, http }));
    const check = spawnSync(nginx, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], {
      encoding: 'utf8',
    });
    assert.equal(check.status, 0, check.stderr);
    child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    edge = `http://127.0.0.1:${edgePort}`;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (
        await fetch(`${edge}/health`).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((done) => setTimeout(done, 100));
    }
  });

  after(() => {
    child?.kill('SIGTERM');
    for (const replica of replicas) {
      replica.server.close();
      for (const socket of replica.connections) socket.destroy();
    }
    rmSync(work, { recursive: true, force: true });
  });

  const reset = () => {
    for (const replica of replicas) {
      replica.seen.length = 0;
      replica.answer = () => ({ status: 200 });
    }
  };
  const seen = () => replicas.flatMap((replica) => replica.seen);

  it('reuses its connections to the replicas, sets the client address and a request id of its own', async () => {
    reset();
    for (let index = 0; index < 40; index += 1) {
      const response = await fetch(`${edge}/account`, {
        headers: { 'x-forwarded-for': '203.0.113.66', 'x-request-id': 'chosen-by-the-client' },
      });
      assert.equal(response.status, 200);
    }
    const requests = seen();
    assert.equal(requests.length, 40);
    assert.ok(new Set(requests.map((request) => request.connection)).size <= 4, 'connections reused');
    for (const request of requests) {
      assert.equal(request.forwardedFor, '127.0.0.1', 'the client cannot choose its address');
      assert.equal(request.proxySecret, proxySecret, 'nginx proves itself to the replicas (decision 0095)');
      assert.match(request.requestId ?? '', /^[0-9a-f]{32}$/, 'an id made at the edge');
    }
    assert.equal(new Set(requests.map((request) => request.requestId)).size, 40);
    assert.ok(
      replicas.every((replica) => replica.seen.length > 0),
      'both replicas take requests',
    );
  });

  it('retries an idempotent request on the other replica when one answers 503, never a POST that reached one', async () => {
    reset();
    replicas[0].answer = () => ({ status: 503 });
    for (let index = 0; index < 10; index += 1) {
      assert.equal((await fetch(`${edge}/account`)).status, 200);
    }
    const posted = [];
    for (let index = 0; index < 10; index += 1) {
      posted.push((await fetch(`${edge}/contact-requests`, { method: 'POST', body: '{}' })).status);
    }
    const posts = seen().filter((request) => request.method === 'POST');
    assert.equal(posts.length, 10, 'each POST reached one replica once');
    assert.ok(posted.every((status) => status === 200 || status === 503));
  });

  it('sends every request, POSTs included, to the other replica when one is gone', async () => {
    reset();
    const [gone, other] = replicas;
    await new Promise((done) => {
      gone.server.close(done);
      for (const socket of gone.connections) socket.destroy();
    });
    const statuses = [];
    for (let index = 0; index < 20; index += 1) {
      statuses.push((await fetch(`${edge}/account`)).status);
      statuses.push((await fetch(`${edge}/contact-requests`, { method: 'POST', body: '{}' })).status);
    }
    assert.deepEqual([...new Set(statuses)], [200]);
    assert.equal(other.seen.length, 40);
  });
  /** An answer nginx made itself on the API's host: the API's JSON error shape, no HTML, no version. */
  async function assertJsonError(response, status, message) {
    assert.equal(response.status, status);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.headers.get('server'), 'nginx');
    const body = await response.json();
    assert.deepEqual({ statusCode: body.statusCode, message: body.message }, { statusCode: status, message });
    assert.match(body.requestId, /^[0-9a-f]{32}$/);
  }

  it('answers what it refuses itself in JSON, without its version: a body over the limit, a header too large', async () => {
    reset();
    const big = await fetch(`${edge}/flows/uploads`, { method: 'POST', body: 'x'.repeat(200 * 1024) });
    await assertJsonError(big, 413, 'Request body is too large');
    const headers = await fetch(`${edge}/account`, { headers: { cookie: 'a'.repeat(40 * 1024) } });
    await assertJsonError(headers, 400, 'The request headers are too large');
    assert.equal(seen().length, 0, 'neither reached a replica');
    const passed = await fetch(`${edge}/account`);
    assert.equal(passed.headers.get('server'), 'nginx');
    // The API's own answers pass as they are.
    replicas[1].answer = () => ({ status: 404 });
    replicas[0].answer = () => ({ status: 404 });
    const fromApi = await fetch(`${edge}/nowhere`);
    assert.equal(fromApi.status, 404);
    assert.match((await fromApi.json()).replica, /^[ab]$/);
  });

  it('answers 502 in JSON when no replica is left', async () => {
    reset();
    for (const replica of replicas) {
      await new Promise((done) => {
        if (!replica.server.listening) return done();
        replica.server.close(done);
        for (const socket of replica.connections) socket.destroy();
      });
    }
    await assertJsonError(
      await fetch(`${edge}/account`),
      502,
      'Dcipher is briefly unavailable. Try again in a moment.',
    );
  });
});
