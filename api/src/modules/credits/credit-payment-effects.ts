import * as v from 'valibot';
import type { PaymentEffectHandler } from '../payments/payment-effects.js';
import { appendCreditEntry, insertAddOnPurchase } from './credit-repository.js';

const creditsSchema = v.object({ kind: v.literal('credits'), credits: v.number(), packageName: v.string() });

/** A credit package, paid: its credits go into the wallet. */
export type CreditsPurchaseEffect = v.InferOutput<typeof creditsSchema>;

export const creditsPurchaseEffect: PaymentEffectHandler<CreditsPurchaseEffect> = {
  schema: creditsSchema,
  async apply(transaction, { organizationId, effect, invoice }) {
    await appendCreditEntry(transaction, {
      organizationId,
      kind: 'purchase',
      credits: effect.credits,
      description: `Bought ${effect.packageName} (invoice ${invoice.number})`,
      invoiceId: invoice.id,
    });
  },
};

const addOnSchema = v.object({ kind: v.literal('add-on'), packageId: v.string(), validUntil: v.string() });

/** An add-on, paid: owned until the end of the plan's period. */
export type AddOnPurchaseEffect = v.InferOutput<typeof addOnSchema>;

export const addOnPurchaseEffect: PaymentEffectHandler<AddOnPurchaseEffect> = {
  schema: addOnSchema,
  async apply(transaction, { organizationId, effect, invoice }) {
    await insertAddOnPurchase(transaction, {
      organizationId,
      packageId: effect.packageId,
      validUntil: new Date(effect.validUntil),
      invoiceId: invoice.id,
    });
  },
};
