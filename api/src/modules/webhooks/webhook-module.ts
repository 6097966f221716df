import { createSafeFetch } from '../../adapters/outbound/safe-fetch.js';
import { apiModule } from '../../http/api-module.js';
import { backgroundQueues } from '../../jobs/background-jobs.js';
import { registerWebhookRoutes } from './webhook-routes.js';
import { createWebhookService, type WebhookService } from './webhook-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookService;
  }
}

/**
 * Webhooks (issue 35 point 5, docs/decisions/0111): the organization's endpoints, told of each workflow run's end
 * through flows' run-ended registration (flows imports nothing of this module), delivered as jobs of the jobs
 * module with retries and backoff, through the outbound guard feeds use.
 */
export const webhookModule = apiModule({
  name: 'webhooks',
  dependencies: ['flows', 'sso'],
  provide: (app) => {
    const { config } = app;
    const webhooks = createWebhookService({
      database: app.database,
      jobs: app.jobs,
      secretBox: app.secretBox,
      fetcher: createSafeFetch({ allowLoopback: config.webhooks.allowLoopbackEndpoints, maxRedirects: 0 }),
      settings: config.webhooks,
      webUrl: config.webUrl,
      log: app.log,
    });
    app.decorate('webhooks', webhooks);
    app.flows.onRunEnded((transaction, run) => webhooks.recordRunEnded(transaction, run));
    app.jobs.define<{ deliveryId: string }>({
      name: backgroundQueues.webhooksDeliver,
      maxAttempts: config.webhooks.maxAttempts,
      retryDelaySeconds: config.webhooks.retrySeconds,
      // A try is one request under its timeout; the lease only has to outlast it.
      leaseSeconds: config.webhooks.timeoutSeconds + 30,
      concurrency: 4,
      handle: (payload, context) => webhooks.deliver(payload, context),
      onDead: (payload) => webhooks.giveUp(payload),
    });
  },
  routes: (scope) => registerWebhookRoutes(scope, scope.webhooks),
});
