import type { AuthenticatedUser } from '../../../http/register-endpoint.js';
import { findOrganizationBilling, lockOrganization } from '../../people/organization-repository.js';
import { trialPlanCancelledEmail } from '../subscription-emails.js';
import { SubscriptionConflictError } from '../subscription-errors.js';
import { findPlan, findSubscription, saveSubscription, saveTrialPlan } from '../subscription-repository.js';
import { isLive } from './billing-account.js';
import { notifyAdmins } from './notify-admins.js';
import type { SubscriptionContext } from './subscription-context.js';
import { summary } from './summary.js';

/** Cancels at the period's end; until then, choosing the current plan again undoes it. */
export async function cancelSubscription(context: SubscriptionContext, user: AuthenticatedUser) {
  return context.database.transaction(async (transaction) => {
    await lockOrganization(transaction, user.organizationId);
    const subscription = await findSubscription(transaction, user.organizationId, { lock: true });
    if (!isLive(subscription)) throw new SubscriptionConflictError('notSubscribed');
    await saveSubscription(transaction, { ...subscription, scheduledPlanId: null, cancelAtPeriodEnd: true });
    return summary(context, transaction, user.organizationId);
  });
}

/**
 * Cancels the plan picked during the trial before it starts (docs/decisions/0113): the trial goes on, and nothing
 * is charged at its end. Refused once the trial ended (the plan is starting) or when none is picked.
 */
export async function cancelTrialPlan(context: SubscriptionContext, user: AuthenticatedUser) {
  const { database, now } = context;
  const { plan, trialEndsAt } = await database.transaction(async (transaction) => {
    await lockOrganization(transaction, user.organizationId);
    const organization = await findOrganizationBilling(transaction, user.organizationId);
    if (
      !organization?.trialPlanId ||
      !organization.trialEndsAt ||
      organization.trialEndsAt <= now() ||
      isLive(await findSubscription(transaction, user.organizationId))
    ) {
      throw new SubscriptionConflictError('noTrialPlan');
    }
    const plan = await findPlan(transaction, organization.trialPlanId);
    await saveTrialPlan(transaction, user.organizationId, null);
    return { plan, trialEndsAt: organization.trialEndsAt };
  });
  if (plan) {
    await notifyAdmins(context, user.organizationId, (to, webUrl) =>
      trialPlanCancelledEmail(to, webUrl, plan, trialEndsAt.toISOString()),
    );
  }
  return summary(context, database, user.organizationId);
}
