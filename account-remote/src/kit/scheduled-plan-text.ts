import type { ScheduledTrialPlan } from '@dcipher/shared/contract';
import { formatDate, formatMoney } from '@dcipher/shared/format';

/**
 * The plan picked during the free trial, in the words every screen uses (docs/decisions/0113): the overview, the
 * add-ons, Subscription details and Available plans. The figures are the API's (`summary.trialPlan`), priced as
 * the charge at the trial's end will be.
 */
export const scheduledPlanName = (plan: ScheduledTrialPlan) => `${plan.name} (${plan.billingPeriod})`;

/** "€139.00 due on 13 Dec 2026 when your trial ends" */
export const scheduledPlanDue = (plan: ScheduledTrialPlan) =>
  `${formatMoney(plan.total, plan.currency)} due on ${formatDate(plan.startsAt)} when your trial ends`;

/** ", promo code WELCOME20 applied", or nothing without a promo code. */
export const scheduledPlanPromoApplied = (plan: ScheduledTrialPlan) =>
  plan.promoCode && plan.discount > 0 ? `, promo code ${plan.promoCode} applied` : '';
