import type { Mailer } from '../../../adapters/mailer/mailer.js';
import type { Database } from '../../../db/database.js';
import type { PaymentService } from '../../payments/payment-service.js';

/**
 * What the subscriptions' operations work with (docs/decisions/0123): each operation is a function of its own taking
 * this first, so what it depends on is named where it is called and a test can build one with what it needs.
 */
export interface SubscriptionServiceDependencies {
  database: Database;
  payments: PaymentService;
  /**
   * The confirmations of a plan picked (or cancelled) during the trial, to each admin (docs/decisions/0113).
   * Without it (tests that only start due plans), none are sent.
   */
  emails?: { mailer: Mailer; webUrl: string; log: { error(details: object, text: string): void } };
  now?: () => Date;
}

/** The dependencies with the clock's default. */
export interface SubscriptionContext extends Omit<SubscriptionServiceDependencies, 'now'> {
  now: () => Date;
}

export function createSubscriptionContext(
  dependencies: SubscriptionServiceDependencies,
): SubscriptionContext {
  return { ...dependencies, now: dependencies.now ?? (() => new Date()) };
}
