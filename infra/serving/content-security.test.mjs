import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaticServer } from '../local/static-server.mjs';
import {
  allowedOrigins,
  blockedScripts,
  checkBuiltPages,
  contentSecurityPolicy,
  scriptLoader,
  secureBuild,
  securePage,
} from './content-security.mjs';
import { remoteRules, siteRules } from './static-rules.mjs';

const hashOf = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

const gatsbyPage = `<!DOCTYPE html><html><head><script>window.pagePath="/";</script></head><body><div id="___gatsby"></div>
<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>
<script src="/webpack-runtime-1.js" async></script><script src="/app-2.js" async></script></body></html>`;

const config = {
  apiBaseUrl: 'https://api.dcipher.io',
  accountRemoteUrl: 'https://account.dcipher.io/remote/',
  analyticsHost: 'https://eu.posthog.example',
  affiliateEnabled: false,
};

describe('content security policy', () => {
  it('replaces the external scripts by one hashed loader and hashes every inline script', () => {
    const { html, scriptHashes } = securePage(gatsbyPage);
    assert.doesNotMatch(html, /<script src=/);
    assert.match(html, /\(\["\/webpack-runtime-1\.js","\/app-2\.js"\],function\(run\)/);
    const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    assert.equal(inline.length, 3);
    assert.deepEqual(scriptHashes, inline.map(hashOf));
  });

  it("adds the page's scripts once the first paint is on screen", () => {
    /** Runs the loader in a page of our own; answers what it added to the head, and the paint observer. */
    const load = ({ visibility = 'visible', paintTiming = true } = {}) => {
      const head = [];
      let observer;
      const timers = [];
      const element = (tag) => ({
        tag,
        attributes: {},
        setAttribute(name, value) {
          this.attributes[name] = value;
        },
      });
      const window = {
        PerformanceObserver: paintTiming
          ? Object.assign(
              function PerformanceObserver(callback) {
                observer = {
                  callback,
                  disconnect() {},
                  observe(options) {
                    observer.options = options;
                  },
                };
                return observer;
              },
              { supportedEntryTypes: ['paint', 'largest-contentful-paint'] },
            )
          : undefined,
      };
      const document = {
        visibilityState: visibility,
        head: { appendChild: (child) => head.push(child) },
        createElement: element,
      };
      const body = /<script>([\s\S]*)<\/script>/.exec(scriptLoader(['/app-1.js', '/framework-2.js']))[1];
      new Function('window', 'document', 'setTimeout', body)(window, document, (callback, ms) =>
        timers.push({ callback, ms }),
      );
      const added = () =>
        head.map((child) =>
          child.tag === 'link'
            ? `preload ${child.attributes.href}`
            : `script ${child.src} async=${child.async}`,
        );
      const paint = (name) => observer.callback({ getEntries: () => [{ name }] });
      const runTimers = (ms) => {
        for (const timer of timers.filter((candidate) => candidate.ms === ms)) timer.callback();
      };
      return { added, paint, runTimers, observer: () => observer };
    };

    const page = load();
    assert.deepEqual(page.added(), []);
    assert.deepEqual(page.observer().options, { type: 'paint', buffered: true });
    page.paint('first-paint');
    page.runTimers(0);
    assert.deepEqual(page.added(), [], 'a paint with no content yet is not the first paint');
    page.paint('first-contentful-paint');
    const ran = ['script /app-1.js async=true', 'script /framework-2.js async=true'];
    assert.deepEqual(page.added(), [], 'after the paint is presented, not inside its callback');
    page.runTimers(0);
    assert.deepEqual(page.added(), ran);
    page.runTimers(3000);
    assert.equal(page.added().length, 2, 'each script once');

    // No paint is coming: at the latest after 3 s; at once in a hidden tab or without paint timing.
    const late = load();
    late.runTimers(3000);
    assert.deepEqual(late.added(), ran);
    assert.deepEqual(load({ visibility: 'hidden' }).added(), ran);
    assert.deepEqual(load({ paintTiming: false }).added(), ran);
  });

  it('is strict: hashes with strict-dynamic, no plugins, no base, no framing, only configured origins', () => {
    const policy = contentSecurityPolicy({ scriptHashes: ['sha256-abc'], origins: allowedOrigins(config) });
    assert.match(policy, /script-src 'strict-dynamic' 'sha256-abc' 'self' https:\/\/account\.dcipher\.io;/);
    assert.match(policy, /connect-src 'self' https:\/\/api\.dcipher\.io https:\/\/account\.dcipher\.io;/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      assert.ok(policy.includes(directive), directive);
    }
    assert.doesNotMatch(policy, /posthog/, 'analytics hosts only when analytics is configured');
    assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/);
    const withAnalytics = contentSecurityPolicy({
      origins: allowedOrigins({ ...config, analyticsKey: 'phc_key' }),
    });
    assert.match(withAnalytics, /connect-src [^;]*https:\/\/eu\.posthog\.example/);
  });

  it('lets pages load Stripe.js and its card frames only when Stripe is the payment gateway', () => {
    const local = contentSecurityPolicy({
      origins: allowedOrigins({ ...config, paymentsProvider: 'local' }),
    });
    assert.match(local, /frame-src 'none'/);
    assert.doesNotMatch(local, /stripe/);
    const stripe = contentSecurityPolicy({
      origins: allowedOrigins({ ...config, paymentsProvider: 'stripe' }),
    });
    assert.match(stripe, /script-src [^;]*https:\/\/js\.stripe\.com/);
    assert.match(stripe, /connect-src [^;]*https:\/\/api\.stripe\.com/);
    assert.match(stripe, /frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com;/);
    assert.match(stripe, /frame-ancestors 'none'/);
  });
});

describe('a secured build, served', () => {
  let root;
  let maps;
  let server;
  let base;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'secure-build-'));
    maps = join(root, '..', `${root.split('/').pop()}-maps`);
    mkdirSync(join(root, 'login'), { recursive: true });
    writeFileSync(join(root, 'index.html'), gatsbyPage);
    writeFileSync(join(root, 'login', 'index.html'), gatsbyPage.replace('"/"', '"/login/"'));
    writeFileSync(join(root, '404.html'), gatsbyPage.replace('"/"', '"/404/"'));
    writeFileSync(join(root, 'app-2.js'), 'console.log(1);\n//# sourceMappingURL=app-2.js.map');
    writeFileSync(join(root, 'app-2.js.map'), '{"sources":["src/secret.ts"]}');
    const result = await secureBuild({ root, sourceMapsDir: maps, config });
    assert.deepEqual(result, { pages: 3, sourceMaps: 1 });
    server = createStaticServer({ root, rules: siteRules });
    server.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => server.close());

  it("sends each page's own policy, matching the scripts it serves", async () => {
    for (const path of ['/', '/login', '/account/nowhere']) {
      const response = await fetch(`${base}${path}`);
      const html = await response.text();
      const policy = response.headers.get('content-security-policy') ?? '';
      for (const [, body] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
        assert.ok(policy.includes(`'${hashOf(body)}'`), `${path}: the policy allows each of its scripts`);
      }
      assert.match(policy, /frame-ancestors 'none'/);
      assert.equal(response.headers.get('x-frame-options'), 'DENY');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.match(response.headers.get('permissions-policy') ?? '', /camera=\(\)/);
      assert.equal(response.headers.get('strict-transport-security'), null, 'HSTS only in production');
    }
  });

  it('keeps source maps out of what is served, and the policy manifest private', async () => {
    assert.ok(existsSync(join(maps, 'app-2.js.map')));
    assert.equal(existsSync(join(root, 'app-2.js.map')), false);
    assert.doesNotMatch(readFileSync(join(root, 'app-2.js'), 'utf8'), /sourceMappingURL/);
    for (const path of ['/app-2.js.map', '/_csp.json']) {
      assert.equal((await fetch(`${base}${path}`)).status, 404, path);
    }
  });

  it('gives a page without a written policy scripts from self only, and HSTS in production', async () => {
    const remoteRoot = mkdtempSync(join(tmpdir(), 'remote-'));
    writeFileSync(join(remoteRoot, 'index.html'), '<script defer src="main.js"></script>');
    const remote = createStaticServer({
      root: remoteRoot,
      rules: remoteRules,
      policyOrigins: { connect: ['https://api.dcipher.io'], scripts: [] },
      production: true,
    });
    remote.listen(0, '127.0.0.1');
    await new Promise((done) => remote.once('listening', done));
    try {
      const response = await fetch(`http://127.0.0.1:${remote.address().port}/`);
      const policy = response.headers.get('content-security-policy') ?? '';
      assert.match(policy, /script-src 'self';/);
      assert.match(policy, /connect-src 'self' https:\/\/api\.dcipher\.io;/);
      assert.match(response.headers.get('strict-transport-security') ?? '', /max-age=31536000/);
    } finally {
      remote.close();
    }
  });
});

describe("checking a build's pages against their policies", () => {
  const origins = allowedOrigins(config);

  it('allows what the secured page runs, and blocks the plain script tags of an unsecured one', () => {
    const { html, scriptHashes } = securePage(gatsbyPage);
    assert.deepEqual(blockedScripts(html, contentSecurityPolicy({ scriptHashes, origins })), []);
    const strict = contentSecurityPolicy({ scriptHashes, origins });
    const blocked = blockedScripts(gatsbyPage, strict);
    assert.deepEqual(
      blocked.filter((line) => line.includes('src=')),
      ['<script src="/webpack-runtime-1.js" async>', '<script src="/app-2.js" async>'],
      "'strict-dynamic' ignores 'self' for tags in the HTML",
    );
  });

  it('blocks inline scripts and handlers a policy does not list, and ignores data blocks', () => {
    const policy = contentSecurityPolicy({ scriptHashes: [hashOf('ok()')], origins });
    const page = [
      '<script>ok()</script>',
      '<script>changed()</script>',
      '<script type="application/ld+json">{"@type":"Article"}</script>',
      '<script type="module">alsoChanged()</script>',
      '<img src="/a.png" onerror="steal()">',
      '<a href="javascript:go()">go</a>',
    ].join('');
    assert.deepEqual(blockedScripts(page, policy), [
      '<script>changed()…',
      '<script type="module">alsoChanged()…',
      '<img src="/a.png" onerror="steal()">',
      '<a href="javascript:go()">',
    ]);
    // Without a written policy (scripts from 'self' only): files of the site run, inline code does not.
    const fallback = contentSecurityPolicy({ origins });
    assert.deepEqual(
      blockedScripts(
        '<script src="/app.js"></script><script src="https://evil.example/x.js"></script>',
        fallback,
      ),
      ['<script src="https://evil.example/x.js">'],
    );
  });

  it("checks every page of a build with the policy the server sends it, from the build's _csp.json", async () => {
    const root = mkdtempSync(join(tmpdir(), 'checked-build-'));
    mkdirSync(join(root, 'login'), { recursive: true });
    writeFileSync(join(root, 'index.html'), gatsbyPage);
    writeFileSync(join(root, 'login', 'index.html'), gatsbyPage.replace('"/"', '"/login/"'));
    const unsecured = await checkBuiltPages(root);
    assert.ok(unsecured.some((line) => line.startsWith('/login/index.html: <script>window.pagePath')));
    await secureBuild({ root, sourceMapsDir: `${root}-maps`, config });
    assert.deepEqual(await checkBuiltPages(root), []);
    // A page rebuilt after the rewrite (a build stopped before secure-build): its old policy blocks it.
    writeFileSync(join(root, 'login', 'index.html'), gatsbyPage.replace('"/"', '"/login/"'));
    // Its inline scripts are the same (their hashes are listed); the script tags Gatsby writes are not allowed.
    assert.deepEqual(await checkBuiltPages(root), [
      '/login/index.html: <script src="/webpack-runtime-1.js" async>',
      '/login/index.html: <script src="/app-2.js" async>',
    ]);
  });
});
