import type { PurchaseQuote } from '@dcipher/shared/contract';
import { priceAmount, vatRateFor } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { billingMessages } from '@dcipher/shared/validation';
import type { FastifyBaseLogger } from 'fastify';
import { renderEmailLayout } from '../../adapters/mailer/email-layout.js';
import type { EmailMessage, Mailer } from '../../adapters/mailer/mailer.js';
import type { CardDeclineReason } from '../../adapters/payments/payment-gateway.js';
import type { Database, Queryable } from '../../db/database.js';
import { CardDeclinedApiError } from '../credit-cards/credit-card-errors.js';
import type { PaymentService } from '../payments/payment-service.js';
import { findActiveAdmins } from '../people/membership-repository.js';
import { claimEndedTrialNotices } from '../people/organization-repository.js';
import { periodEnd } from './billing-period.js';
import { NoPaymentMethodError, SubscriptionConflictError } from './subscription-errors.js';
import type { SubscriptionRenewalEffect } from './subscription-payment-effects.js';
import {
  claimDueSubscription,
  countFailedRenewal,
  expireSubscriptionAtPeriodEnd,
  findDefaultCard,
  findPlan,
  findSubscription,
  markSubscriptionPastDue,
  type StoredSubscription,
  scheduleRenewalRetry,
} from './subscription-repository.js';

/**
 * When a failed renewal is tried again (docs/decisions/0040): 1, then 3, then 5 days after the previous attempt. The
 * fourth failure marks the subscription `past_due` ("Payment problem").
 */
export const renewalRetryDelaysDays = [1, 3, 5] as const;

/** How long a claimed renewal is left to the process that claimed it before another may take it over. */
const claimLeaseMinutes = 10;

/** The key one period's renewal is charged and invoiced under: the same in every process and every retry. */
export const renewalKey = (subscription: Pick<StoredSubscription, 'currentPeriodEnd'>) =>
  `renewal-${subscription.currentPeriodEnd.toISOString()}`;

/** Why a renewal cannot be charged at all (no card, a plan no longer sold): it is retried like a decline. */
class RenewalNotPossible extends Error {}

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

export type RenewalOutcome = 'renewed' | 'ended' | 'retry-scheduled' | 'payment-problem';

/**
 * The billing scheduler (docs/decisions/0040). `runDue` does what is due: renews subscriptions whose period ended
 * (charging the card, moving to a scheduled downgrade, or ending a cancelled one), retries failed renewals, marks
 * the last failure "Payment problem", and tells admins of trials that ended. Its work lives in the database: a due
 * subscription is claimed with `for update skip locked` and a lease, so any number of API processes share the work
 * and none does the same renewal twice; a process killed mid-renewal leaves a lease that expires, and whoever takes
 * it over charges under the same idempotency key, which the gateway answers with the first charge.
 */
export function createBillingScheduler({
  database,
  payments,
  mailer,
  webUrl,
  log,
  startTrialPlans,
  now = () => new Date(),
}: BillingSchedulerDependencies) {
  /** Claims one due subscription for this process (a lease), or none. */
  async function claimDue(): Promise<StoredSubscription | undefined> {
    return claimDueSubscription(database, { now: now(), leaseMinutes: claimLeaseMinutes });
  }

  async function tellAdmins(
    database: Queryable,
    organizationId: string,
    message: (to: string) => EmailMessage,
  ) {
    for (const admin of await findActiveAdmins(database, organizationId))
      await mailer.send(message(admin.email));
  }

  /**
   * Prices the renewal of `current` from its period's end: the next plan (a scheduled downgrade, else the same),
   * VAT by the default card. The one calculation behind the renewal's charge and the quote of paying it now.
   */
  async function priceRenewal(database: Queryable, current: StoredSubscription) {
    const start = current.currentPeriodEnd;
    const plan = await findPlan(database, current.scheduledPlanId ?? current.planId);
    if (!plan?.prices) throw new RenewalNotPossible('the plan is no longer sold');
    const card = await findDefaultCard(database, current.organizationId);
    if (!card) throw new RenewalNotPossible('no payment card');
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
  async function attemptRenewal(
    subscription: StoredSubscription,
  ): Promise<{ failure?: string; declined?: CardDeclineReason }> {
    const { organizationId } = subscription;
    const key = renewalKey(subscription);
    const start = subscription.currentPeriodEnd;
    let renewed: { total: number; planName: string; end: Date } | undefined;
    try {
      const result = await payments.pay({
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
        await tellAdmins(database, organizationId, (to) =>
          billingEmail(to, webUrl, 'renewed', {
            heading: 'Your Dcipher plan is renewed',
            text: `We charged ${formatMoney(total, subscription.currency)} for ${planName} from ${formatDate(start)} to ${formatDate(end)}. The invoice is in your account.`,
          }),
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

  async function renew(subscription: StoredSubscription): Promise<RenewalOutcome> {
    const { organizationId } = subscription;
    if (subscription.cancelAtPeriodEnd) {
      await expireSubscriptionAtPeriodEnd(database, organizationId, subscription.currentPeriodEnd);
      await tellAdmins(database, organizationId, (to) =>
        billingEmail(to, webUrl, 'ended', {
          heading: 'Your Dcipher plan has ended',
          text: `Your plan ended on ${formatDate(subscription.currentPeriodEnd)}, as you asked. Choose a plan at any time to go on.`,
        }),
      );
      return 'ended';
    }
    const { failure } = await attemptRenewal(subscription);
    if (failure === undefined) return 'renewed';

    // The charge failed: try again later, and after the last retry the plan has a payment problem.
    const attempts = await countFailedRenewal(database, organizationId);
    const delay = renewalRetryDelaysDays[attempts - 1];
    if (delay !== undefined) {
      const retryAt = new Date(now().getTime() + delay * 86_400_000);
      await scheduleRenewalRetry(database, organizationId, { attempts, retryAt });
      await tellAdmins(database, organizationId, (to) =>
        billingEmail(to, webUrl, 'payment-failed', {
          heading: 'We could not renew your Dcipher plan',
          text: `The renewal charge failed (${failure}). We will try again on ${formatDate(retryAt)}; to avoid an interruption, check your payment card now.`,
        }),
      );
      return 'retry-scheduled';
    }
    await markSubscriptionPastDue(database, organizationId, attempts);
    await tellAdmins(database, organizationId, (to) =>
      billingEmail(to, webUrl, 'payment-problem', {
        heading: 'Payment problem: your Dcipher plan is on hold',
        text: `We tried ${attempts} times to renew your plan and the charge failed each time (${failure}). Update your card and pay the renewal from your account to go on.`,
      }),
    );
    return 'payment-problem';
  }

  /** Tells the admins of each organization whose trial ended without a plan, once (a notice row decides). */
  async function noticeEndedTrials(): Promise<number> {
    const organizations = await claimEndedTrialNotices(database, now());
    for (const organizationId of organizations) {
      await tellAdmins(database, organizationId, (to) =>
        billingEmail(to, webUrl, 'trial-ended', {
          heading: 'Your Dcipher free trial has ended',
          text: 'Choose a plan to go on using Dcipher: your projects, workflows and settings are kept.',
        }),
      );
    }
    return organizations.length;
  }

  return {
    /**
     * `PUT /invoices/pay`: an admin pays the renewal of a plan with a payment problem, with the card now on file.
     * Charged under the same key as the scheduler's attempts, so it can never be paid twice.
     */
    async payOutstanding(organizationId: string): Promise<void> {
      const subscription = await findSubscription(database, organizationId);
      if (subscription?.status !== 'past_due') throw new SubscriptionConflictError('nothingToPay');
      if (!(await findDefaultCard(database, organizationId))) throw new NoPaymentMethodError();
      const { failure, declined } = await attemptRenewal(subscription);
      // The gateway's reason when it declined the card; the general text for a renewal that failed otherwise.
      if (failure !== undefined) throw new CardDeclinedApiError(declined);
    },

    /** `GET /invoices/pay/quote`: what paying the renewal now would charge, priced as the charge is. */
    async quoteOutstanding(organizationId: string): Promise<PurchaseQuote> {
      const subscription = await findSubscription(database, organizationId);
      if (subscription?.status !== 'past_due') throw new SubscriptionConflictError('nothingToPay');
      if (!(await findDefaultCard(database, organizationId))) throw new NoPaymentMethodError();
      try {
        const { plan, end, vat, priced } = await priceRenewal(database, subscription);
        const start = subscription.currentPeriodEnd;
        return {
          packageId: plan.id,
          description: `${plan.name} (${plan.billingPeriod}), ${formatDate(start)} to ${formatDate(end)}`,
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
    },

    /** Does everything due now; answers what it did (for tests and the log). */
    async runDue(limit = 100): Promise<{ renewals: RenewalOutcome[]; trialNotices: number }> {
      const renewals: RenewalOutcome[] = [];
      for (let index = 0; index < limit; index += 1) {
        const due = await claimDue();
        if (!due) break;
        try {
          renewals.push(await renew(due));
        } catch (error) {
          // Left to its lease: another run takes it over; the gateway's idempotency keeps the charge single.
          log.error({ err: error, organizationId: due.organizationId }, 'a subscription renewal failed');
        }
      }
      // Plans picked during a trial start before the notices, so a started one is not told its trial just ended.
      await startTrialPlans?.();
      return { renewals, trialNotices: await noticeEndedTrials() };
    },
  };
}

export type BillingScheduler = ReturnType<typeof createBillingScheduler>;

function billingEmail(
  to: string,
  webUrl: string,
  tag: string,
  { heading, text }: { heading: string; text: string },
): EmailMessage {
  return {
    to,
    subject: heading,
    tag: `billing-${tag}`,
    ...renderEmailLayout({
      preheader: text,
      heading,
      paragraphs: [text],
      action: { label: 'Open your subscription', url: `${webUrl}/subscription` },
      footer: 'You received this email because you are an admin of a Dcipher organization.',
    }),
  };
}
