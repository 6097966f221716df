import type { CurrencyCode } from '@dcipher/shared/domain';
import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import type { PayResult } from '../../payments/payment-service.js';
import { lockOrganization } from '../../people/organization-repository.js';
import { trialPlanScheduledEmail } from '../subscription-emails.js';
import { NoPaymentMethodError, SubscriptionConflictError } from '../subscription-errors.js';
import {
  chooseOrganizationCurrency,
  findSubscription,
  saveSubscription,
  saveTrialPlan,
} from '../subscription-repository.js';
import { isLive } from './billing-account.js';
import { notifyAdmins } from './notify-admins.js';
import { priceChange, subscriptionCharge } from './price-change.js';
import type { SubscriptionContext } from './subscription-context.js';
import { summary } from './summary.js';

/** A plan chosen: started (`start`) or moved to (`change`), under the request's idempotency key. */
export interface PlanChoice {
  planId: string;
  promoCode?: string | undefined;
  currency?: CurrencyCode | undefined;
  idempotencyKey: string;
  startNow?: boolean | undefined;
}

const invoiceOf = (result: PayResult<unknown>) => (result.kind === 'paid' ? result.invoice : null);

/**
 * A first subscription (from the trial, or after it expired): the whole first period is charged now. Checked and
 * priced with the organization locked, so a second start (another tab, another process) finds the first. An
 * explicit "keep my trial" records the plan instead, for the billing scheduler to start at the trial's end.
 */
export async function startSubscription(
  context: SubscriptionContext,
  user: AuthenticatedUser,
  input: PlanChoice,
) {
  const { database, payments } = context;
  // Only an explicit "keep my trial" takes this path; a repeated start (same key) goes to `pay` and replays.
  const kept =
    input.startNow === false &&
    (await database.transaction(async (transaction) => {
      await lockOrganization(transaction, user.organizationId);
      if (isLive(await findSubscription(transaction, user.organizationId))) {
        throw new SubscriptionConflictError('alreadySubscribed');
      }
      const priced = await priceChange(context, transaction, user.organizationId, {
        ...input,
        startNow: false,
      });
      if (priced.quote.trialDaysKept === 0) return false;
      // The trial goes on: the plan is recorded, and the billing scheduler starts and charges it at the trial's end.
      if (!priced.card) throw new NoPaymentMethodError();
      await chooseOrganizationCurrency(transaction, user.organizationId, priced.quote.currency);
      await saveTrialPlan(transaction, user.organizationId, {
        planId: priced.plan.id,
        promoCode: priced.quote.promoCode,
      });
      return true;
    }));
  if (kept) {
    const after = await summary(context, database, user.organizationId);
    const scheduled = after.trialPlan;
    if (scheduled) {
      await notifyAdmins(context, user.organizationId, (to, webUrl) =>
        trialPlanScheduledEmail(to, webUrl, scheduled),
      );
    }
    return { summary: after, invoice: null };
  }
  const result = await payments.pay({
    organizationId: user.organizationId,
    idempotencyKey: input.idempotencyKey,
    fingerprint: ['startSubscription', input.planId, input.promoCode ?? ''],
    prepare: async (transaction) => {
      if (isLive(await findSubscription(transaction, user.organizationId))) {
        throw new SubscriptionConflictError('alreadySubscribed');
      }
      const priced = await priceChange(context, transaction, user.organizationId, {
        ...input,
        startNow: true,
      });
      await chooseOrganizationCurrency(transaction, user.organizationId, priced.quote.currency);
      return { charge: subscriptionCharge(priced, priced.periodStart) };
    },
  });
  return { summary: await summary(context, database, user.organizationId), invoice: invoiceOf(result) };
}

/**
 * Changes plan: an upgrade is charged now (prorated) and takes effect at once; a downgrade waits for the period's
 * end; choosing the current plan undoes a waiting downgrade or cancellation. Decided with the organization locked:
 * of two upgrades to one plan racing, the second finds the plan already chosen and charges nothing.
 */
export async function changePlan(context: SubscriptionContext, user: AuthenticatedUser, input: PlanChoice) {
  const { database, payments } = context;
  const result = await payments.pay({
    organizationId: user.organizationId,
    idempotencyKey: input.idempotencyKey,
    fingerprint: ['changeSubscription', input.planId, input.promoCode ?? ''],
    prepare: async (transaction) => {
      const current = await findSubscription(transaction, user.organizationId, { lock: true });
      if (!isLive(current)) throw new SubscriptionConflictError('notSubscribed');
      const priced = await priceChange(context, transaction, user.organizationId, input);
      if (priced.quote.kind === 'upgrade') {
        const samePeriod = priced.periodEnd.getTime() === current.currentPeriodEnd.getTime();
        return {
          charge: subscriptionCharge(priced, samePeriod ? current.currentPeriodStart : priced.periodStart),
        };
      }
      await saveSubscription(transaction, {
        ...current,
        scheduledPlanId: priced.quote.kind === 'downgrade' ? priced.plan.id : null,
        cancelAtPeriodEnd: false,
      });
      return { settled: null };
    },
  });
  return { summary: await summary(context, database, user.organizationId), invoice: invoiceOf(result) };
}
