// The production topology (docs/decisions/0077): which processes run, on which ports, with which settings. A real
// deployment and the one-machine runner (infra/local/production.mjs, `npm run start:production`) read it alike:
// PostgreSQL, one migration step, API replicas behind nginx (JOBS_WORKER=off, MIGRATE_ON_START=off), one worker
// process for the jobs and workflow runs (JOBS_WORKER=on), nginx serving the site, the remote and the API's host.
import { contentSecurityPolicy } from '../serving/content-security.mjs';
import { nginxConfig } from './nginx-config.mjs';

function port(env, name, fallback) {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`Invalid configuration: ${name} must be a port number (got "${env[name]}")`);
  }
  return value;
}

/**
 * The ports of the topology, each from its variable: nginx's three hosts (PRODUCTION_SITE_PORT 8080,
 * PRODUCTION_REMOTE_PORT 8081, PRODUCTION_API_PORT 8082), the replicas (PRODUCTION_REPLICA_PORTS "4101,4102"), the
 * worker (PRODUCTION_WORKER_PORT 4103), their metrics (PRODUCTION_METRICS_PORTS "9465,9466,9467": replicas then
 * worker), PostgreSQL (PRODUCTION_POSTGRES_PORT 5433) and the local SMTP sink (PRODUCTION_SMTP_PORT 2526).
 */
export function topologyPorts(env = process.env) {
  const list = (name, fallback) =>
    String(env[name] ?? fallback)
      .split(',')
      .map((entry, index) => port({ [`${name}[${index}]`]: entry.trim() }, `${name}[${index}]`));
  const replicas = list('PRODUCTION_REPLICA_PORTS', '4101,4102');
  const metrics = list('PRODUCTION_METRICS_PORTS', '9465,9466,9467');
  if (metrics.length !== replicas.length + 1) {
    throw new Error(
      `Invalid configuration: PRODUCTION_METRICS_PORTS needs ${replicas.length + 1} ports (each replica, then the worker)`,
    );
  }
  const ports = {
    site: port(env, 'PRODUCTION_SITE_PORT', 8080),
    remote: port(env, 'PRODUCTION_REMOTE_PORT', 8081),
    api: port(env, 'PRODUCTION_API_PORT', 8082),
    replicas,
    worker: port(env, 'PRODUCTION_WORKER_PORT', 4103),
    metrics,
    postgres: port(env, 'PRODUCTION_POSTGRES_PORT', 5433),
    smtp: port(env, 'PRODUCTION_SMTP_PORT', 2526),
  };
  const all = [
    ports.site,
    ports.remote,
    ports.api,
    ...ports.replicas,
    ports.worker,
    ...ports.metrics,
    ports.postgres,
    ports.smtp,
  ];
  const repeated = all.find((value, index) => all.indexOf(value) !== index);
  if (repeated) throw new Error(`Invalid configuration: port ${repeated} is given to two processes`);
  return ports;
}

/** The public origins: what the builds are given (PUBLIC_*), what CORS allows and links in emails lead to. */
export function topologyOrigins(ports, host = 'localhost') {
  return {
    site: `http://${host}:${ports.site}`,
    remote: `http://${host}:${ports.remote}`,
    api: `http://${host}:${ports.api}`,
  };
}

/**
 * The processes of the API tier: `replica-1`…`replica-n` behind nginx and `worker`. Each has the environment it
 * runs with: `DCIPHER_ENV=staging` (production settings: no development aids, secrets required, the SIGTERM drain;
 * the local test gateway allowed, which production refuses), the shared database, keys and secrets, nginx trusted.
 * `secrets` holds CAPTCHA_HMAC_KEY, SSO_SECRET_KEY and the proxy secret nginx proves itself with to the replicas
 * (TRUSTED_PROXY_SECRET, decision 0095); `extra` is added to every process (RATE_LIMIT_SCALE…).
 * `port` and `metricsPort` are the two sockets a service manager opens for the process and passes to it
 * (LISTEN_FDS, decision 0087); the process binds them itself when started without.
 */
export function apiProcesses({ ports, databaseUrl, dataDir, secrets, smtpUrl, extra = {} }) {
  const origins = topologyOrigins(ports);
  const common = {
    DCIPHER_ENV: 'staging',
    DEV_AIDS: 'off',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    MIGRATE_ON_START: 'off',
    API_HOST: '127.0.0.1',
    CORS_ORIGINS: `${origins.site},${origins.remote}`,
    WEB_URL: origins.site,
    SMTP_URL: smtpUrl,
    CAPTCHA_HMAC_KEY: secrets.captchaHmacKey,
    SSO_SECRET_KEY: secrets.ssoSecretKey,
    ...extra,
  };
  const replicas = ports.replicas.map((replicaPort, index) => ({
    name: `replica-${index + 1}`,
    role: 'replica',
    port: replicaPort,
    metricsPort: ports.metrics[index],
    env: {
      ...common,
      API_PORT: String(replicaPort),
      METRICS_PORT: String(ports.metrics[index]),
      JOBS_WORKER: 'off',
      // Only nginx is believed about the client's address (decision 0076): a caller on its address that also
      // sends the secret nginx adds, since every local process shares 127.0.0.1 (decision 0095).
      TRUSTED_PROXIES: '127.0.0.1',
      ...(secrets.proxySecret && { TRUSTED_PROXY_SECRET: secrets.proxySecret }),
    },
  }));
  const worker = {
    name: 'worker',
    role: 'worker',
    port: ports.worker,
    metricsPort: ports.metrics[ports.replicas.length],
    env: {
      ...common,
      // The worker listens (its /ready tells the runner it is up) but nginx sends it nothing.
      API_PORT: String(ports.worker),
      METRICS_PORT: String(ports.metrics[ports.replicas.length]),
      JOBS_WORKER: 'on',
    },
  };
  return [...replicas, worker];
}

/** nginx's http body for the topology: the site, the remote and the API's host over the replicas. */
export function topologyNginxConfig({ ports, siteRoot, remoteRoot, manifest, rules, proxySecret }) {
  const origins = topologyOrigins(ports);
  return nginxConfig({
    site: { root: siteRoot, listen: `127.0.0.1:${ports.site}`, rules: rules.siteRules, manifest },
    remote: {
      root: remoteRoot,
      listen: `127.0.0.1:${ports.remote}`,
      rules: rules.remoteRules,
      allowedOrigins: [origins.site, `http://127.0.0.1:${ports.site}`],
      policy: contentSecurityPolicy({ origins: { connect: [origins.api], scripts: [] } }),
    },
    api: {
      listen: `127.0.0.1:${ports.api}`,
      upstreams: ports.replicas.map((replicaPort) => `127.0.0.1:${replicaPort}`),
      ...(proxySecret && { proxySecret }),
    },
  });
}
