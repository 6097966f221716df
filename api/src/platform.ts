import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { createMailer } from './adapters/mailer/create-mailer.js';
import { defaultEmailSenderOptions } from './adapters/mailer/email-sender.js';
import type { Mailer } from './adapters/mailer/mailer.js';
import { type Config, ConfigError, deployedEnvironments } from './config.js';
import type { Database } from './db/database.js';
import { migrate, pendingMigrations } from './db/migrate.js';
import { findSeededDemoAccounts, seedDemoData } from './db/seed-demo-data.js';
import { createMetrics } from './http/metrics.js';
import { checkAnswersAgainstTheContract } from './http/register-endpoint.js';
import { registerErrorHandling } from './http/register-error-handling.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { backgroundQueues } from './jobs/background-jobs.js';
import { createJobs, type Jobs } from './jobs/jobs.js';
import { createRateLimiter } from './modules/abuse/rate-limiter.js';
import { createPasswordHasher, type PasswordHasher } from './modules/identity/password-hasher.js';
import {
  currentKeyChangedAt,
  loadOrCreateSigningKeys,
  type SigningKeys,
} from './modules/identity/signing-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's configuration (`loadConfig`). */
    config: Config;
    /** The database, migrated (PGlite or PostgreSQL); repositories take it or a transaction of it. */
    database: Database;
    /** How modules send email; see `adapters/mailer/mailer.ts`. */
    mailer: Mailer;
    /** Argon2id, for every password the API stores or checks. */
    passwordHasher: PasswordHasher;
    /** The RS256 pair that signs access tokens (the JWKS publishes its public half). */
    signingKeys: SigningKeys;
    /** The jobs module (docs/decisions/0059): queues, schedules and the worker of this process. */
    jobs: Jobs;
    /** This process's Prometheus metrics (docs/decisions/0060), served apart by `createMetricsServer`. */
    metrics: Registry;
    /** Whether this process is shutting down (docs/decisions/0075): `GET /ready` answers 503 from then on. */
    readiness: Readiness;
  }
}

/** Shutting down, the process still answers, but says it is not ready and closes every connection it answers on. */
export interface Readiness {
  readonly shuttingDown: boolean;
  beginShutdown(): void;
}

export interface PlatformOptions {
  config: Config;
  /** Opened by `createServer`, which closes it on a failed start. */
  database: Database;
  /** Whether closing the server closes the database (not when a test gave its own). */
  ownsDatabase: boolean;
  /** A mailer replacing the configured one, background sender included (tests). */
  mailer?: Mailer | undefined;
}

/**
 * What every module stands on, as decorators: the configuration, the migrated database, the mailer, the password
 * hasher, the signing keys, the rate limiter, the jobs module and the metrics; and what every route goes through:
 * error handling (with the declared-codes check and, in tests, the answers checked against the contract),
 * security headers and CORS. Modules are registered after it and name it as their dependency.
 */
export const platform = fp<PlatformOptions>(
  async (app: FastifyInstance, { config, database, ownsDatabase, mailer: givenMailer }) => {
    if (config.migrateOnStart) {
      await migrate(database);
    } else {
      // MIGRATE_ON_START=off: the migrate command's step applies them before any replica starts (decision 0077).
      const pending = await pendingMigrations(database);
      if (pending.length > 0) {
        throw new ConfigError(
          `MIGRATE_ON_START is off and ${pending.length} migration(s) are pending (${pending.join(', ')}): run the migrate command first (pnpm --filter @dcipher/api migrate)`,
        );
      }
    }
    if (deployedEnvironments.includes(config.environment)) {
      // A database once run with development aids keeps the demo accounts, whose password the README publishes.
      const demoAccounts = await findSeededDemoAccounts(database);
      if (demoAccounts.length > 0) {
        throw new ConfigError(
          `The database holds the demo accounts of the development seed (${demoAccounts.join(', ')}), whose password is published: ${config.environment} refuses to start on it. Delete those users, or point DATABASE_URL at a database that never ran with DEV_AIDS=on (docs/decisions/0028).`,
        );
      }
    }
    // A given mailer replaces the configured one, background sender included.
    const { mailer, sender: emailSender } = givenMailer
      ? { mailer: givenMailer, sender: undefined }
      : createMailer(config.mail, database, app.log);
    const passwordHasher = createPasswordHasher();
    if (config.devAids) await seedDemoData(database, passwordHasher);

    const jobs = createJobs({ database, log: app.log });
    const metrics = createMetrics({ database, jobs });
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('mailer', mailer);
    app.decorate('passwordHasher', passwordHasher);
    const signingKeys = await loadOrCreateSigningKeys(config.keysDir);
    app.decorate('signingKeys', signingKeys);
    // A rotation (`pnpm --filter @dcipher/api keys rotate`, decision 0074) replaces the current key file: every
    // process notices within 5 s and signs with the new key; a token naming a key it does not know makes it look.
    const keysDir = config.keysDir;
    let keysChangedAt = keysDir ? await currentKeyChangedAt(keysDir) : undefined;
    const keyWatch = keysDir
      ? setInterval(() => {
          void currentKeyChangedAt(keysDir).then(
            async (changedAt) => {
              if (changedAt === keysChangedAt) return;
              keysChangedAt = changedAt;
              await signingKeys.reload();
              app.log.info(
                { kid: signingKeys.kid },
                'the signing keys were rotated: signing with the new key',
              );
            },
            () => undefined,
          );
        }, 5_000)
      : undefined;
    keyWatch?.unref();
    app.decorate('rateLimiter', createRateLimiter(database, { scale: config.rateLimitScale }));
    app.decorate('jobs', jobs);
    app.decorate('metrics', metrics.registry);
    let shuttingDown = false;
    app.decorate('readiness', {
      get shuttingDown() {
        return shuttingDown;
      },
      beginShutdown() {
        shuttingDown = true;
      },
    } satisfies Readiness);
    // While draining, each answer retires its connection: the proxy opens its next one to another replica.
    app.addHook('onSend', async (_request, reply) => {
      if (shuttingDown) reply.header('connection', 'close');
    });
    metrics.observe(app);
    registerErrorHandling(app, { refuseUndeclaredCodes: config.environment === 'test' });
    if (config.environment === 'test') checkAnswersAgainstTheContract(app);
    registerSecurityHeaders(app, { production: config.environment === 'production' });
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      // Browsers hide response headers from scripts unless listed; a rate-limited form may show the wait.
      exposedHeaders: ['Retry-After'],
      // Cookies travel only on credentialed requests: the session's refresh cookie (0032), the device cookie (0029).
      credentials: true,
      maxAge: 600,
    });

    if (emailSender) {
      jobs.define({
        name: backgroundQueues.emailSendDue,
        maxAttempts: 1,
        leaseSeconds: defaultEmailSenderOptions.leaseSeconds,
        handle: () => emailSender.sendDue(),
      });
      jobs.schedule({
        queue: backgroundQueues.emailSendDue,
        everySeconds: config.jobs.emailSendIntervalSeconds,
      });
    }
    if (config.jobsWorker) {
      // Once every module has defined its jobs.
      app.addHook('onReady', async () => {
        jobs.start({ pollMilliseconds: config.jobs.pollMilliseconds });
      });
    }
    // One hook, so the order is sure: the jobs and the sender finish (or hand back) their work before the database
    // closes.
    app.addHook('onClose', async () => {
      clearInterval(keyWatch);
      await jobs.stop();
      await emailSender?.stop();
      if (ownsDatabase) await database.close();
    });
  },
  { name: 'platform', fastify: '5.x' },
);
