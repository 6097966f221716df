import type { Invoice } from '@dcipher/shared/contract';
import * as v from 'valibot';
import type { Queryable } from '../../db/database.js';

/**
 * What a succeeded payment changes besides its invoice, as data recorded with the payment, so the repair job can
 * apply it after a crash. `kind` names the handler that applies it; the rest is the owning module's, which
 * payments never reads.
 */
export interface PaymentEffect {
  readonly kind: string;
  readonly [field: string]: unknown;
}

/** The recorded effect as payments checks it: a kind, and fields its handler checks when it applies them. */
export const paymentEffectSchema: v.GenericSchema<unknown, PaymentEffect> = v.looseObject({
  kind: v.string(),
});

/**
 * How a module applies the effects it sells (docs/decisions/0110): registered with `payments.registerEffect` by the
 * module that owns the tables the effect writes (subscriptions, credits), so payments imports none of them.
 */
export interface PaymentEffectHandler<TEffect extends PaymentEffect> {
  /** The effect as recorded (JSON read back, perhaps by the repair job after a deploy), checked before it applies. */
  schema: v.GenericSchema<unknown, TEffect>;
  /** Applies a paid effect, in the transaction that issues its invoice, with the organization locked. */
  apply(
    transaction: Queryable,
    paid: { organizationId: string; effect: TEffect; invoice: Invoice },
  ): Promise<void>;
}

/** No module registered a handler for an effect's kind: a wiring mistake, found before anything is charged. */
export class UnknownPaymentEffectError extends Error {
  constructor(kind: string) {
    super(`no module registered a handler for the payment effect '${kind}'`);
  }
}

export type PaymentEffects = ReturnType<typeof createPaymentEffects>;

/** What the registry keeps of a handler: its check, and its apply on the checked effect. */
interface RegisteredEffect {
  check(effect: PaymentEffect): void;
  apply(
    transaction: Queryable,
    paid: { organizationId: string; effect: PaymentEffect; invoice: Invoice },
  ): Promise<void>;
}

/** The registry of effect handlers, one per kind; the module owning a kind registers it when it starts. */
export function createPaymentEffects() {
  const handlers = new Map<string, RegisteredEffect>();

  const handlerOf = (kind: string) => {
    const handler = handlers.get(kind);
    if (!handler) throw new UnknownPaymentEffectError(kind);
    return handler;
  };

  return {
    register<TEffect extends PaymentEffect>(
      kind: TEffect['kind'],
      handler: PaymentEffectHandler<TEffect>,
    ): void {
      if (handlers.has(kind)) throw new Error(`the payment effect '${kind}' is registered twice`);
      handlers.set(kind, {
        check: (effect) => {
          v.parse(handler.schema, effect);
        },
        apply: async (transaction, paid) =>
          handler.apply(transaction, { ...paid, effect: v.parse(handler.schema, paid.effect) }),
      });
    },

    /** Refuses an effect no handler applies, or one its handler would refuse: before the payment is recorded. */
    check(effect: PaymentEffect): void {
      handlerOf(effect.kind).check(effect);
    },

    /** Applies a paid effect through its kind's handler, which checks it first. */
    apply(
      transaction: Queryable,
      paid: { organizationId: string; effect: PaymentEffect; invoice: Invoice },
    ): Promise<void> {
      return handlerOf(paid.effect.kind).apply(transaction, paid);
    },
  };
}
