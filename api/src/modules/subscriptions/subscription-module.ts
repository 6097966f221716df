import { apiModule } from '../../http/api-module.js';
import { backgroundQueues } from '../../jobs/background-jobs.js';
import { type BillingScheduler, createBillingScheduler } from './billing-scheduler.js';
import { subscriptionRenewalEffect, subscriptionStartEffect } from './subscription-payment-effects.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';
import { createSubscriptionService, type SubscriptionService } from './subscription-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    subscriptions: SubscriptionService;
    /** Renewals, retries of failed ones and trial notices, run by the `billing.run-due` job. */
    billingScheduler: BillingScheduler;
  }
}

/** Plans, quotes, upgrades and downgrades, invoices; the billing scheduler's job. */
export const subscriptionModule = apiModule({
  name: 'subscriptions',
  dependencies: ['payments'],
  provide: (app) => {
    const { database, payments, config } = app;
    // What a paid plan changes is this module's rows: payments applies it through these (docs/decisions/0110).
    payments.registerEffect('subscription', subscriptionStartEffect);
    payments.registerEffect('renewal', subscriptionRenewalEffect);
    const subscriptions = createSubscriptionService({
      database,
      payments,
      emails: { mailer: app.mailer, webUrl: config.webUrl, log: app.log },
    });
    const billingScheduler = createBillingScheduler({
      database,
      payments,
      mailer: app.mailer,
      webUrl: config.webUrl,
      log: app.log,
      startTrialPlans: () => subscriptions.startDueTrialPlans(),
    });
    app.decorate('subscriptions', subscriptions);
    app.decorate('billingScheduler', billingScheduler);
    app.jobs.define({
      name: backgroundQueues.billingRunDue,
      // Its own renewals keep their leases and retry days (0040); a failed pass is simply the next slot's work.
      maxAttempts: 1,
      leaseSeconds: 600,
      handle: async () => {
        await billingScheduler.runDue();
      },
    });
    if (config.billingSchedulerIntervalSeconds > 0) {
      app.jobs.schedule({
        queue: backgroundQueues.billingRunDue,
        everySeconds: config.billingSchedulerIntervalSeconds,
      });
    }
  },
  routes: (scope) =>
    registerSubscriptionRoutes(scope, scope.subscriptions, scope.billingScheduler, scope.rateLimiter),
});
