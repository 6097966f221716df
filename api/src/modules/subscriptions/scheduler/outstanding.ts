import type { PurchaseQuote } from '@dcipher/shared/contract';
import { formatDate } from '@dcipher/shared/format';
import { billingMessages } from '@dcipher/shared/validation';
import { CardDeclinedApiError } from '../../credit-cards/credit-card-errors.js';
import { NoPaymentMethodError, SubscriptionConflictError } from '../subscription-errors.js';
import { findDefaultCard, findSubscription, type StoredSubscription } from '../subscription-repository.js';
import { attemptRenewal, priceRenewal, RenewalNotPossible } from './renewal.js';
import type { BillingSchedulerContext } from './scheduler-context.js';

/** The organization's subscription when it has a renewal to pay (`past_due`) and a card to pay it with. */
async function outstandingRenewal(
  { database }: BillingSchedulerContext,
  organizationId: string,
): Promise<StoredSubscription> {
  const subscription = await findSubscription(database, organizationId);
  if (subscription?.status !== 'past_due') throw new SubscriptionConflictError('nothingToPay');
  if (!(await findDefaultCard(database, organizationId))) throw new NoPaymentMethodError();
  return subscription;
}

/**
 * `PUT /invoices/pay`: an admin pays the renewal of a plan with a payment problem, with the card now on file.
 * Charged under the same key as the scheduler's attempts, so it can never be paid twice.
 */
export async function payOutstanding(
  context: BillingSchedulerContext,
  organizationId: string,
): Promise<void> {
  const subscription = await outstandingRenewal(context, organizationId);
  const { failure, declined } = await attemptRenewal(context, subscription);
  // The gateway's reason when it declined the card; the general text for a renewal that failed otherwise.
  if (failure !== undefined) throw new CardDeclinedApiError(declined);
}

/** `GET /invoices/pay/quote`: what paying the renewal now would charge, priced as the charge is. */
export async function quoteOutstanding(
  context: BillingSchedulerContext,
  organizationId: string,
): Promise<PurchaseQuote> {
  const subscription = await outstandingRenewal(context, organizationId);
  try {
    const { plan, end, vat, priced } = await priceRenewal(context.database, subscription);
    const start = subscription.currentPeriodEnd;
    return {
      packageId: plan.id,
      // The renewal invoice's line, in the same words.
      description: billingMessages.planPeriodLine(
        plan.name,
        plan.billingPeriod,
        formatDate(start),
        formatDate(end),
      ),
      currency: subscription.currency,
      subtotal: priced.subtotal,
      vatRateBasisPoints: priced.vatRateBasisPoints,
      reverseCharge: vat.reverseCharge,
      vat: priced.vat,
      total: priced.total,
      chargedAt: 'now',
      validUntil: end.toISOString(),
    };
  } catch (error) {
    if (error instanceof RenewalNotPossible) throw new SubscriptionConflictError('nothingToPay');
    throw error;
  }
}
