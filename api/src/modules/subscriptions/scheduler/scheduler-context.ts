import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../adapters/mailer/mailer.js';
import type { Database } from '../../../db/database.js';
import type { PaymentService } from '../../payments/payment-service.js';

export interface BillingSchedulerDependencies {
  database: Database;
  payments: PaymentService;
  mailer: Mailer;
  webUrl: string;
  log: FastifyBaseLogger;
  /** Starts the plans picked during trials that have ended (the subscription service's `startDueTrialPlans`). */
  startTrialPlans?: () => Promise<unknown>;
  now?: () => Date;
}

/**
 * What the billing scheduler's steps work with (docs/decisions/0130): each step is a function of its own taking this
 * first, as the subscriptions' operations take their `SubscriptionContext` (0123).
 */
export interface BillingSchedulerContext extends Omit<BillingSchedulerDependencies, 'now'> {
  now: () => Date;
}

export function createBillingSchedulerContext(
  dependencies: BillingSchedulerDependencies,
): BillingSchedulerContext {
  return { ...dependencies, now: dependencies.now ?? (() => new Date()) };
}
