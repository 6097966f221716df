import { currencyCodes } from '@dcipher/shared/contract';
import * as v from 'valibot';
import type { PaymentEffectHandler } from '../payments/payment-effects.js';
import {
  findSubscription,
  renewSubscriptionPeriod,
  saveSubscription,
  saveTrialPlan,
} from './subscription-repository.js';

const startSchema = v.object({
  kind: v.literal('subscription'),
  planId: v.string(),
  currency: v.picklist(currencyCodes),
  periodStart: v.string(),
  periodEnd: v.string(),
  /** What the period is paid, before VAT and after discounts: unused time is credited from it. */
  periodAmount: v.number(),
});

/** A first plan or an upgrade, paid: the subscription moves to this plan and period. */
export type SubscriptionStartEffect = v.InferOutput<typeof startSchema>;

export const subscriptionStartEffect: PaymentEffectHandler<SubscriptionStartEffect> = {
  schema: startSchema,
  async apply(transaction, { organizationId, effect }) {
    const current = await findSubscription(transaction, organizationId, { lock: true });
    await saveSubscription(transaction, {
      organizationId,
      planId: effect.planId,
      currency: current?.status === 'expired' ? effect.currency : (current?.currency ?? effect.currency),
      currentPeriodStart: new Date(effect.periodStart),
      currentPeriodEnd: new Date(effect.periodEnd),
      scheduledPlanId: null,
      cancelAtPeriodEnd: false,
      periodAmount: effect.periodAmount,
    });
    // A plan picked during the trial is settled by this one (started now, or by the scheduler at the trial's end).
    await saveTrialPlan(transaction, organizationId, null);
  },
};

const renewalSchema = v.object({
  kind: v.literal('renewal'),
  planId: v.string(),
  periodStart: v.string(),
  periodEnd: v.string(),
  periodAmount: v.number(),
});

/** The renewal of the period ending at `periodStart`, paid: the next period, on `planId` (a scheduled downgrade). */
export type SubscriptionRenewalEffect = v.InferOutput<typeof renewalSchema>;

export const subscriptionRenewalEffect: PaymentEffectHandler<SubscriptionRenewalEffect> = {
  schema: renewalSchema,
  async apply(transaction, { organizationId, effect }) {
    const renewed = await renewSubscriptionPeriod(transaction, {
      organizationId,
      planId: effect.planId,
      periodStart: effect.periodStart,
      periodEnd: effect.periodEnd,
      periodAmount: effect.periodAmount,
    });
    if (!renewed) throw new Error('the renewed period is no longer the current one');
  },
};
