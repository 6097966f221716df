import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createMailer } from './adapters/mailer/create-mailer.js';
import type { Mailer } from './adapters/mailer/mailer.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { seedDemoData } from './db/seed-demo-data.js';
import { registerErrorHandling } from './http/register-error-handling.js';
import { createRateLimiter } from './modules/abuse/rate-limiter.js';
import { registerAccountRoutes } from './modules/account/account-routes.js';
import { registerCaptchaRoutes } from './modules/captcha/captcha-routes.js';
import { createCaptchaVerifier } from './modules/captcha/create-captcha-verifier.js';
import { createRequireHuman } from './modules/captcha/require-human.js';
import { registerContactRoutes } from './modules/contact/contact-routes.js';
import { registerDevMailboxRoutes } from './modules/dev-mailbox/dev-mailbox-routes.js';
import { createAccessTokens } from './modules/identity/access-tokens.js';
import { createBearerAuthenticator } from './modules/identity/bearer-authenticator.js';
import { registerIdentityRoutes } from './modules/identity/identity-routes.js';
import { createIdentityService } from './modules/identity/identity-service.js';
import { createPasswordHasher } from './modules/identity/password-hasher.js';
import { createRefreshTokenStore } from './modules/identity/refresh-token-store.js';
import { loadOrCreateSigningKeys } from './modules/identity/signing-keys.js';
import { registerPricingRoutes } from './modules/pricing/pricing-routes.js';
import { registerRegistrationRoutes } from './modules/registration/registration-routes.js';
import { createRegistrationService } from './modules/registration/registration-service.js';
import { registerSystemRoutes } from './modules/system/system-routes.js';
import { registerWhitePaperRoutes } from './modules/white-paper/white-paper-routes.js';

export { type Config, loadConfig } from './config.js';

export interface ServerDependencies {
  /**
   * A database to use instead of opening the configured one (tests share one per file, as PGlite is slow to
   * start). The caller keeps ownership: closing the server does not close it.
   */
  database?: Database;
  /** A mailer to use instead of the configured one (outbox, or SMTP when `SMTP_URL` is set). */
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How route modules send email; see `adapters/mailer/mailer.ts`. */
    mailer: Mailer;
  }
}

/**
 * Builds the API: opens (or takes) the database, applies migrations, seeds the demo organization outside
 * production, loads the signing keys and registers every contract route (and, outside production, the dev
 * mailbox). Route modules send email with `app.mailer` and check captchas with `app.requireHuman`. Does not
 * listen; `main.ts` does, tests use `app.inject`.
 */
export async function createServer(
  config: Config,
  dependencies: ServerDependencies = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config) });
  const database =
    dependencies.database ??
    (await openDatabase(config.database, (error) =>
      app.log.error({ err: error }, 'idle database client failed'),
    ));
  const ownsDatabase = !dependencies.database;

  try {
    await migrate(database);
    const mailer = dependencies.mailer ?? createMailer(config.mail, database);
    const passwordHasher = createPasswordHasher();
    if (config.environment !== 'production') await seedDemoData(database, passwordHasher);
    const keys = await loadOrCreateSigningKeys(config.keysDir);
    const captcha = await createCaptchaVerifier(config, database);
    const accessTokens = createAccessTokens(keys, config.accessTokenTtlSeconds);
    const identity = createIdentityService({
      config,
      database,
      passwordHasher,
      accessTokens,
      refreshTokens: createRefreshTokenStore(database),
    });

    registerErrorHandling(app);
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      // Browsers hide response headers from scripts unless listed; a rate-limited form may show the wait.
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    });
    app.decorate('authenticateBearer', createBearerAuthenticator(accessTokens, database));
    app.decorate('mailer', mailer);
    app.decorate('requireHuman', createRequireHuman(captcha));

    registerSystemRoutes(app, database);
    registerIdentityRoutes(app, identity, keys);
    registerAccountRoutes(app, database);
    const rateLimiter = createRateLimiter(database);
    registerContactRoutes(app, database, rateLimiter);
    registerWhitePaperRoutes(app, database, rateLimiter);
    registerPricingRoutes(app, database);
    registerRegistrationRoutes(
      app,
      createRegistrationService({
        database,
        passwordHasher,
        mailer,
        rateLimiter,
        webUrl: config.webUrl,
        log: app.log,
      }),
      rateLimiter,
    );
    registerCaptchaRoutes(app, captcha);
    if (config.environment !== 'production') {
      registerDevMailboxRoutes(app, database, { deliversBySmtp: Boolean(config.mail.smtpUrl) });
    }

    if (ownsDatabase) app.addHook('onClose', () => database.close());
    return app;
  } catch (error) {
    if (ownsDatabase) await database.close().catch(() => {});
    throw error;
  }
}

/**
 * Requests are logged by method and path only: no headers (bearer tokens), no query strings (one-time tokens
 * travel there) and no bodies (passwords). Tests log nothing.
 */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.environment === 'test') return false;
  return {
    level: 'info',
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  };
}
