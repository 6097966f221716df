import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IntegrationProvider } from '@dcipher/shared/contract';
import * as v from 'valibot';

/**
 * The API's whole configuration, read once at start from environment variables by `loadConfig`. Nothing else
 * reads `process.env`. Variables (all optional):
 *
 * - `DCIPHER_ENV`: development | staging | production | test (default development). Staging and production are
 *   the deployed environments: both need `SMTP_URL`, `CAPTCHA_HMAC_KEY` and `WEB_URL`, take https token URLs only
 *   and refuse `DEV_AIDS=on`; only production refuses the local payment gateway (docs/decisions/0028).
 * - `DEV_AIDS`: on | off (default off). `on` seeds the demo organization, serves the dev mailbox (`/dev/mailbox`)
 *   and lets SSO talk to plain-http identity providers (the loopback dev provider). Only for development and
 *   tests, never because an environment is "not production": the local stack runner sets it explicitly.
 * - `TRUSTED_PROXIES`: comma-separated IP addresses or CIDR ranges of the reverse proxies / load balancers in
 *   front of the API (default none). Only a request arriving from one of them has its `X-Forwarded-For` read for
 *   the client address that per-IP limits count; otherwise the connection's address is the client's.
 * - `TRUSTED_PROXY_SECRET` (at least 32 characters; default none): when set, a request from a `TRUSTED_PROXIES`
 *   address is believed only if it carries this value in `X-Dcipher-Proxy-Secret` (nginx sets it): on one machine
 *   every local process shares nginx's address (docs/decisions/0095).
 * - `RATE_LIMIT_SCALE` (default 1; must be 1 in production): multiplies every rate limit, so test stacks raise the
 *   limits instead of rationing their tests (docs/decisions/0064).
 * - `REQUEST_TIMEOUT_SECONDS` (default 10): how long a client has to send a whole request (headers and body); a
 *   silent or slow client is answered 408 and dropped after it.
 * - `SHUTDOWN_DRAIN_SECONDS` (default 5 in staging and production, 0 otherwise): after SIGTERM, how long the process
 *   keeps answering, with `Connection: close` on every answer and `GET /ready` 503, before it stops listening and
 *   finishes (docs/decisions/0075).
 * - `BILLING_SCHEDULER_INTERVAL_SECONDS` (default 60; 0 turns it off): how often the billing scheduler's job
 *   renews due subscriptions, retries failed renewals and tells admins of ended trials (docs/decisions/0040, 0059):
 *   once per slot whatever the number of processes.
 * - `FLOW_UPLOAD_MAX_BYTES` (default 52428800 = 50 MB): the largest data file a workflow upload takes, whatever
 *   the plan allows; the request body limit of `POST /flows/uploads` follows it (docs/decisions/0071).
 * - `FLOW_SCHEDULER_INTERVAL_SECONDS` (default 60; 0 turns it off): how often the job that starts the scheduled
 *   workflow runs whose slot is due fires (`flows.schedule-due`, docs/decisions/0071).
 * - `FLOW_SOURCE_TIMEOUT_SECONDS` (default 15, at most 300): how long fetching one RSS feed or page of a workflow may
 *   take, headers and body; past it the price check or run is refused with `SOURCE_UNREACHABLE` `timeout`
 *   (docs/decisions/0094).
 * - `WEBHOOK_MAX_ATTEMPTS` (default 8, at most 20), `WEBHOOK_RETRY_SECONDS` (default 30, at most 3600) and
 *   `WEBHOOK_TIMEOUT_SECONDS` (default 10, at most 60): a webhook delivery is tried this many times, the wait after
 *   the first failed try doubling after each (at most an hour), each try given up after the timeout
 *   (docs/decisions/0111).
 * - `METRICS_PORT` (default 9464; 0 turns it off) and `METRICS_HOST` (default 127.0.0.1): where this process serves
 *   its Prometheus metrics (`GET /metrics`), apart from the public API (docs/decisions/0060).
 * - `JOBS_WORKER` (`on` by default, `off` in tests): whether this process claims and runs background jobs
 *   (docs/decisions/0059); replicas may leave them to a worker process.
 * - `JOBS_POLL_MILLISECONDS` (default 1000): how often the worker looks for due jobs (a job queued in this process
 *   wakes it at once).
 * - `FLOW_RUN_CONCURRENCY` (default 4): how many workflow runs one worker process runs at once, in the `flows.run`
 *   queue's own lane; every other queue has its lane too, so emails, billing and payment repair never wait behind
 *   runs (docs/decisions/0092).
 * - `FLOW_RUNS_PER_ORGANIZATION` (default 1): how many runs of one organization run at once across every process;
 *   its further runs wait while other organizations' runs go ahead (docs/decisions/0092).
 * - `FLOW_RUN_LEASE_SECONDS` (default 60): how long a run's job stays its worker's without a heartbeat: a worker
 *   killed mid-run is replaced after it. After 3 tries whose workers all died, the run ends failed and refunded.
 * - `EMAIL_SEND_INTERVAL_SECONDS` (default 5): with `SMTP_URL`, how often the worker's `email.send-due` job delivers
 *   the outbox (a process that queued a message also delivers it at once).
 * - `MIGRATE_ON_START`: on | off (default on). `off`: the process does not migrate the database; it refuses to start
 *   while migrations are pending, which the migrate command (`pnpm --filter @dcipher/api migrate`) applies once,
 *   before the replicas start (docs/decisions/0077).
 * - `API_HOST` (default 127.0.0.1) and `API_PORT` (default 4000).
 * - `LISTEN_FDS`, `LISTEN_FDNAMES` and `LISTEN_PID`: sockets a service manager opened and passed (systemd's socket
 *   activation; the production runner does the same, docs/decisions/0087). `LISTEN_FDS` (1 or 2) sockets from file
 *   descriptor 3 on, named in order by `LISTEN_FDNAMES` (`api`, `metrics`; default `api:metrics`); when `LISTEN_PID`
 *   is set and is not this process's, they are not ours and are ignored. An inherited socket is served instead of
 *   `API_HOST`/`API_PORT` (or `METRICS_HOST`/`METRICS_PORT`), and outlives the process: a successor started on it
 *   takes every connection the old one no longer accepts, so a restart refuses none.
 * - `DATABASE_URL`: a postgres:// URL; when set, PostgreSQL is used instead of the embedded PGlite.
 * - `DATA_DIR` (default `<repository root>/.data`): PGlite files go to `DATA_DIR/pglite`, the token signing key
 *   pair to `DATA_DIR/keys`. The special value `memory://` keeps both in memory (nothing written; a new key pair
 *   on every start), which is what tests use.
 * - `PGLITE_SHARED_BUFFERS` (default PostgreSQL's 128MB): the embedded PGlite's shared buffers, as PostgreSQL
 *   spells a size, 128kB to 1GB (`16MB`, `1GB`, `8192kB`). PGlite clears all of them at every start, about 0.6 s of CPU for
 *   128MB; the tests' short-lived API processes start with 16MB (issue 33). Ignored with `DATABASE_URL`.
 * - `CORS_ORIGINS`: comma-separated browser origins allowed to call the API
 *   (default http://localhost:8000,http://localhost:3001: the local site and account remote).
 * - `ACCESS_TOKEN_TTL_SECONDS` (default 900), `REFRESH_TOKEN_TTL_SECONDS` (default 43200 = 12 h) and
 *   `STAY_SIGNED_IN_TTL_SECONDS` (default 1209600 = 14 days, the refresh lifetime when a login asks to stay
 *   signed in).
 * - `SMTP_URL`: an smtp:// or smtps:// URL (`smtp://user:password@smtp.example.com:587`); when set, email is
 *   queued in the outbox table and a background sender delivers it through that server, with retries
 *   (docs/decisions/0030); otherwise it only goes to the outbox table (read at `/dev/mailbox` with dev aids).
 *   Required in staging and production, where email must reach real inboxes.
 * - `MAIL_FROM` (default `Dcipher <no-reply@dcipher.io>`): the From header of every email.
 * - `CAPTCHA_HMAC_KEY`: the secret captcha challenges are signed with (at least 32 characters; shared by every
 *   replica). Required in staging and production; elsewhere one is generated on first start and kept in `DATA_DIR/keys`.
 *   The key of the unsubscribe links in marketing email is derived from it (docs/decisions/0018).
 * - `SSO_SECRET_KEY`: the AES-256-GCM key SSO client secrets are encrypted with at rest, 32 bytes as 64 hex digits
 *   or base64 (`openssl rand -hex 32`; the same on every replica). Required in staging and production; elsewhere one
 *   is generated on first start and kept in `DATA_DIR/keys`. See docs/decisions/0036.
 * - `DNS_RESOLVER`: comma-separated `host[:port]` DNS servers the SSO domain verification asks for TXT records;
 *   unset, the system's resolver. Tests point it at a loopback server.
 * - `CAPTCHA_MAX_NUMBER` (default 50000; 1000 when `DCIPHER_ENV=test`): captcha difficulty, the most SHA-256
 *   hashes a browser may have to try (half that on average). See docs/decisions/0010-captcha.md.
 * - `WEB_URL` (default http://localhost:8000): the marketing site's public URL, which links in emails point to
 *   (`/verify-email?token=...`, `/login`). Required in staging and production, where a localhost link would reach
 *   no one.
 * - `PAYMENTS_PROVIDER` (default `local`): the payment gateway cards are tokenised with. `local` is the embedded
 *   test gateway (test card numbers only, no money moves), which production refuses; `stripe` is Stripe, with
 *   `STRIPE_SECRET_KEY` (sk_…), `STRIPE_PUBLISHABLE_KEY` (pk_…, given to the browser's Stripe Elements) and
 *   `STRIPE_WEBHOOK_SECRET` (whsec_…, checks the signature of `POST /webhooks/stripe`), all three required;
 *   `STRIPE_API_URL` points the API at another Stripe-compatible server (tests use a loopback one). See
 *   docs/decisions/0012-payment-methods.md and 0043.
 * - `VAT_VALIDATION`: offline | vies (default offline). How VAT numbers are checked when billing details are
 *   saved: `offline` by their country's format and check digits; `vies` also asks the EU's VIES register
 *   (`VIES_API_URL`, default its REST API; tests use a loopback server). See docs/decisions/0057.
 * - `MIRO_CLIENT_ID`, `MIRO_CLIENT_SECRET`, `MIRO_REDIRECT_URI`: the OAuth app registered with Miro; all three or
 *   none. Unset, `GET /auth/miro/accessToken` answers 503. `MIRO_TOKEN_URL` (default
 *   https://api.miro.com/v1/oauth/token) points the code exchange elsewhere (tests use a loopback server).
 * - `SURVEYMONKEY_CLIENT_ID`, `SURVEYMONKEY_CLIENT_SECRET`, `SURVEYMONKEY_REDIRECT_URI`, `SURVEYMONKEY_TOKEN_URL`
 *   (default https://api.surveymonkey.com/oauth/token): the same for SurveyMonkey. See docs/decisions/0016.
 *
 * Tests may also build a `Config` object directly.
 */
export interface Config {
  environment: Environment;
  /** Demo seed, dev mailbox, plain-http SSO providers: development and tests only (`DEV_AIDS=on`). */
  devAids: boolean;
  host: string;
  port: number;
  /** PGlite without `dataDir` runs in memory. */
  database: { kind: 'pglite'; dataDir?: string; sharedBuffers?: string } | { kind: 'postgres'; url: string };
  /** Where the signing key pair is kept; without it a fresh pair is generated in memory on every start. */
  keysDir?: string;
  corsOrigins: string[];
  /** Addresses and CIDR ranges whose `X-Forwarded-For` is believed; empty: the connection's address counts. */
  trustedProxies: string[];
  /**
   * With it, a request from a `trustedProxies` address is believed only when it carries this secret in
   * `X-Dcipher-Proxy-Secret`, which nginx adds (docs/decisions/0095).
   */
  trustedProxySecret?: string;
  /** A client must have sent its whole request (headers and body) within this many seconds. */
  requestTimeoutSeconds: number;
  /**
   * After SIGTERM, how long the process keeps answering (every answer closing its connection, `/ready` 503) before
   * it stops listening, so the load balancer moves its connections elsewhere (docs/decisions/0075).
   */
  shutdownDrainSeconds: number;
  /**
   * Every rate limit's count is multiplied by this (1 in production, which refuses another value): the browser and
   * load tests raise the limits instead of rationing themselves (docs/decisions/0064).
   */
  rateLimitScale: number;
  /** How often the billing scheduler's job fires (docs/decisions/0040, 0059); 0: never. */
  billingSchedulerIntervalSeconds: number;
  /** Whether this process claims and runs background jobs (docs/decisions/0059). */
  jobsWorker: boolean;
  /** Whether this process applies pending migrations when it starts; off, it refuses to start behind (0077). */
  migrateOnStart: boolean;
  /** The worker's polling, lanes and leases (docs/decisions/0059, 0092). */
  jobs: JobsSettings;
  /** Workflows (docs/decisions/0071). */
  flows: {
    /** The largest upload, in bytes, whatever the plan allows. */
    uploadMaxBytes: number;
    /** How often `flows.schedule-due` fires; 0: never. */
    schedulerIntervalSeconds: number;
    /**
     * RSS feeds and pages on 127.0.0.0/8 are fetched: never from an environment variable, only a test that serves
     * a feed on loopback sets it.
     */
    allowLoopbackSources: boolean;
    /**
     * How long fetching one RSS feed or page may take, headers and body, before it is given up as
     * `SOURCE_UNREACHABLE` `timeout` (docs/decisions/0094). Loaded configs always set it; a test's override may leave
     * it out (15 s).
     */
    sourceTimeoutSeconds?: number;
  };
  /** Webhook deliveries (docs/decisions/0111). */
  webhooks: WebhookSettings;
  /** Where `GET /metrics` is served, apart from the API (docs/decisions/0060); port 0: not served. */
  metrics: { host: string; port: number };
  /**
   * The file descriptors of listening sockets a service manager passed (`LISTEN_FDS`, docs/decisions/0087), served
   * instead of binding `host`/`port` (`api`) or the metrics address (`metrics`).
   */
  inheritedSockets: { api?: number; metrics?: number };
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  staySignedInTtlSeconds: number;
  /** Without `smtpUrl`, email is only stored in the outbox. */
  mail: { from: string; smtpUrl?: string };
  /** Without `hmacKey`, a key is generated (and kept in `keysDir` when there is one). */
  captcha: { hmacKey?: string; maxNumber: number };
  /** Without `secretKey`, a key is generated (and kept in `keysDir` when there is one). */
  sso: { secretKey?: Buffer; dnsResolvers: string[] };
  /** The marketing site's public URL, without a trailing slash: the base of every link in an email. */
  webUrl: string;
  payments: PaymentSettings;
  /** How VAT numbers are checked when billing details are saved (docs/decisions/0057). */
  vatValidation: VatValidationSettings;
  /** The OAuth clients of the third-party tools users connect; a provider left out is not configured. */
  integrations: IntegrationSettings;
}

/** The worker's polling, lanes and leases (docs/decisions/0059, 0092). */
export interface JobsSettings {
  /** How often the worker looks for due jobs. */
  pollMilliseconds: number;
  /** `flows.run` jobs one process runs at once. */
  runConcurrency: number;
  /** Running `flows.run` jobs of one organization across every process. */
  runsPerOrganization: number;
  /** The lease of a `flows.run` job. */
  runLeaseSeconds: number;
  /** How often `email.send-due` fires (with SMTP). */
  emailSendIntervalSeconds: number;
}

/** How webhook deliveries are tried (docs/decisions/0111). */
export interface WebhookSettings {
  /** Tries of one delivery, the first included; then it is marked failed. */
  maxAttempts: number;
  /** The wait after the first failed try, doubled after each further one (the jobs module caps it at an hour). */
  retrySeconds: number;
  /** How long one try may take, headers and the first bytes of the body, before it counts as failed. */
  timeoutSeconds: number;
  /**
   * Endpoints on 127.0.0.0/8 over plain http are accepted and posted to: never from an environment variable, only a
   * test that serves a receiver on loopback sets it (as `flows.allowLoopbackSources`).
   */
  allowLoopbackEndpoints: boolean;
}

/** An OAuth app registered with a provider: where and with what the API exchanges authorization codes. */
export interface OAuthClientSettings {
  clientId: string;
  /** Never logged, never echoed in configuration errors. */
  clientSecret: string;
  /** The redirect URI registered with the provider; the token request must repeat it. */
  redirectUri: string;
  /** The provider's token endpoint. */
  tokenUrl: string;
}

export type IntegrationSettings = Partial<Record<IntegrationProvider, OAuthClientSettings>>;

/** Each provider's environment variable prefix, its name in messages and its real token endpoint. */
const oauthClientVariables = {
  miro: { prefix: 'MIRO', name: 'Miro', tokenUrl: 'https://api.miro.com/v1/oauth/token' },
  surveymonkey: {
    prefix: 'SURVEYMONKEY',
    name: 'SurveyMonkey',
    tokenUrl: 'https://api.surveymonkey.com/oauth/token',
  },
} as const satisfies Record<IntegrationProvider, { prefix: string; name: string; tokenUrl: string }>;

/** Payment gateways `PAYMENTS_PROVIDER` can name; `local` is the embedded test gateway. */
export const paymentProviders = ['local', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export type PaymentSettings =
  | { provider: 'local' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      apiBaseUrl?: string | undefined;
    };

/** `VAT_VALIDATION`: the embedded format and check-digit check, or VIES as well. */
export const vatValidationKinds = ['offline', 'vies'] as const;
export type VatValidationSettings = { kind: 'offline' } | { kind: 'vies'; apiUrl: string };
/** The European Commission's VIES REST API, the default of `VIES_API_URL`. */
const viesApiUrl = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

export const environments = ['development', 'staging', 'production', 'test'] as const;
export type Environment = (typeof environments)[number];

/** Where the product really runs: configured like production, and never with development aids. */
export const deployedEnvironments: readonly Environment[] = ['staging', 'production'];

export const inMemoryDataDir = 'memory://';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A whole number from 0 to `max`, given as text; `message` for anything else. */
const wholeNumberUpTo = (max: number, message: string) =>
  v.pipe(v.string(), v.regex(/^\d+$/, message), v.transform(Number), v.maxValue(max, message));

const positiveInteger = (max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be a whole number between 1 and ${max}`),
    v.transform(Number),
    v.minValue(1, `must be a whole number between 1 and ${max}`),
    v.maxValue(max, `must be a whole number between 1 and ${max}`),
  );

const oneYearInSeconds = 366 * 24 * 60 * 60;

const smtpUrlMessage = 'must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.com:587';

/** Values are echoed in error messages, which go to logs: a URL's password is not. */
const withoutPassword = (value: string | undefined) => value?.replace(/(\/\/[^/:@\s]*:)[^@\s]*@/, '$1***@');

const captchaHmacKeyMinLength = 32;
const captchaHmacKeyMessage = `must be a random secret of at least ${captchaHmacKeyMinLength} characters (openssl rand -hex 32)`;

const webUrlMessage =
  'must be an http:// or https:// URL such as https://www.dcipher.io (no query or fragment)';

const httpUrlMessage = 'must be an http:// or https:// URL';
const httpUrl = v.pipe(
  v.string(),
  v.regex(/^https?:\/\/\S+$/, httpUrlMessage),
  v.check((url) => URL.canParse(url), httpUrlMessage),
);
const oauthClientId = v.pipe(
  v.string(),
  v.regex(/^\S{1,500}$/, 'must be the client id the provider issued (no spaces)'),
);
const oauthClientSecret = v.pipe(
  v.string(),
  v.regex(/^\S{1,500}$/, 'must be the client secret the provider issued (no spaces)'),
);

const devAidsValues = ['on', 'off'] as const;

const trustedProxiesMessage =
  'must be a comma-separated list of IP addresses or CIDR ranges such as 10.0.0.0/8, 192.0.2.10';

/** An IPv4 or IPv6 address, optionally with a prefix length that fits it (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const ssoSecretKeyMessage = 'must be 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32)';

/** 64 hex digits or base64 of exactly 32 bytes; anything else is undefined (refused). */
function decodeSecretKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return undefined;
  const key = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  return key.length === 32 ? key : undefined;
}

const dnsResolverMessage =
  'must be a comma-separated list of DNS servers as IP[:port] or [IPv6]:port, such as 1.1.1.1,8.8.8.8:53';

function isResolverAddress(entry: string): boolean {
  const bracketed = /^\[([0-9a-fA-F:]+)\](?::(\d{1,5}))?$/.exec(entry);
  const plain = /^([0-9.]+|[0-9a-fA-F:]+)$/.exec(entry);
  const withPort = /^([0-9.]+):(\d{1,5})$/.exec(entry);
  const [, address, port] = bracketed ?? withPort ?? plain ?? [];
  if (!address || isIP(address) === 0) return false;
  return port === undefined || (Number(port) > 0 && Number(port) <= 65535);
}

/** Variables whose values never appear in error messages (which go to logs). */
const secretVariables = new Set([
  'SSO_SECRET_KEY',
  'CAPTCHA_HMAC_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'MIRO_CLIENT_SECRET',
  'SURVEYMONKEY_CLIENT_SECRET',
]);

/**
 * A size as PostgreSQL spells one (`16MB`, `1GB`, `8192kB`) in kilobytes; undefined for anything else. PGlite's
 * shared buffers are bounded by its WebAssembly memory: 1.5GB still started here, 2GB failed with "PGlite failed to
 * initialize properly", so PGLITE_SHARED_BUFFERS is refused above 1GB at start instead.
 */
function sizeInKilobytes(size: string): number | undefined {
  const match = /^([1-9][0-9]{0,6})(kB|MB|GB)$/.exec(size);
  if (!match) return undefined;
  const units = { kB: 1, MB: 1024, GB: 1024 * 1024 } as const;
  return Number(match[1]) * units[match[2] as keyof typeof units];
}

const EnvironmentVariablesSchema = v.object({
  DCIPHER_ENV: v.optional(
    v.picklist(environments, `must be one of ${environments.join(', ')}`),
    'development',
  ),
  DEV_AIDS: v.optional(v.picklist(devAidsValues, `must be one of ${devAidsValues.join(', ')}`), 'off'),
  API_HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  API_PORT: v.optional(positiveInteger(65535), '4000'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')),
  ),
  DATA_DIR: v.optional(v.string(), path.join(repositoryRoot, '.data')),
  PGLITE_SHARED_BUFFERS: v.optional(
    v.pipe(
      v.string(),
      v.check((size) => {
        const kilobytes = sizeInKilobytes(size);
        return kilobytes !== undefined && kilobytes >= 128 && kilobytes <= 1024 * 1024;
      }, 'must be a size from 128kB to 1GB, such as 16MB or 8192kB'),
    ),
  ),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
      v.check(
        (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
        'must be a comma-separated list of origins such as https://www.example.com (no path, no trailing slash)',
      ),
    ),
    'http://localhost:8000,http://localhost:3001',
  ),
  TRUSTED_PROXY_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[\x21-\x7e]{32,256}$/, 'must be 32 to 256 printable characters without spaces'),
    ),
  ),
  TRUSTED_PROXIES: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
      v.check((entries) => entries.every(isAddressOrRange), trustedProxiesMessage),
    ),
    '',
  ),
  REQUEST_TIMEOUT_SECONDS: v.optional(positiveInteger(300), '10'),
  SHUTDOWN_DRAIN_SECONDS: v.optional(wholeNumberUpTo(120, 'must be a whole number of seconds from 0 to 120')),
  RATE_LIMIT_SCALE: v.optional(positiveInteger(10_000), '1'),
  BILLING_SCHEDULER_INTERVAL_SECONDS: v.optional(
    wholeNumberUpTo(86_400, 'must be a whole number of seconds from 0 (off) to 86400'),
    '60',
  ),
  JOBS_WORKER: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  MIGRATE_ON_START: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  JOBS_POLL_MILLISECONDS: v.optional(positiveInteger(60_000), '1000'),
  FLOW_RUN_CONCURRENCY: v.optional(positiveInteger(64), '4'),
  FLOW_RUNS_PER_ORGANIZATION: v.optional(positiveInteger(64), '1'),
  FLOW_RUN_LEASE_SECONDS: v.optional(positiveInteger(3600), '60'),
  EMAIL_SEND_INTERVAL_SECONDS: v.optional(positiveInteger(3600), '5'),
  FLOW_UPLOAD_MAX_BYTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number of bytes from 1024 to 1073741824'),
      v.transform(Number),
      v.minValue(1024, 'must be a whole number of bytes from 1024 to 1073741824'),
      v.maxValue(1_073_741_824, 'must be a whole number of bytes from 1024 to 1073741824'),
    ),
    '52428800',
  ),
  FLOW_SCHEDULER_INTERVAL_SECONDS: v.optional(
    wholeNumberUpTo(86_400, 'must be a whole number of seconds from 0 (off) to 86400'),
    '60',
  ),
  FLOW_SOURCE_TIMEOUT_SECONDS: v.optional(positiveInteger(300), '15'),
  WEBHOOK_MAX_ATTEMPTS: v.optional(positiveInteger(20), '8'),
  WEBHOOK_RETRY_SECONDS: v.optional(positiveInteger(3600), '30'),
  WEBHOOK_TIMEOUT_SECONDS: v.optional(positiveInteger(60), '10'),
  METRICS_PORT: v.optional(wholeNumberUpTo(65_535, 'must be a port number from 0 (off) to 65535'), '9464'),
  METRICS_HOST: v.optional(v.pipe(v.string(), v.minLength(1, 'must name an address')), '127.0.0.1'),
  LISTEN_FDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[12]$/, 'must be 1 or 2: the sockets passed from file descriptor 3 on (api, then metrics)'),
      v.transform(Number),
    ),
  ),
  LISTEN_FDNAMES: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(api|metrics)(:(api|metrics))?$/,
        'must name each passed socket, api or metrics, joined by ":"',
      ),
      v.transform((names) => names.split(':')),
      v.check((names) => new Set(names).size === names.length, 'must name each passed socket once'),
    ),
  ),
  LISTEN_PID: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a process id'), v.transform(Number))),
  ACCESS_TOKEN_TTL_SECONDS: v.optional(positiveInteger(oneYearInSeconds), '900'),
  REFRESH_TOKEN_TTL_SECONDS: v.optional(positiveInteger(oneYearInSeconds), '43200'),
  STAY_SIGNED_IN_TTL_SECONDS: v.optional(positiveInteger(oneYearInSeconds), '1209600'),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^smtps?:\/\/[^\s/?#]+\/?(?:\?\S*)?$/, smtpUrlMessage),
      v.check((url) => URL.canParse(url), smtpUrlMessage),
    ),
  ),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an address such as "Dcipher <no-reply@dcipher.io>" or no-reply@dcipher.io',
      ),
    ),
    'Dcipher <no-reply@dcipher.io>',
  ),
  CAPTCHA_HMAC_KEY: v.optional(
    v.pipe(v.string(), v.minLength(captchaHmacKeyMinLength, captchaHmacKeyMessage)),
  ),
  CAPTCHA_MAX_NUMBER: v.optional(positiveInteger(10_000_000)),
  SSO_SECRET_KEY: v.optional(
    v.pipe(
      v.string(),
      v.transform(decodeSecretKey),
      v.check((key): key is Buffer => key !== undefined, ssoSecretKeyMessage),
    ),
  ),
  DNS_RESOLVER: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
      v.check((entries) => entries.every(isResolverAddress), dnsResolverMessage),
    ),
    '',
  ),
  WEB_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/, webUrlMessage),
      v.check((url) => URL.canParse(url), webUrlMessage),
      // Links are built as `${webUrl}/verify-email`, so a trailing slash would double.
      v.transform((url) => url.replace(/\/+$/, '')),
    ),
    'http://localhost:8000',
  ),
  PAYMENTS_PROVIDER: v.optional(
    v.picklist(paymentProviders, `must be one of ${paymentProviders.join(', ')}`),
    'local',
  ),
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(sk|rk)_(test|live)_\S{8,}$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
    ),
  ),
  STRIPE_PUBLISHABLE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^pk_(test|live)_\S{8,}$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)'),
    ),
  ),
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^whsec_\S{8,}$/, "must be the webhook endpoint's signing secret (whsec_…)")),
  ),
  STRIPE_API_URL: v.optional(httpUrl),
  VAT_VALIDATION: v.optional(
    v.picklist(vatValidationKinds, `must be one of ${vatValidationKinds.join(', ')}`),
    'offline',
  ),
  VIES_API_URL: v.optional(httpUrl, viesApiUrl),
  MIRO_CLIENT_ID: v.optional(oauthClientId),
  MIRO_CLIENT_SECRET: v.optional(oauthClientSecret),
  MIRO_REDIRECT_URI: v.optional(httpUrl),
  MIRO_TOKEN_URL: v.optional(httpUrl),
  SURVEYMONKEY_CLIENT_ID: v.optional(oauthClientId),
  SURVEYMONKEY_CLIENT_SECRET: v.optional(oauthClientSecret),
  SURVEYMONKEY_REDIRECT_URI: v.optional(httpUrl),
  SURVEYMONKEY_TOKEN_URL: v.optional(httpUrl),
});

/** Reads and validates the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (`API_PORT=`) means "not set", as most shells and .env files intend.
  const present = Object.fromEntries(
    Object.keys(EnvironmentVariablesSchema.entries)
      .map((name) => [name, env[name]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(EnvironmentVariablesSchema, present, { abortPipeEarly: true });
  const problems = (result.issues ?? []).map((issue) => {
    const name = issue.path?.map((item) => String(item.key)).join('.') ?? 'environment';
    const received =
      name in present && !secretVariables.has(name) ? ` (got "${withoutPassword(present[name])}")` : '';
    return `${name} ${issue.message}${received}`;
  });
  const environment = present.DCIPHER_ENV;
  if (isDeployed(environment)) {
    if (!present.SMTP_URL) {
      problems.push(
        `SMTP_URL must be set in ${environment}, so that email reaches real inboxes (${smtpUrlMessage})`,
      );
    }
    if (!present.CAPTCHA_HMAC_KEY) {
      problems.push(
        `CAPTCHA_HMAC_KEY must be set in ${environment}, the same on every replica (${captchaHmacKeyMessage})`,
      );
    }
    if (!present.SSO_SECRET_KEY) {
      problems.push(
        `SSO_SECRET_KEY must be set in ${environment}, the same on every replica, so SSO client secrets stay readable (${ssoSecretKeyMessage})`,
      );
    }
    if (!present.WEB_URL) {
      problems.push(
        `WEB_URL must be set in ${environment}, so that links in emails reach the site (${webUrlMessage})`,
      );
    }
    if (present.DEV_AIDS === 'on') {
      problems.push(
        `DEV_AIDS must be off in ${environment}: demo accounts with a published password and a public mailbox of one-time links would let anyone take accounts over`,
      );
    }
  }
  if (environment === 'production' && (present.RATE_LIMIT_SCALE ?? '1') !== '1') {
    problems.push(
      'RATE_LIMIT_SCALE must be 1 in production: the limits protect the service and its customers',
    );
  }
  if (environment === 'production' && (present.PAYMENTS_PROVIDER ?? 'local') === 'local') {
    problems.push(
      'PAYMENTS_PROVIDER must name a real payment gateway in production ("stripe"); "local" only takes test cards',
    );
  }
  if (present.PAYMENTS_PROVIDER === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      if (!present[name]) problems.push(`${name} must be set when PAYMENTS_PROVIDER is stripe`);
    }
  }
  problems.push(...oauthClientProblems(present));
  if (!result.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const variables = result.output;
  const listenNames = variables.LISTEN_FDNAMES ?? ['api', 'metrics'].slice(0, variables.LISTEN_FDS ?? 0);
  const passedToUs =
    variables.LISTEN_FDS !== undefined &&
    (variables.LISTEN_PID === undefined || variables.LISTEN_PID === process.pid);
  if (passedToUs && listenNames.length !== variables.LISTEN_FDS) {
    throw new ConfigError(
      `Invalid configuration: LISTEN_FDNAMES must name each of the ${variables.LISTEN_FDS} passed sockets (got ${listenNames.length})`,
    );
  }
  const inMemory = variables.DATA_DIR === inMemoryDataDir;
  const dataDir = inMemory ? undefined : path.resolve(variables.DATA_DIR);

  return {
    environment: variables.DCIPHER_ENV,
    devAids: variables.DEV_AIDS === 'on',
    host: variables.API_HOST,
    port: variables.API_PORT,
    database: variables.DATABASE_URL
      ? { kind: 'postgres', url: variables.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: dataDir && path.join(dataDir, 'pglite'),
          ...(variables.PGLITE_SHARED_BUFFERS && { sharedBuffers: variables.PGLITE_SHARED_BUFFERS }),
        },
    keysDir: dataDir && path.join(dataDir, 'keys'),
    corsOrigins: variables.CORS_ORIGINS,
    trustedProxies: variables.TRUSTED_PROXIES,
    ...(variables.TRUSTED_PROXY_SECRET !== undefined && {
      trustedProxySecret: variables.TRUSTED_PROXY_SECRET,
    }),
    requestTimeoutSeconds: variables.REQUEST_TIMEOUT_SECONDS,
    shutdownDrainSeconds: variables.SHUTDOWN_DRAIN_SECONDS ?? (isDeployed(variables.DCIPHER_ENV) ? 5 : 0),
    rateLimitScale: variables.RATE_LIMIT_SCALE,
    billingSchedulerIntervalSeconds: variables.BILLING_SCHEDULER_INTERVAL_SECONDS,
    jobsWorker: variables.JOBS_WORKER === 'on',
    migrateOnStart: variables.MIGRATE_ON_START === 'on',
    jobs: {
      pollMilliseconds: variables.JOBS_POLL_MILLISECONDS,
      runConcurrency: variables.FLOW_RUN_CONCURRENCY,
      runsPerOrganization: variables.FLOW_RUNS_PER_ORGANIZATION,
      runLeaseSeconds: variables.FLOW_RUN_LEASE_SECONDS,
      emailSendIntervalSeconds: variables.EMAIL_SEND_INTERVAL_SECONDS,
    },
    flows: {
      uploadMaxBytes: variables.FLOW_UPLOAD_MAX_BYTES,
      schedulerIntervalSeconds: variables.FLOW_SCHEDULER_INTERVAL_SECONDS,
      allowLoopbackSources: false,
      sourceTimeoutSeconds: variables.FLOW_SOURCE_TIMEOUT_SECONDS,
    },
    webhooks: {
      maxAttempts: variables.WEBHOOK_MAX_ATTEMPTS,
      retrySeconds: variables.WEBHOOK_RETRY_SECONDS,
      timeoutSeconds: variables.WEBHOOK_TIMEOUT_SECONDS,
      allowLoopbackEndpoints: false,
    },
    metrics: { host: variables.METRICS_HOST, port: variables.METRICS_PORT },
    inheritedSockets: passedToUs
      ? Object.fromEntries(listenNames.map((name, index) => [name, 3 + index]))
      : {},
    accessTokenTtlSeconds: variables.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: variables.REFRESH_TOKEN_TTL_SECONDS,
    staySignedInTtlSeconds: variables.STAY_SIGNED_IN_TTL_SECONDS,
    mail: { from: variables.MAIL_FROM, ...(variables.SMTP_URL && { smtpUrl: variables.SMTP_URL }) },
    captcha: {
      ...(variables.CAPTCHA_HMAC_KEY && { hmacKey: variables.CAPTCHA_HMAC_KEY }),
      // Tests solve challenges in-process; the low default keeps them fast.
      maxNumber: variables.CAPTCHA_MAX_NUMBER ?? (variables.DCIPHER_ENV === 'test' ? 1000 : 50_000),
    },
    sso: {
      ...(variables.SSO_SECRET_KEY && { secretKey: variables.SSO_SECRET_KEY as Buffer }),
      dnsResolvers: variables.DNS_RESOLVER,
    },
    webUrl: variables.WEB_URL,
    payments:
      variables.PAYMENTS_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            // Checked above: all three are set with stripe.
            secretKey: variables.STRIPE_SECRET_KEY ?? '',
            publishableKey: variables.STRIPE_PUBLISHABLE_KEY ?? '',
            webhookSecret: variables.STRIPE_WEBHOOK_SECRET ?? '',
            apiBaseUrl: variables.STRIPE_API_URL,
          }
        : { provider: 'local' },
    vatValidation:
      variables.VAT_VALIDATION === 'vies'
        ? { kind: 'vies', apiUrl: variables.VIES_API_URL.replace(/\/+$/, '') }
        : { kind: 'offline' },
    integrations: integrationSettings(variables),
  };
}

const isDeployed = (environment: string | undefined) =>
  (deployedEnvironments as readonly string[]).includes(environment ?? '');

type ValidVariables = v.InferOutput<typeof EnvironmentVariablesSchema>;
const oauthVariable = (provider: IntegrationProvider, part: string) =>
  `${oauthClientVariables[provider].prefix}_${part}` as keyof ValidVariables;

/** A provider's client id, secret and redirect URI come together; its token URL must be https in production. */
function oauthClientProblems(present: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const provider of Object.keys(oauthClientVariables) as IntegrationProvider[]) {
    const { name } = oauthClientVariables[provider];
    const required = ['CLIENT_ID', 'CLIENT_SECRET', 'REDIRECT_URI'].map((part) =>
      oauthVariable(provider, part),
    );
    const missing = required.filter((variable) => !present[variable]);
    if (missing.length > 0 && missing.length < required.length) {
      problems.push(
        `${missing.join(' and ')} must be set too: ${required.join(', ')} enable ${name} together (set all three, or none)`,
      );
    }
    const tokenUrl = present[oauthVariable(provider, 'TOKEN_URL')];
    if (isDeployed(present.DCIPHER_ENV) && tokenUrl && !tokenUrl.startsWith('https://')) {
      problems.push(
        `${oauthVariable(provider, 'TOKEN_URL')} must be an https:// URL in ${present.DCIPHER_ENV}, as the client secret is sent there`,
      );
    }
  }
  return problems;
}

function integrationSettings(variables: ValidVariables): IntegrationSettings {
  const settings: IntegrationSettings = {};
  for (const provider of Object.keys(oauthClientVariables) as IntegrationProvider[]) {
    const clientId = variables[oauthVariable(provider, 'CLIENT_ID')] as string | undefined;
    const clientSecret = variables[oauthVariable(provider, 'CLIENT_SECRET')] as string | undefined;
    const redirectUri = variables[oauthVariable(provider, 'REDIRECT_URI')] as string | undefined;
    const tokenUrl = variables[oauthVariable(provider, 'TOKEN_URL')] as string | undefined;
    if (clientId && clientSecret && redirectUri) {
      settings[provider] = {
        clientId,
        clientSecret,
        redirectUri,
        tokenUrl: tokenUrl ?? oauthClientVariables[provider].tokenUrl,
      };
    }
  }
  return settings;
}
