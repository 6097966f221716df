import { priceAmount, vatRateFor } from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import { billingMessages } from '@dcipher/shared/validation';
import type { CardDeclineReason } from '../../../adapters/payments/payment-gateway.js';
import type { Queryable } from '../../../db/database.js';
import { CardDeclinedApiError } from '../../credit-cards/credit-card-errors.js';
import { periodEnd } from '../billing-period.js';
import {
  paymentProblemEmail,
  planEndedEmail,
  planRenewedEmail,
  renewalFailedEmail,
  renewalNotPossibleReasons,
} from '../subscription-emails.js';
import type { SubscriptionRenewalEffect } from '../subscription-payment-effects.js';
import {
  countFailedRenewal,
  expireSubscriptionAtPeriodEnd,
  findDefaultCard,
  findPlan,
  findSubscription,
  markSubscriptionPastDue,
  type StoredSubscription,
  scheduleRenewalRetry,
} from '../subscription-repository.js';
import type { BillingSchedulerContext } from './scheduler-context.js';
import { tellAdmins } from './tell-admins.js';

/**
 * When a failed renewal is tried again (docs/decisions/0040): 1, then 3, then 5 days after the previous attempt. The
 * fourth failure marks the subscription `past_due` ("Payment problem").
 */
export const renewalRetryDelaysDays = [1, 3, 5] as const;

/** The key one period's renewal is charged and invoiced under: the same in every process and every retry. */
export const renewalKey = (subscription: Pick<StoredSubscription, 'currentPeriodEnd'>) =>
  `renewal-${subscription.currentPeriodEnd.toISOString()}`;

/** Why a renewal cannot be charged at all (no card, a plan no longer sold): it is retried like a decline. */
export class RenewalNotPossible extends Error {}

export type RenewalOutcome = 'renewed' | 'ended' | 'retry-scheduled' | 'payment-problem';

/**
 * Prices the renewal of `current` from its period's end: the next plan (a scheduled downgrade, else the same), VAT
 * by the default card. The one calculation behind the renewal's charge and the quote of paying it now.
 */
export async function priceRenewal(database: Queryable, current: StoredSubscription) {
  const start = current.currentPeriodEnd;
  const plan = await findPlan(database, current.scheduledPlanId ?? current.planId);
  if (!plan?.prices) throw new RenewalNotPossible(renewalNotPossibleReasons.planNotSold);
  const card = await findDefaultCard(database, current.organizationId);
  if (!card) throw new RenewalNotPossible(renewalNotPossibleReasons.noCard);
  const end = periodEnd(start, plan.billingPeriod);
  const vat = vatRateFor(card);
  const priced = priceAmount(plan.prices[current.currency], undefined, vat.rateBasisPoints);
  return { plan, card, end, vat, priced };
}

/**
 * Charges one period's renewal as a payment (docs/decisions/0055) under the period's key, and records it; answers
 * why it failed otherwise (nothing written then). Decided with the organization locked: a renewal that another
 * process, or the admin's "Pay the renewal now", already made is not made again.
 */
export async function attemptRenewal(
  context: BillingSchedulerContext,
  subscription: StoredSubscription,
): Promise<{ failure?: string; declined?: CardDeclineReason }> {
  const { organizationId } = subscription;
  const key = renewalKey(subscription);
  const start = subscription.currentPeriodEnd;
  let renewed: { total: number; planName: string; end: Date } | undefined;
  try {
    const result = await context.payments.pay({
      organizationId,
      idempotencyKey: key,
      fingerprint: ['renewal', start.toISOString()],
      prepare: async (transaction) => {
        const current = await findSubscription(transaction, organizationId, { lock: true });
        if (!current || current.currentPeriodEnd.getTime() !== start.getTime()) return { settled: null };
        const { plan, card, end, vat, priced } = await priceRenewal(transaction, current);
        renewed = { total: priced.total, planName: plan.name, end };
        return {
          charge: {
            amount: priced.total,
            currency: current.currency,
            gatewayToken: card.gatewayToken,
            promoCode: null,
            details: {
              description: `Dcipher ${plan.name} renewal`,
              invoice: {
                currency: current.currency,
                periodStart: start.toISOString(),
                periodEnd: end.toISOString(),
                lines: [
                  {
                    description: billingMessages.planPeriodLine(
                      plan.name,
                      plan.billingPeriod,
                      formatDate(start),
                      formatDate(end),
                    ),
                    amount: priced.subtotal,
                  },
                ],
                subtotal: priced.subtotal,
                discount: 0,
                promoCode: null,
                vatRateBasisPoints: priced.vatRateBasisPoints,
                reverseCharge: vat.reverseCharge,
                vat: priced.vat,
                total: priced.total,
                billingCountry: card.country,
              },
              effect: {
                kind: 'renewal',
                planId: plan.id,
                periodStart: start.toISOString(),
                periodEnd: end.toISOString(),
                periodAmount: priced.net,
              } satisfies SubscriptionRenewalEffect,
            },
          },
        };
      },
    });
    if (result.kind === 'paid' && !result.replayed && renewed) {
      const { total, planName, end } = renewed;
      await tellAdmins(context, organizationId, (to, webUrl) =>
        planRenewedEmail(to, webUrl, { total, currency: subscription.currency, planName, start, end }),
      );
    }
    return {};
  } catch (error) {
    if (error instanceof RenewalNotPossible) return { failure: error.message };
    if (error instanceof CardDeclinedApiError) {
      return { failure: error.message, ...(error.params && { declined: error.params.reason }) };
    }
    throw error;
  }
}

/**
 * Renews one due subscription: ends it when cancelled at its period's end, else charges the renewal; a failed
 * charge is tried again later (`renewalRetryDelaysDays`), and after the last retry the plan has a payment problem.
 * The admins are told each time.
 */
export async function renew(
  context: BillingSchedulerContext,
  subscription: StoredSubscription,
): Promise<RenewalOutcome> {
  const { database, now } = context;
  const { organizationId } = subscription;
  if (subscription.cancelAtPeriodEnd) {
    await expireSubscriptionAtPeriodEnd(database, organizationId, subscription.currentPeriodEnd);
    await tellAdmins(context, organizationId, (to, webUrl) =>
      planEndedEmail(to, webUrl, subscription.currentPeriodEnd),
    );
    return 'ended';
  }
  const { failure } = await attemptRenewal(context, subscription);
  if (failure === undefined) return 'renewed';

  // The charge failed: try again later, and after the last retry the plan has a payment problem.
  const attempts = await countFailedRenewal(database, organizationId);
  const delay = renewalRetryDelaysDays[attempts - 1];
  if (delay !== undefined) {
    const retryAt = new Date(now().getTime() + delay * 86_400_000);
    await scheduleRenewalRetry(database, organizationId, { attempts, retryAt });
    await tellAdmins(context, organizationId, (to, webUrl) =>
      renewalFailedEmail(to, webUrl, { failure, retryAt }),
    );
    return 'retry-scheduled';
  }
  await markSubscriptionPastDue(database, organizationId, attempts);
  await tellAdmins(context, organizationId, (to, webUrl) =>
    paymentProblemEmail(to, webUrl, { attempts, failure }),
  );
  return 'payment-problem';
}
