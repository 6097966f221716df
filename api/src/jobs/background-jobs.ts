import type { EmailSender } from '../adapters/mailer/email-sender.js';
import { defaultEmailSenderOptions } from '../adapters/mailer/email-sender.js';
import type { PaymentService } from '../modules/payments/payment-service.js';
import type { BillingScheduler } from '../modules/subscriptions/billing-scheduler.js';
import type { Jobs } from './jobs.js';

/** The queues of the API's background work, named once (docs/decisions/0059). */
export const backgroundQueues = {
  billingRunDue: 'billing.run-due',
  paymentsRepair: 'payments.repair',
  emailSendDue: 'email.send-due',
} as const;

/** How often the payment repair job looks for payments left pending (docs/decisions/0055). */
const paymentRepairEverySeconds = 60;

/**
 * Defines every background job of the API and its schedule: the billing scheduler (renewals, retries, trial
 * notices), the payment repair job and, with SMTP, the email sender's pass. Each fires once per slot across every
 * process; whichever worker claims it runs it.
 */
export function defineBackgroundJobs(
  jobs: Jobs,
  {
    billingScheduler,
    billingIntervalSeconds,
    payments,
    emailSender,
  }: {
    billingScheduler: BillingScheduler;
    billingIntervalSeconds: number;
    payments: PaymentService;
    emailSender: EmailSender | undefined;
  },
): void {
  jobs.define({
    name: backgroundQueues.billingRunDue,
    // Its own renewals keep their leases and retry days (0040); a failed pass is simply the next slot's work.
    maxAttempts: 1,
    leaseSeconds: 600,
    handle: async () => {
      await billingScheduler.runDue();
    },
  });
  if (billingIntervalSeconds > 0) {
    jobs.schedule({ queue: backgroundQueues.billingRunDue, everySeconds: billingIntervalSeconds });
  }
  jobs.define({
    name: backgroundQueues.paymentsRepair,
    maxAttempts: 1,
    leaseSeconds: 600,
    handle: async () => {
      await payments.repairStale();
    },
  });
  jobs.schedule({ queue: backgroundQueues.paymentsRepair, everySeconds: paymentRepairEverySeconds });
  if (emailSender) {
    jobs.define({
      name: backgroundQueues.emailSendDue,
      maxAttempts: 1,
      leaseSeconds: defaultEmailSenderOptions.leaseSeconds,
      handle: () => emailSender.sendDue(),
    });
    jobs.schedule({
      queue: backgroundQueues.emailSendDue,
      everySeconds: defaultEmailSenderOptions.pollIntervalMilliseconds / 1000,
    });
  }
}
