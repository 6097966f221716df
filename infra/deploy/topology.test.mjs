import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { remoteRules, siteRules } from '../serving/static-rules.mjs';
import { nginxConfig } from './nginx-config.mjs';
import { apiProcesses, topologyNginxConfig, topologyOrigins, topologyPorts } from './topology.mjs';

const secrets = { captchaHmacKey: 'c'.repeat(64), ssoSecretKey: 'd'.repeat(64), proxySecret: 'e'.repeat(64) };

describe('the production topology (decision 0077)', () => {
  it('has its ports from variables, defaults beside `npm start`, and refuses a port given twice', () => {
    assert.deepEqual(topologyPorts({}), {
      site: 8080,
      remote: 8081,
      api: 8082,
      replicas: [4101, 4102],
      worker: 4103,
      metrics: [9465, 9466, 9467],
      postgres: 5433,
      smtp: 2526,
    });
    const three = topologyPorts({
      PRODUCTION_REPLICA_PORTS: '5101,5102,5103',
      PRODUCTION_METRICS_PORTS: '9501,9502,9503,9504',
      PRODUCTION_SITE_PORT: '9080',
    });
    assert.deepEqual(three.replicas, [5101, 5102, 5103]);
    assert.equal(three.site, 9080);
    assert.throws(
      () => topologyPorts({ PRODUCTION_REPLICA_PORTS: '4101,4102,4104' }),
      /PRODUCTION_METRICS_PORTS/,
    );
    assert.throws(() => topologyPorts({ PRODUCTION_WORKER_PORT: '8080' }), /port 8080 is given to two/);
    assert.throws(() => topologyPorts({ PRODUCTION_API_PORT: 'eighty' }), /PRODUCTION_API_PORT/);
    assert.deepEqual(topologyOrigins(topologyPorts({})), {
      site: 'http://localhost:8080',
      remote: 'http://localhost:8081',
      api: 'http://localhost:8082',
    });
  });

  it('runs replicas without jobs behind nginx and one worker with them, none migrating, all in staging settings', () => {
    const processes = apiProcesses({
      ports: topologyPorts({}),
      databaseUrl: 'postgresql://postgres:pw@127.0.0.1:5433/dcipher',
      dataDir: '/srv/dcipher',
      secrets,
      smtpUrl: 'smtp://127.0.0.1:2526',
      extra: { RATE_LIMIT_SCALE: '10' },
    });
    assert.deepEqual(
      processes.map(({ name, port, metricsPort, env }) => [
        name,
        port,
        metricsPort,
        env.API_PORT,
        env.METRICS_PORT,
        env.JOBS_WORKER,
      ]),
      [
        ['replica-1', 4101, 9465, '4101', '9465', 'off'],
        ['replica-2', 4102, 9466, '4102', '9466', 'off'],
        ['worker', 4103, 9467, '4103', '9467', 'on'],
      ],
    );
    for (const { env } of processes) {
      assert.equal(env.DCIPHER_ENV, 'staging');
      assert.equal(env.DEV_AIDS, 'off');
      assert.equal(env.MIGRATE_ON_START, 'off');
      assert.equal(env.DATA_DIR, '/srv/dcipher');
      assert.equal(env.WEB_URL, 'http://localhost:8080');
      assert.equal(env.CORS_ORIGINS, 'http://localhost:8080,http://localhost:8081');
      assert.equal(env.CAPTCHA_HMAC_KEY, secrets.captchaHmacKey);
      assert.equal(env.RATE_LIMIT_SCALE, '10');
    }
    assert.equal(processes[0].env.TRUSTED_PROXIES, '127.0.0.1');
    // nginx proves itself to the replicas: any local process shares its address (decision 0095).
    assert.equal(processes[0].env.TRUSTED_PROXY_SECRET, secrets.proxySecret);
    assert.equal(processes[1].env.TRUSTED_PROXY_SECRET, secrets.proxySecret);
    assert.equal(processes[2].env.TRUSTED_PROXIES, undefined, 'nothing proxies to the worker');
  });

  it("generates nginx's configuration: the site, the remote and the API's host over the replicas", () => {
    const config = topologyNginxConfig({
      ports: topologyPorts({}),
      siteRoot: '/srv/site',
      remoteRoot: '/srv/remote',
      manifest: { pages: { '/index.html': "default-src 'self'" } },
      rules: { siteRules, remoteRules },
      proxySecret: secrets.proxySecret,
    });
    assert.match(config, /listen 127\.0\.0\.1:8080;\n\s+server_tokens off;\n\s+root \/srv\/site;/);
    assert.match(config, /listen 127\.0\.0\.1:8081;\n\s+server_tokens off;\n\s+root \/srv\/remote;/);
    assert.match(config, new RegExp(`proxy_set_header X-Dcipher-Proxy-Secret "${secrets.proxySecret}";`));
    assert.equal(config.match(/server_tokens off;/g)?.length, 3, 'on every host');
    assert.match(
      config,
      /server 127\.0\.0\.1:4101 max_fails=2 fail_timeout=5s;\n\s+server 127\.0\.0\.1:4102 /,
    );
    assert.match(config, /listen 127\.0\.0\.1:8082;/);
    assert.match(config, /connect-src 'self' http:\/\/localhost:8082/);
    assert.match(config, /"http:\/\/localhost:8080" "http:\/\/localhost:8080";/);
  });

  it('lists a path two built files answer once, with the policy of the file nginx serves (404/index.html)', () => {
    const config = nginxConfig({
      site: {
        root: '/srv/site',
        listen: 8080,
        rules: siteRules,
        manifest: {
          pages: { '/404.html': 'policy-of-404.html', '/404/index.html': 'policy-of-404/index.html' },
        },
      },
      remote: { root: '/srv/remote', listen: 8081, rules: remoteRules, allowedOrigins: [], policy: '' },
    });
    assert.equal(config.match(/^\s+"\/404" /gm)?.length, 1);
    assert.match(config, /"\/404" "policy-of-404\/index.html";/);
    assert.match(config, /"\/404.html" "policy-of-404.html";/);
  });
});
