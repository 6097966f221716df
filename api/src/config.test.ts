// engines: any
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

/** What staging cannot start without. */
const staging = {
  DCIPHER_ENV: 'staging',
  SMTP_URL: 'smtp://smtp.example.com',
  CAPTCHA_HMAC_KEY: 'f'.repeat(64),
  SSO_SECRET_KEY: 'e'.repeat(64),
  WEB_URL: 'https://staging.dcipher.io',
};

describe('loadConfig', () => {
  it('has defaults for a local start', () => {
    const config = loadConfig({});
    assert.equal(config.environment, 'development');
    assert.equal(config.devAids, false);
    assert.deepEqual(config.trustedProxies, []);
    assert.equal(config.requestTimeoutSeconds, 10);
    assert.equal(config.shutdownDrainSeconds, 0);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 4000);
    assert.deepEqual(config.corsOrigins, ['http://localhost:8000', 'http://localhost:3001']);
    assert.equal(config.accessTokenTtlSeconds, 900);
    assert.equal(config.refreshTokenTtlSeconds, 43_200);
    assert.equal(config.staySignedInTtlSeconds, 1_209_600);
    assert.equal(config.database.kind, 'pglite');
    assert.ok(config.keysDir?.endsWith(path.join('.data', 'keys')));
    assert.deepEqual(config.mail, { from: 'Dcipher <no-reply@dcipher.io>' });
    assert.equal(config.webUrl, 'http://localhost:8000');
  });

  it('reads every variable', () => {
    // Staging: production does not start yet, as it has no real payment gateway (see the PAYMENTS_PROVIDER test).
    const config = loadConfig({
      DCIPHER_ENV: 'staging',
      API_HOST: '0.0.0.0',
      API_PORT: '8080',
      DATABASE_URL: 'postgres://dcipher:secret@db:5432/dcipher',
      DATA_DIR: '/var/lib/dcipher',
      CORS_ORIGINS: 'https://www.dcipher.io, https://account.dcipher.io',
      DEV_AIDS: 'off',
      TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.10,fd00::/8',
      REQUEST_TIMEOUT_SECONDS: '5',
      SHUTDOWN_DRAIN_SECONDS: '7',
      BILLING_SCHEDULER_INTERVAL_SECONDS: '0',
      JOBS_WORKER: 'off',
      MIGRATE_ON_START: 'off',
      JOBS_POLL_MILLISECONDS: '250',
      FLOW_RUN_CONCURRENCY: '8',
      FLOW_RUNS_PER_ORGANIZATION: '2',
      FLOW_RUN_LEASE_SECONDS: '30',
      EMAIL_SEND_INTERVAL_SECONDS: '2',
      FLOW_UPLOAD_MAX_BYTES: '10485760',
      FLOW_SCHEDULER_INTERVAL_SECONDS: '300',
      METRICS_PORT: '9500',
      METRICS_HOST: '10.0.0.5',
      ACCESS_TOKEN_TTL_SECONDS: '300',
      REFRESH_TOKEN_TTL_SECONDS: '3600',
      STAY_SIGNED_IN_TTL_SECONDS: '86400',
      SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465',
      MAIL_FROM: 'Dcipher Support <support@dcipher.io>',
      CAPTCHA_HMAC_KEY: 'f'.repeat(64),
      SSO_SECRET_KEY: 'e'.repeat(64),
      CAPTCHA_MAX_NUMBER: '100000',
      DNS_RESOLVER: '10.0.0.2, 1.1.1.1:53,[2606:4700::1111]:53',
      WEB_URL: 'https://www.dcipher.io/',
      PAYMENTS_PROVIDER: 'local',
      MIRO_CLIENT_ID: 'miro-id',
      MIRO_CLIENT_SECRET: 'miro-secret',
      MIRO_REDIRECT_URI: 'https://app.dcipher.io/miro/callback',
      SURVEYMONKEY_CLIENT_ID: 'sm-id',
      SURVEYMONKEY_CLIENT_SECRET: 'sm-secret',
      SURVEYMONKEY_REDIRECT_URI: 'https://app.dcipher.io/surveymonkey/callback',
      SURVEYMONKEY_TOKEN_URL: 'https://api.eu.surveymonkey.com/oauth/token',
    });
    assert.deepEqual(config, {
      environment: 'staging',
      devAids: false,
      host: '0.0.0.0',
      port: 8080,
      database: { kind: 'postgres', url: 'postgres://dcipher:secret@db:5432/dcipher' },
      keysDir: '/var/lib/dcipher/keys',
      corsOrigins: ['https://www.dcipher.io', 'https://account.dcipher.io'],
      trustedProxies: ['10.0.0.0/8', '192.0.2.10', 'fd00::/8'],
      requestTimeoutSeconds: 5,
      shutdownDrainSeconds: 7,
      rateLimitScale: 1,
      billingSchedulerIntervalSeconds: 0,
      jobsWorker: false,
      migrateOnStart: false,
      jobs: {
        pollMilliseconds: 250,
        runConcurrency: 8,
        runsPerOrganization: 2,
        runLeaseSeconds: 30,
        emailSendIntervalSeconds: 2,
      },
      flows: {
        uploadMaxBytes: 10_485_760,
        schedulerIntervalSeconds: 300,
        allowLoopbackSources: false,
        sourceTimeoutSeconds: 15,
      },
      webhooks: { maxAttempts: 8, retrySeconds: 30, timeoutSeconds: 10, allowLoopbackEndpoints: false },
      metrics: { host: '10.0.0.5', port: 9500 },
      inheritedSockets: {},
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 3600,
      staySignedInTtlSeconds: 86_400,
      mail: {
        from: 'Dcipher Support <support@dcipher.io>',
        smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465',
      },
      captcha: { hmacKey: 'f'.repeat(64), maxNumber: 100_000 },
      sso: {
        secretKey: Buffer.from('e'.repeat(64), 'hex'),
        dnsResolvers: ['10.0.0.2', '1.1.1.1:53', '[2606:4700::1111]:53'],
      },
      webUrl: 'https://www.dcipher.io',
      payments: { provider: 'local' },
      vatValidation: { kind: 'offline' },
      integrations: {
        miro: {
          clientId: 'miro-id',
          clientSecret: 'miro-secret',
          redirectUri: 'https://app.dcipher.io/miro/callback',
          tokenUrl: 'https://api.miro.com/v1/oauth/token',
        },
        surveymonkey: {
          clientId: 'sm-id',
          clientSecret: 'sm-secret',
          redirectUri: 'https://app.dcipher.io/surveymonkey/callback',
          tokenUrl: 'https://api.eu.surveymonkey.com/oauth/token',
        },
      },
    });
  });

  it('serves the sockets a service manager passed (LISTEN_FDS from descriptor 3), only when they are meant for it', () => {
    assert.deepEqual(loadConfig({}).inheritedSockets, {});
    assert.deepEqual(loadConfig({ LISTEN_FDS: '2' }).inheritedSockets, { api: 3, metrics: 4 });
    assert.deepEqual(loadConfig({ LISTEN_FDS: '1' }).inheritedSockets, { api: 3 });
    assert.deepEqual(loadConfig({ LISTEN_FDS: '1', LISTEN_FDNAMES: 'metrics' }).inheritedSockets, {
      metrics: 3,
    });
    assert.deepEqual(
      loadConfig({ LISTEN_FDS: '2', LISTEN_FDNAMES: 'metrics:api', LISTEN_PID: String(process.pid) })
        .inheritedSockets,
      { metrics: 3, api: 4 },
    );
    // systemd's rule: sockets passed to another process id (a parent's, inherited by mistake) are not ours.
    assert.deepEqual(
      loadConfig({ LISTEN_FDS: '2', LISTEN_PID: String(process.pid + 1) }).inheritedSockets,
      {},
    );
    assert.throws(() => loadConfig({ LISTEN_FDS: '3' }), /LISTEN_FDS must be 1 or 2/);
    assert.throws(
      () => loadConfig({ LISTEN_FDS: '2', LISTEN_FDNAMES: 'api' }),
      /LISTEN_FDNAMES must name each/,
    );
    assert.throws(
      () => loadConfig({ LISTEN_FDS: '2', LISTEN_FDNAMES: 'api:api' }),
      /LISTEN_FDNAMES must name/,
    );
    assert.throws(() => loadConfig({ LISTEN_FDS: '1', LISTEN_FDNAMES: 'web' }), /LISTEN_FDNAMES must name/);
  });

  it('runs the billing scheduler every minute unless told otherwise, and refuses a bad interval', () => {
    assert.equal(loadConfig({}).billingSchedulerIntervalSeconds, 60);
    assert.equal(loadConfig({}).jobsWorker, true);
    assert.throws(() => loadConfig({ JOBS_WORKER: 'sometimes' }), /JOBS_WORKER/);
    assert.equal(loadConfig({}).migrateOnStart, true);
    assert.throws(() => loadConfig({ MIGRATE_ON_START: 'later' }), /MIGRATE_ON_START/);
    assert.deepEqual(loadConfig({}).jobs, {
      pollMilliseconds: 1000,
      runConcurrency: 4,
      runsPerOrganization: 1,
      runLeaseSeconds: 60,
      emailSendIntervalSeconds: 5,
    });
    assert.throws(() => loadConfig({ FLOW_RUN_LEASE_SECONDS: '0' }), /FLOW_RUN_LEASE_SECONDS/);
    assert.throws(() => loadConfig({ FLOW_RUN_CONCURRENCY: 'many' }), /FLOW_RUN_CONCURRENCY/);
    assert.deepEqual(loadConfig({}).metrics, { host: '127.0.0.1', port: 9464 });
    assert.equal(loadConfig({}).rateLimitScale, 1);
    assert.equal(loadConfig({ RATE_LIMIT_SCALE: '100' }).rateLimitScale, 100);
    assert.throws(() => loadConfig({ RATE_LIMIT_SCALE: '0' }), /RATE_LIMIT_SCALE/);
    assert.equal(loadConfig({ METRICS_PORT: '0' }).metrics.port, 0);
    assert.throws(() => loadConfig({ METRICS_PORT: '70000' }), /METRICS_PORT/);
    assert.equal(
      loadConfig({ BILLING_SCHEDULER_INTERVAL_SECONDS: '15' }).billingSchedulerIntervalSeconds,
      15,
    );
    assert.throws(
      () => loadConfig({ BILLING_SCHEDULER_INTERVAL_SECONDS: 'soon' }),
      /BILLING_SCHEDULER_INTERVAL_SECONDS/,
    );
    assert.throws(
      () => loadConfig({ BILLING_SCHEDULER_INTERVAL_SECONDS: '100000' }),
      /BILLING_SCHEDULER_INTERVAL_SECONDS/,
    );
    const defaults = loadConfig({}).flows;
    assert.deepEqual(defaults, {
      uploadMaxBytes: 52_428_800,
      schedulerIntervalSeconds: 60,
      allowLoopbackSources: false,
      sourceTimeoutSeconds: 15,
    });
    assert.throws(() => loadConfig({ FLOW_UPLOAD_MAX_BYTES: '10' }), /FLOW_UPLOAD_MAX_BYTES/);
    assert.equal(loadConfig({ FLOW_SOURCE_TIMEOUT_SECONDS: '2' }).flows.sourceTimeoutSeconds, 2);
    for (const bad of ['0', '301', 'soon']) {
      assert.throws(() => loadConfig({ FLOW_SOURCE_TIMEOUT_SECONDS: bad }), /FLOW_SOURCE_TIMEOUT_SECONDS/);
    }
    assert.throws(
      () => loadConfig({ FLOW_SCHEDULER_INTERVAL_SECONDS: 'often' }),
      /FLOW_SCHEDULER_INTERVAL_SECONDS/,
    );
  });

  it('keeps database and keys in memory for DATA_DIR=memory://', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    assert.deepEqual(config.database, { kind: 'pglite', dataDir: undefined });
    assert.equal(config.keysDir, undefined);
  });

  it('puts PGlite files under DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/dcipher-data' });
    assert.deepEqual(config.database, { kind: 'pglite', dataDir: '/tmp/dcipher-data/pglite' });
  });

  it("sizes PGlite's shared buffers from PGLITE_SHARED_BUFFERS, PostgreSQL's default without it", () => {
    assert.deepEqual(loadConfig({ DATA_DIR: 'memory://', PGLITE_SHARED_BUFFERS: '16MB' }).database, {
      kind: 'pglite',
      dataDir: undefined,
      sharedBuffers: '16MB',
    });
    assert.equal('sharedBuffers' in loadConfig({ DATA_DIR: 'memory://' }).database, false);
    assert.equal(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).database.kind, 'pglite');
    assert.equal(loadConfig({ PGLITE_SHARED_BUFFERS: '128kB' }).database.kind, 'pglite');
    // 2GB and more fail inside PGlite with no reason given: refused at start with one.
    for (const bad of [
      '16',
      '16 MB',
      '0MB',
      '16mb',
      '-1MB',
      '16MB;DROP',
      '64kB',
      '2GB',
      '1025MB',
      '9999999GB',
    ]) {
      assert.throws(
        () => loadConfig({ PGLITE_SHARED_BUFFERS: bad }),
        /PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB, such as 16MB or 8192kB/,
      );
    }
  });

  it('treats an empty variable as unset', () => {
    assert.equal(loadConfig({ API_PORT: '' }).port, 4000);
  });

  it('fails naming the variable for a bad API_PORT', () => {
    assert.throws(
      () => loadConfig({ API_PORT: 'abc' }),
      (error) =>
        error instanceof ConfigError && /API_PORT/.test(error.message) && error.message.includes('"abc"'),
    );
    assert.throws(
      () => loadConfig({ API_PORT: '70000' }),
      /API_PORT must be a whole number between 1 and 65535/,
    );
  });

  it('takes an smtp:// or smtps:// SMTP_URL and a plain or named MAIL_FROM', () => {
    for (const url of [
      'smtp://smtp.example.com',
      'smtp://user:p%40ss@10.0.0.5:587/',
      'smtp://h:25?pool=true',
    ]) {
      assert.equal(loadConfig({ SMTP_URL: url }).mail.smtpUrl, url);
    }
    assert.equal(loadConfig({ MAIL_FROM: 'no-reply@dcipher.io' }).mail.from, 'no-reply@dcipher.io');
  });

  it('fails naming SMTP_URL for a bad value, without echoing its password', () => {
    for (const url of ['https://smtp.example.com', 'smtp.example.com:587', 'smtp://', 'smtp://host/path']) {
      assert.throws(
        () => loadConfig({ SMTP_URL: url }),
        (error) =>
          error instanceof ConfigError &&
          error.message.includes('SMTP_URL must be an smtp:// or smtps:// URL'),
        url,
      );
    }
    assert.throws(
      () => loadConfig({ SMTP_URL: 'http://mailer:s3cret@smtp.example.com' }),
      (error) =>
        error instanceof ConfigError &&
        error.message.includes('(got "http://mailer:***@smtp.example.com")') &&
        !error.message.includes('s3cret'),
    );
  });

  it('fails naming MAIL_FROM for something that is not an address', () => {
    for (const from of ['Dcipher', 'a@b.c, d@e.f', 'Dcipher <no-reply>']) {
      assert.throws(() => loadConfig({ MAIL_FROM: from }), /MAIL_FROM must be an address/, from);
    }
  });

  it('refuses a RATE_LIMIT_SCALE other than 1 in production: the limits protect the service', () => {
    assert.throws(
      () => loadConfig({ DCIPHER_ENV: 'production', RATE_LIMIT_SCALE: '100' }),
      (error) =>
        error instanceof ConfigError && /RATE_LIMIT_SCALE must be 1 in production/.test(error.message),
    );
  });

  it('fails in production without SMTP_URL, as email must really be delivered there', () => {
    assert.throws(
      () => loadConfig({ DCIPHER_ENV: 'production' }),
      (error) => error instanceof ConfigError && /SMTP_URL must be set in production/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ DCIPHER_ENV: 'production', SMTP_URL: '', API_PORT: 'x' }),
      (error) => error instanceof ConfigError && /API_PORT.*; SMTP_URL must be set/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ DCIPHER_ENV: 'staging' }),
      (error) => error instanceof ConfigError && /SMTP_URL must be set in staging/.test(error.message),
    );
    for (const environment of ['development', 'test']) {
      assert.equal(loadConfig({ DCIPHER_ENV: environment }).mail.smtpUrl, undefined);
    }
  });

  it('generates the captcha key outside production, and tests get an easy captcha', () => {
    assert.deepEqual(loadConfig({}).captcha, { maxNumber: 50_000 });
    assert.deepEqual(loadConfig({ DCIPHER_ENV: 'test' }).captcha, { maxNumber: 1000 });
  });

  it('reads SSO_SECRET_KEY as 32 bytes of hex or base64, refuses anything else without echoing it, and reads DNS_RESOLVER', () => {
    const key = Buffer.alloc(32, 9);
    assert.deepEqual(loadConfig({ SSO_SECRET_KEY: key.toString('hex') }).sso.secretKey, key);
    assert.deepEqual(loadConfig({ SSO_SECRET_KEY: key.toString('base64') }).sso.secretKey, key);
    assert.equal(loadConfig({}).sso.secretKey, undefined);
    assert.deepEqual(loadConfig({}).sso.dnsResolvers, []);
    for (const bad of ['short-secret-value', 'a'.repeat(63), Buffer.alloc(31).toString('base64')]) {
      assert.throws(
        () => loadConfig({ SSO_SECRET_KEY: bad }),
        (error) =>
          error instanceof ConfigError &&
          error.message.includes('SSO_SECRET_KEY must be 32 random bytes') &&
          !error.message.includes(bad),
      );
    }
    assert.throws(
      () => loadConfig({ DNS_RESOLVER: 'dns.example.com' }),
      (error) =>
        error instanceof ConfigError && error.message.includes('DNS_RESOLVER must be a comma-separated list'),
    );
  });

  it('fails in production without CAPTCHA_HMAC_KEY, and never echoes a bad key', () => {
    assert.throws(
      () => loadConfig({ DCIPHER_ENV: 'production', SMTP_URL: 'smtp://smtp.example.com' }),
      (error) =>
        error instanceof ConfigError && /CAPTCHA_HMAC_KEY must be set in production/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ CAPTCHA_HMAC_KEY: 'short-secret' }),
      (error) =>
        error instanceof ConfigError &&
        error.message.includes('CAPTCHA_HMAC_KEY must be a random secret of at least 32 characters') &&
        !error.message.includes('short-secret'),
    );
    assert.throws(() => loadConfig({ CAPTCHA_MAX_NUMBER: '0' }), /CAPTCHA_MAX_NUMBER must be a whole number/);
  });

  it('takes an http(s) WEB_URL, with or without a path, and fails naming it otherwise', () => {
    assert.equal(loadConfig({ WEB_URL: 'https://staging.dcipher.io' }).webUrl, 'https://staging.dcipher.io');
    assert.equal(loadConfig({ WEB_URL: 'http://localhost:8000/site/' }).webUrl, 'http://localhost:8000/site');
    for (const url of [
      'www.dcipher.io',
      'ftp://dcipher.io',
      'https://',
      'https://dcipher.io/?a=1',
      'https://a b',
    ]) {
      assert.throws(
        () => loadConfig({ WEB_URL: url }),
        (error) =>
          error instanceof ConfigError &&
          error.message.includes('WEB_URL must be an http:// or https:// URL') &&
          error.message.includes(`(got "${url}")`),
        url,
      );
    }
  });

  it('fails in production without WEB_URL, as emailed links would point at localhost', () => {
    const production = {
      DCIPHER_ENV: 'production',
      SMTP_URL: 'smtp://smtp.example.com',
      CAPTCHA_HMAC_KEY: 'f'.repeat(64),
      SSO_SECRET_KEY: 'e'.repeat(64),
    };
    assert.throws(
      () => loadConfig(production),
      (error) => error instanceof ConfigError && /WEB_URL must be set in production/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ ...production, WEB_URL: 'https://www.dcipher.io' }),
      (error) => error instanceof ConfigError && !error.message.includes('WEB_URL'),
    );
  });

  it('uses the local test payment gateway outside production, and refuses it in production', () => {
    assert.deepEqual(loadConfig({}).payments, { provider: 'local' });
    assert.deepEqual(loadConfig({ ...staging, PAYMENTS_PROVIDER: 'local' }).payments, {
      provider: 'local',
    });
    assert.throws(
      () => loadConfig({ PAYMENTS_PROVIDER: 'paypal' }),
      (error) =>
        error instanceof ConfigError &&
        error.message.includes('PAYMENTS_PROVIDER must be one of local, stripe (got "paypal")'),
    );
    const productionOtherwiseComplete = {
      DCIPHER_ENV: 'production',
      SMTP_URL: 'smtp://smtp.example.com',
      CAPTCHA_HMAC_KEY: 'f'.repeat(64),
      SSO_SECRET_KEY: 'e'.repeat(64),
      WEB_URL: 'https://www.dcipher.io',
    };
    for (const provider of [undefined, 'local']) {
      assert.throws(
        () => loadConfig({ ...productionOtherwiseComplete, PAYMENTS_PROVIDER: provider }),
        (error) =>
          error instanceof ConfigError &&
          error.message ===
            'Invalid configuration: PAYMENTS_PROVIDER must name a real payment gateway in production ("stripe"); "local" only takes test cards',
        String(provider),
      );
    }
  });

  it('takes Stripe with its three keys, never echoing the secret ones', () => {
    const stripe = {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_abcdefgh12345678',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abcdefgh12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12345678',
    };
    assert.deepEqual(loadConfig(stripe).payments, {
      provider: 'stripe',
      secretKey: 'sk_live_abcdefgh12345678',
      publishableKey: 'pk_live_abcdefgh12345678',
      webhookSecret: 'whsec_abcdefgh12345678',
      apiBaseUrl: undefined,
    });
    assert.throws(
      () => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_abcdefgh12345678' }),
      (error) =>
        error instanceof ConfigError &&
        error.message ===
          'Invalid configuration: STRIPE_SECRET_KEY must be set when PAYMENTS_PROVIDER is stripe; STRIPE_WEBHOOK_SECRET must be set when PAYMENTS_PROVIDER is stripe',
    );
    assert.throws(
      () => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_wrongkind1234' }),
      (error) =>
        error instanceof ConfigError &&
        error.message.includes('STRIPE_SECRET_KEY must be a Stripe secret key') &&
        !error.message.includes('pk_live_wrongkind1234'),
    );
    const production = {
      ...stripe,
      DCIPHER_ENV: 'production',
      SMTP_URL: 'smtp://smtp.example.com',
      CAPTCHA_HMAC_KEY: 'f'.repeat(64),
      SSO_SECRET_KEY: 'e'.repeat(64),
      WEB_URL: 'https://www.dcipher.io',
      CORS_ORIGINS: 'https://www.dcipher.io',
    };
    assert.equal(loadConfig(production).payments.provider, 'stripe');
  });

  it('switches development aids on only when asked, and never in staging or production', () => {
    assert.equal(loadConfig({}).devAids, false);
    assert.equal(loadConfig({ DCIPHER_ENV: 'test' }).devAids, false);
    assert.equal(loadConfig({ DEV_AIDS: 'on' }).devAids, true);
    assert.equal(loadConfig({ DCIPHER_ENV: 'test', DEV_AIDS: 'on' }).devAids, true);
    assert.equal(loadConfig({ ...staging, DEV_AIDS: 'off' }).devAids, false);
    for (const environment of ['staging', 'production']) {
      assert.throws(
        () => loadConfig({ ...staging, DCIPHER_ENV: environment, DEV_AIDS: 'on' }),
        (error) =>
          error instanceof ConfigError && error.message.includes(`DEV_AIDS must be off in ${environment}`),
        environment,
      );
    }
    assert.throws(
      () => loadConfig({ DEV_AIDS: 'yes' }),
      (error) =>
        error instanceof ConfigError && error.message.includes('DEV_AIDS must be one of on, off (got "yes")'),
    );
  });

  it('configures staging like production: SMTP_URL, CAPTCHA_HMAC_KEY, WEB_URL and https token URLs', () => {
    assert.throws(
      () => loadConfig({ DCIPHER_ENV: 'staging' }),
      (error) =>
        error instanceof ConfigError &&
        ['SMTP_URL', 'CAPTCHA_HMAC_KEY', 'SSO_SECRET_KEY', 'WEB_URL'].every((name) =>
          error.message.includes(`${name} must be set in staging`),
        ),
    );
    assert.throws(
      () =>
        loadConfig({
          ...staging,
          MIRO_CLIENT_ID: 'id',
          MIRO_CLIENT_SECRET: 'secret',
          MIRO_REDIRECT_URI: 'https://app.dcipher.io/miro',
          MIRO_TOKEN_URL: 'http://tokens.example.com/',
        }),
      /MIRO_TOKEN_URL must be an https:\/\/ URL in staging/,
    );
    assert.equal(loadConfig(staging).environment, 'staging');
  });

  it('takes TRUSTED_PROXIES as addresses and CIDR ranges, and fails naming it otherwise', () => {
    assert.deepEqual(loadConfig({ TRUSTED_PROXIES: ' 127.0.0.1 , ::1,10.1.0.0/16 ' }).trustedProxies, [
      '127.0.0.1',
      '::1',
      '10.1.0.0/16',
    ]);
    for (const value of ['loadbalancer', '10.0.0.0/33', '10.0.0.1/8/1', '*', '::1/129', '10.0.0/8']) {
      assert.throws(
        () => loadConfig({ TRUSTED_PROXIES: value }),
        (error) =>
          error instanceof ConfigError &&
          error.message.includes(
            'TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges',
          ),
        value,
      );
    }
  });

  it('drains 5 s before closing in staging and production, not at all elsewhere, or SHUTDOWN_DRAIN_SECONDS', () => {
    assert.equal(loadConfig({ DCIPHER_ENV: 'test' }).shutdownDrainSeconds, 0);
    assert.equal(loadConfig(staging).shutdownDrainSeconds, 5);
    assert.equal(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '3' }).shutdownDrainSeconds, 3);
    for (const value of ['-1', '121', 'later']) {
      assert.throws(
        () => loadConfig({ SHUTDOWN_DRAIN_SECONDS: value }),
        /SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 120/,
        value,
      );
    }
  });

  it('takes REQUEST_TIMEOUT_SECONDS from 1 to 300', () => {
    assert.equal(loadConfig({ REQUEST_TIMEOUT_SECONDS: '2' }).requestTimeoutSeconds, 2);
    for (const value of ['0', '301', 'soon']) {
      assert.throws(
        () => loadConfig({ REQUEST_TIMEOUT_SECONDS: value }),
        /REQUEST_TIMEOUT_SECONDS must be a whole number between 1 and 300/,
        value,
      );
    }
  });

  it('names every bad variable at once', () => {
    assert.throws(
      () => loadConfig({ DCIPHER_ENV: 'prod', DATABASE_URL: 'mysql://x', CORS_ORIGINS: 'localhost:8000' }),
      (error) =>
        error instanceof ConfigError &&
        ['DCIPHER_ENV', 'DATABASE_URL', 'CORS_ORIGINS'].every((name) => error.message.includes(name)),
    );
  });
});
