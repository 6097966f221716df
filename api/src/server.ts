import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Registry } from 'prom-client';
import { createOAuthProviders } from './adapters/integrations/create-oauth-providers.js';
import { createMailer } from './adapters/mailer/create-mailer.js';
import type { Mailer } from './adapters/mailer/mailer.js';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway.js';
import type { PaymentGateway } from './adapters/payments/payment-gateway.js';
import { createVatNumberChecker } from './adapters/vat-numbers/create-vat-number-checker.js';
import { type Config, ConfigError, deployedEnvironments } from './config.js';
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { findSeededDemoAccounts, seedDemoData } from './db/seed-demo-data.js';
import { connectionOptions } from './http/connection-options.js';
import { createMetrics } from './http/metrics.js';
import { checkAnswersAgainstTheContract } from './http/register-endpoint.js';
import { registerErrorHandling } from './http/register-error-handling.js';
import { registerRequestLogging, requestIdGenerator } from './http/request-ids.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { defineBackgroundJobs } from './jobs/background-jobs.js';
import { createJobs, type Jobs } from './jobs/jobs.js';
import { createDeviceCookies, loadDeviceCookieKey } from './modules/abuse/device-cookies.js';
import { createRateLimiter } from './modules/abuse/rate-limiter.js';
import { createSignInThrottle } from './modules/abuse/sign-in-throttle.js';
import { registerAccountRoutes } from './modules/account/account-routes.js';
import { createAccountService } from './modules/account/account-service.js';
import { personalDataSections } from './modules/account/personal-data-sections.js';
import { apiKeyOf, registerApiKeyRoutes } from './modules/api-keys/api-key-routes.js';
import { createApiKeyService } from './modules/api-keys/api-key-service.js';
import { createResearchBotTokens } from './modules/api-keys/research-bot-tokens.js';
import { registerCaptchaRoutes } from './modules/captcha/captcha-routes.js';
import { createCaptchaVerifier } from './modules/captcha/create-captcha-verifier.js';
import { createRequireHuman } from './modules/captcha/require-human.js';
import { registerContactRoutes } from './modules/contact/contact-routes.js';
import { registerCreditCardRoutes } from './modules/credit-cards/credit-card-routes.js';
import { registerCreditRoutes } from './modules/credits/credit-routes.js';
import { registerDevMailboxRoutes } from './modules/dev-mailbox/dev-mailbox-routes.js';
import { registerEmailChangeRoutes } from './modules/email-change/email-change-routes.js';
import { createEmailChangeService } from './modules/email-change/email-change-service.js';
import { createAccessTokens } from './modules/identity/access-tokens.js';
import { registerAccountSecurityRoutes } from './modules/identity/account-security-routes.js';
import { createBearerAuthenticator } from './modules/identity/bearer-authenticator.js';
import { registerIdentityRoutes } from './modules/identity/identity-routes.js';
import { createIdentityService } from './modules/identity/identity-service.js';
import { createPasswordHasher } from './modules/identity/password-hasher.js';
import { createRefreshTokenStore } from './modules/identity/refresh-token-store.js';
import { loadOrCreateSigningKeys } from './modules/identity/signing-keys.js';
import { createTwoFactor } from './modules/identity/two-factor.js';
import { registerIntegrationRoutes } from './modules/integrations/integration-routes.js';
import { registerInvitationRoutes } from './modules/invitations/invitation-routes.js';
import { createInvitationService } from './modules/invitations/invitation-service.js';
import { registerMarketingEmailRoutes } from './modules/marketing-emails/marketing-email-routes.js';
import { createMarketingEmailService } from './modules/marketing-emails/marketing-email-service.js';
import {
  createUnsubscribeLinks,
  loadUnsubscribeLinkKey,
} from './modules/marketing-emails/unsubscribe-links.js';
import { registerMemberRoutes } from './modules/members/member-routes.js';
import { createMemberService } from './modules/members/member-service.js';
import { registerOrganizationSettingsRoutes } from './modules/organization-settings/organization-settings-routes.js';
import { createPaymentService } from './modules/payments/payment-service.js';
import { registerPricingRoutes } from './modules/pricing/pricing-routes.js';
import { registerRecoveryRoutes } from './modules/recovery/recovery-routes.js';
import { createRecoveryService } from './modules/recovery/recovery-service.js';
import { registerRegistrationRoutes } from './modules/registration/registration-routes.js';
import { createRegistrationService } from './modules/registration/registration-service.js';
import { registerRolesRoutes } from './modules/roles/roles-routes.js';
import { createDomainVerifier } from './modules/sso/domain-verification.js';
import { createSecretBox, loadOrCreateSsoSecretKey } from './modules/sso/secret-box.js';
import { registerSsoRoutes } from './modules/sso/sso-routes.js';
import { createSsoService } from './modules/sso/sso-service.js';
import { createBillingScheduler } from './modules/subscriptions/billing-scheduler.js';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscription-routes.js';
import { createSubscriptionService } from './modules/subscriptions/subscription-service.js';
import { registerSuspensionRoutes } from './modules/suspension/suspension-routes.js';
import { registerSystemRoutes } from './modules/system/system-routes.js';
import { registerTokenRoutes } from './modules/tokens/token-routes.js';
import { registerTrialRoutes } from './modules/trial/trial-routes.js';
import { createTrialService } from './modules/trial/trial-service.js';
import { registerUsageRoutes } from './modules/usage/usage-routes.js';
import { createUsageService } from './modules/usage/usage-service.js';
import { registerWhitePaperRoutes } from './modules/white-paper/white-paper-routes.js';

export { type Config, loadConfig } from './config.js';

export interface ServerDependencies {
  /**
   * A database to use instead of opening the configured one (tests share one per file, as PGlite is slow to
   * start). The caller keeps ownership: closing the server does not close it.
   */
  database?: Database;
  /**
   * A mailer to use instead of the configured one (the outbox, as a queue a background sender delivers by SMTP
   * when `SMTP_URL` is set). Given one, no background sender runs.
   */
  mailer?: Mailer;
  /** A payment gateway to use instead of the configured one (`PAYMENTS_PROVIDER`). */
  paymentGateway?: PaymentGateway;
  /** Where log lines go instead of standard output; given one, a test server logs too (tests read the lines). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How route modules send email; see `adapters/mailer/mailer.ts`. */
    mailer: Mailer;
    /** The jobs module (docs/decisions/0059): queues, schedules and the worker of this process. */
    jobs: Jobs;
    /** This process's Prometheus metrics (docs/decisions/0060), served apart by `createMetricsServer`. */
    metrics: Registry;
  }
}

/**
 * Builds the API: opens (or takes) the database, applies migrations, seeds the demo organization when development
 * aids are on (`DEV_AIDS=on`, never in staging or production), loads the signing keys and registers every
 * contract route (and, with development aids, the dev mailbox). Route modules send email with `app.mailer` and check captchas with `app.requireHuman`. Does not
 * listen; `main.ts` does, tests use `app.inject`.
 */
export async function createServer(
  config: Config,
  dependencies: ServerDependencies = {},
): Promise<FastifyInstance> {
  // loadConfig refuses this too; a Config built by hand must not get round it.
  if (config.devAids && deployedEnvironments.includes(config.environment)) {
    throw new ConfigError(`DEV_AIDS must be off in ${config.environment}`);
  }
  const app = Fastify({
    logger: loggerOptions(config, dependencies.logStream),
    ...connectionOptions(config),
    // One log line per request, with its id (docs/decisions/0063): registerRequestLogging.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustedProxies),
  });
  registerRequestLogging(app);
  const database =
    dependencies.database ??
    (await openDatabase(config.database, (error) =>
      app.log.error({ err: error }, 'idle database client failed'),
    ));
  const ownsDatabase = !dependencies.database;

  try {
    await migrate(database);
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
    const { mailer, sender: emailSender } = dependencies.mailer
      ? { mailer: dependencies.mailer, sender: undefined }
      : createMailer(config.mail, database, app.log);
    const passwordHasher = createPasswordHasher();
    if (config.devAids) await seedDemoData(database, passwordHasher);
    const keys = await loadOrCreateSigningKeys(config.keysDir);
    const captcha = await createCaptchaVerifier(config, database);
    const accessTokens = createAccessTokens(keys, config.accessTokenTtlSeconds);
    const refreshTokens = createRefreshTokenStore(database);
    const signInThrottle = createSignInThrottle(database);
    const twoFactor = createTwoFactor(database);
    const identity = createIdentityService({
      config,
      database,
      passwordHasher,
      accessTokens,
      refreshTokens,
      signInThrottle,
      twoFactor,
      mailer,
      log: app.log,
    });

    const jobs = createJobs({ database, log: app.log });
    const metrics = createMetrics({ database, jobs });
    app.decorate('jobs', jobs);
    app.decorate('metrics', metrics.registry);
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
    app.decorate('authenticateBearer', createBearerAuthenticator(accessTokens, database, refreshTokens));
    const apiKeys = createApiKeyService({ database, researchBotTokens: createResearchBotTokens(keys) });
    app.decorate('apiKeyOf', apiKeyOf);
    app.decorate('authenticateApiKey', (secret: string) => apiKeys.authenticate(secret));
    app.decorate('mailer', mailer);
    app.decorate('requireHuman', createRequireHuman(captcha));

    registerSystemRoutes(app, database);
    const rateLimiter = createRateLimiter(database, { scale: config.rateLimitScale });
    app.decorate('rateLimiter', rateLimiter);
    // After the captcha verifier, which has created the secret this key derives from if there was none.
    const deviceCookies = createDeviceCookies(await loadDeviceCookieKey(config));
    registerIdentityRoutes(app, identity, keys, rateLimiter, config.corsOrigins, deviceCookies);
    const emailChange = createEmailChangeService({
      database,
      passwordHasher,
      signInThrottle,
      mailer,
      rateLimiter,
      webUrl: config.webUrl,
      log: app.log,
    });
    registerAccountRoutes(app, createAccountService({ database, emailChange, personalDataSections }));
    registerAccountSecurityRoutes(app, { database, identity, refreshTokens, twoFactor });
    registerOrganizationSettingsRoutes(app, database, twoFactor);
    registerContactRoutes(app, database, rateLimiter, mailer);
    registerWhitePaperRoutes(app, database, rateLimiter, mailer, config.webUrl);
    registerPricingRoutes(app, database);
    registerRegistrationRoutes(
      app,
      createRegistrationService({
        database,
        passwordHasher,
        mailer,
        rateLimiter,
        webUrl: config.webUrl,
        identity,
        accessTokens,
        log: app.log,
      }),
      rateLimiter,
    );
    registerRecoveryRoutes(
      app,
      createRecoveryService({
        database,
        passwordHasher,
        refreshTokens,
        signInThrottle,
        mailer,
        rateLimiter,
        webUrl: config.webUrl,
        log: app.log,
      }),
    );
    registerInvitationRoutes(
      app,
      createInvitationService({
        database,
        passwordHasher,
        identity,
        mailer,
        rateLimiter,
        webUrl: config.webUrl,
        log: app.log,
      }),
    );
    const members = createMemberService({ database });
    registerMemberRoutes(app, members);
    registerRolesRoutes(app, database, members);
    const sso = createSsoService({
      config,
      database,
      identity,
      log: app.log,
      secretBox: createSecretBox(await loadOrCreateSsoSecretKey(config.sso.secretKey, config.keysDir)),
      verifyDomain: createDomainVerifier({ servers: config.sso.dnsResolvers, devAids: config.devAids }),
    });
    await sso.sealStoredSecrets();
    registerSsoRoutes(app, sso);
    registerApiKeyRoutes(app, apiKeys);
    registerSuspensionRoutes(app, database, refreshTokens);
    registerTrialRoutes(app, createTrialService({ database, mailer, webUrl: config.webUrl, log: app.log }));
    registerMarketingEmailRoutes(
      app,
      createMarketingEmailService({
        database,
        mailer,
        // After the captcha verifier, which has created the secret this key derives from if there was none.
        unsubscribeLinks: createUnsubscribeLinks(await loadUnsubscribeLinkKey(config), config.webUrl),
        webUrl: config.webUrl,
        log: app.log,
      }),
    );
    registerTokenRoutes(app, accessTokens, database, refreshTokens);
    registerEmailChangeRoutes(app, emailChange);
    registerIntegrationRoutes(app, database, createOAuthProviders(config.integrations), rateLimiter);
    registerCaptchaRoutes(app, captcha);
    const paymentGateway = dependencies.paymentGateway ?? createPaymentGateway(config.payments, database);
    registerCreditCardRoutes(
      app,
      database,
      paymentGateway,
      rateLimiter,
      config.payments,
      createVatNumberChecker(config.vatValidation),
    );
    const payments = createPaymentService({ database, gateway: paymentGateway, log: app.log });
    const subscriptions = createSubscriptionService({ database, payments });
    const billingScheduler = createBillingScheduler({
      database,
      payments,
      mailer,
      webUrl: config.webUrl,
      log: app.log,
    });
    registerSubscriptionRoutes(app, subscriptions, billingScheduler, rateLimiter);
    registerCreditRoutes(app, database, subscriptions);
    registerUsageRoutes(app, createUsageService({ database, mailer, webUrl: config.webUrl }));
    defineBackgroundJobs(jobs, {
      billingScheduler,
      billingIntervalSeconds: config.billingSchedulerIntervalSeconds,
      payments,
      emailSender,
    });
    if (config.jobsWorker) {
      app.addHook('onReady', async () => {
        jobs.start();
      });
    }
    if (config.devAids) {
      registerDevMailboxRoutes(app, database, { deliversBySmtp: Boolean(config.mail.smtpUrl) });
    }

    // One hook, so the order is sure: the jobs and the sender finish (or hand back) their work before the database
    // closes.
    app.addHook('onClose', async () => {
      await jobs.stop();
      await emailSender?.stop();
      if (ownsDatabase) await database.close();
    });
    return app;
  } catch (error) {
    if (ownsDatabase) await database.close().catch(() => {});
    throw error;
  }
}

/**
 * Requests are logged by method and path only: no headers (bearer tokens), no query strings (one-time tokens
 * travel there) and no bodies (passwords). Tests log nothing, unless they pass a `logStream` to read.
 */
function loggerOptions(
  config: Config,
  stream: ServerDependencies['logStream'],
): FastifyServerOptions['logger'] {
  if (config.environment === 'test' && !stream) return false;
  return {
    level: 'info',
    ...(stream && { stream }),
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  };
}
