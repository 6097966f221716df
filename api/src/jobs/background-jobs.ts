import { queue } from './jobs.js';

/**
 * The queues of the API's background work, named once (docs/decisions/0059). Each is defined and scheduled by the
 * module that owns the work: `billing.run-due` by subscriptions (renewals, retries, trial notices),
 * `payments.repair` by payments, `email.send-due` by the platform when SMTP is configured, `flows.schedule-due`
 * (the scheduled workflow runs) and `flows.run` (one job per workflow run) by flows, `webhooks.deliver` (one job per
 * webhook delivery, retried with backoff) by webhooks. Each fires once per slot
 * across every process; whichever worker claims it runs it.
 */
export const backgroundQueues = {
  billingRunDue: queue('billing.run-due'),
  paymentsRepair: queue('payments.repair'),
  emailSendDue: queue('email.send-due'),
  flowsScheduleDue: queue('flows.schedule-due'),
  /** One job per workflow run. */
  flowsRun: queue<{ runId: string }>('flows.run'),
  /** One job per webhook delivery. */
  webhooksDeliver: queue<{ deliveryId: string }>('webhooks.deliver'),
} as const;
