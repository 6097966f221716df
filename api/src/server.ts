import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Mailer } from './adapters/mailer/mailer.js';
import type { PaymentGateway } from './adapters/payments/payment-gateway.js';
import { type Config, ConfigError, deployedEnvironments } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open-database.js';
import type { AnalysisExecutor } from './engine/index.js';
import { connectionOptions } from './http/connection-options.js';
import { lazySerializers } from './http/lazy-serializers.js';
import { registerRequestLogging, requestIdGenerator } from './http/request-ids.js';
import { accountModule } from './modules/account/account-module.js';
import { apiKeyModule } from './modules/api-keys/api-key-module.js';
import { captchaModule } from './modules/captcha/captcha-module.js';
import { contactModule } from './modules/contact/contact-module.js';
import { creditCardModule } from './modules/credit-cards/credit-card-module.js';
import { creditModule } from './modules/credits/credit-module.js';
import { devMailboxModule } from './modules/dev-mailbox/dev-mailbox-module.js';
import { emailChangeModule } from './modules/email-change/email-change-module.js';
import { flowsModule } from './modules/flows/flows-module.js';
import { identityModule } from './modules/identity/identity-module.js';
import { integrationModule } from './modules/integrations/integration-module.js';
import { invitationModule } from './modules/invitations/invitation-module.js';
import { marketingEmailModule } from './modules/marketing-emails/marketing-email-module.js';
import { memberModule } from './modules/members/member-module.js';
import { organizationSettingsModule } from './modules/organization-settings/organization-settings-module.js';
import { paymentModule } from './modules/payments/payment-module.js';
import { pricingModule } from './modules/pricing/pricing-module.js';
import { recoveryModule } from './modules/recovery/recovery-module.js';
import { registrationModule } from './modules/registration/registration-module.js';
import { rolesModule } from './modules/roles/roles-module.js';
import { ssoModule } from './modules/sso/sso-module.js';
import { subscriptionModule } from './modules/subscriptions/subscription-module.js';
import { suspensionModule } from './modules/suspension/suspension-module.js';
import { systemModule } from './modules/system/system-module.js';
import { tokenModule } from './modules/tokens/token-module.js';
import { trialModule } from './modules/trial/trial-module.js';
import { usageModule } from './modules/usage/usage-module.js';
import { webhookModule } from './modules/webhooks/webhook-module.js';
import { whitePaperModule } from './modules/white-paper/white-paper-module.js';
import { platform } from './platform.js';

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
  /** An analytics engine to run workflows with instead of the default one in its worker threads (tests). */
  analysisExecutor?: AnalysisExecutor;
  /** Where log lines go instead of standard output; given one, a test server logs too (tests read the lines). */
  logStream?: { write(line: string): void };
}

/**
 * Builds the API: opens (or takes) the database, then registers the platform (migrations, the demo seed when
 * development aids are on, `DEV_AIDS=on`, never in staging or production; signing keys, mailer, rate limiter,
 * jobs, metrics: `platform.ts`) and every module, each a Fastify plugin (`http/api-module.ts`), and with
 * development aids the dev mailbox. Does not listen; `main.ts` does, tests use `app.inject`.
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
    // Fastify's 10 s default fails a start on a loaded machine (CI saw the platform plugin, which opens the database
    // and loads the engine, take longer while two cores ran four test processes); this bound only catches a plugin
    // that never resolves.
    pluginTimeout: 120_000,
    genReqId: requestIdGenerator(config.trustedProxies, config.trustedProxySecret),
    // Response serializers compiled at a route's first answer, not all at start (docs/decisions/0152).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
  });
  registerRequestLogging(app);
  const database =
    dependencies.database ??
    (await openDatabase(config.database, (error) =>
      app.log.error({ err: error }, 'idle database client failed'),
    ));
  const ownsDatabase = !dependencies.database;
  try {
    await app.register(platform, { config, database, ownsDatabase, mailer: dependencies.mailer });
    // Each module names the modules whose decorators it uses; Fastify refuses to start if one comes later.
    await app.register(systemModule);
    await app.register(captchaModule);
    await app.register(identityModule);
    await app.register(tokenModule);
    await app.register(apiKeyModule);
    await app.register(usageModule);
    await app.register(flowsModule, { executor: dependencies.analysisExecutor });
    await app.register(registrationModule);
    await app.register(emailChangeModule);
    await app.register(accountModule);
    await app.register(organizationSettingsModule);
    await app.register(contactModule);
    await app.register(whitePaperModule);
    await app.register(pricingModule);
    await app.register(recoveryModule);
    await app.register(invitationModule);
    await app.register(memberModule);
    await app.register(rolesModule);
    await app.register(ssoModule);
    await app.register(webhookModule);
    await app.register(suspensionModule);
    await app.register(trialModule);
    await app.register(marketingEmailModule);
    await app.register(integrationModule);
    await app.register(paymentModule, { gateway: dependencies.paymentGateway });
    await app.register(creditCardModule);
    await app.register(subscriptionModule);
    await app.register(creditModule);
    if (config.devAids) await app.register(devMailboxModule);
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
