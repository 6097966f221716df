import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaticServer } from '../local/static-server.mjs';
import { contentSecurityPolicy, secureBuild } from '../serving/content-security.mjs';
import { remoteRules, siteRules } from '../serving/static-rules.mjs';
import { nginxConfig, nginxMainConfig } from './nginx-config.mjs';

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
      join(site, 'static'),
      remote,
    ]) {
      mkdirSync(directory, { recursive: true });
    }
    writeFileSync(join(site, 'index.html'), page('/'));
    writeFileSync(join(site, 'login', 'index.html'), page('/login/'));
    writeFileSync(join(site, 'account', 'index.html'), page('/account/'));
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
    const login = await fetch(`${nginxSite}/login`);
    assert.match(login.headers.get('content-security-policy') ?? '', /'strict-dynamic' 'sha256-/);
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
