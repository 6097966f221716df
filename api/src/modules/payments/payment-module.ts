import { createPaymentGateway } from '../../adapters/payments/create-payment-gateway.js';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.js';
import { apiModule } from '../../http/api-module.js';
import { backgroundQueues } from '../../jobs/background-jobs.js';
import { createPaymentService, type PaymentService } from './payment-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment gateway (`PAYMENTS_PROVIDER`). */
    paymentGateway: PaymentGateway;
    /** Every charge, recorded before the gateway is called (docs/decisions/0055). */
    payments: PaymentService;
  }
}

/** How often the payment repair job looks for payments left pending (docs/decisions/0055). */
const paymentRepairEverySeconds = 60;

/**
 * Payments: the gateway, the two-step charges, and the repair job that settles payments left pending by a crash.
 * `gateway` replaces the configured one (tests).
 */
export const paymentModule = apiModule<{ gateway?: PaymentGateway | undefined }>({
  name: 'payments',
  provide: (app, { gateway }) => {
    const paymentGateway = gateway ?? createPaymentGateway(app.config.payments, app.database);
    const payments = createPaymentService({
      database: app.database,
      gateway: paymentGateway,
      log: app.log,
      receipts: { mailer: app.mailer, webUrl: app.config.webUrl },
    });
    app.decorate('paymentGateway', paymentGateway);
    app.decorate('payments', payments);
    app.jobs.define({
      name: backgroundQueues.paymentsRepair,
      maxAttempts: 1,
      leaseSeconds: 600,
      handle: async () => {
        await payments.repairStale();
      },
    });
    app.jobs.schedule({ queue: backgroundQueues.paymentsRepair, everySeconds: paymentRepairEverySeconds });
  },
});
