import { authenticatedApi } from '@dcipher/shared/auth';
import {
  contract,
  type Invoice,
  type PlanChangeQuote,
  type PricingPlan,
  type SubscriptionSummary,
} from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { useState } from 'react';
import { useContractMutation } from '../../kit/contract-query';
import { messageOf } from '../../kit/use-api-load';
import { newIdempotencyKey } from './idempotency-key';

/** A plan the person chose, with its quote once priced. */
export interface Choice {
  plan: PricingPlan;
  promoCode: string;
  quote?: PlanChangeQuote;
  /** Made once per shown quote: confirming it twice (a double click, a retry) charges once. */
  idempotencyKey: string;
}

/**
 * Choosing a plan, pricing it (with a promo code) and paying for it, shared by Available plans and the checkout:
 * each shown quote gets its own idempotency key, so confirming it twice charges once (docs/decisions/0039).
 */
export function usePlanChange({ onPaid }: { onPaid?: () => Promise<void> | void } = {}) {
  /** The currency picked on the screen before any is settled; undefined: the organization's (the summary's). */
  const [currency, setCurrency] = useState<CurrencyCode>();
  /** During the trial: false keeps it (the plan starts when it ends), true ends it and charges now. */
  const [startNow, setStartNow] = useState(false);
  const [choice, setChoice] = useState<Choice>();
  const [pricing, setPricing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string>();
  const [promoError, setPromoError] = useState<string>();
  const [paid, setPaid] = useState<{ invoice: Invoice | null; summary: SubscriptionSummary }>();
  // Paid, the plan, usage and invoices shown on every screen are read again (kit/invalidations.ts).
  const start = useContractMutation(contract.subscriptions.startSubscription);
  const change = useContractMutation(contract.subscriptions.changeSubscription);

  async function price(
    next: Choice,
    chosenCurrency: CurrencyCode | undefined = currency,
    now: boolean = startNow,
  ) {
    setChoice(next);
    setPricing(true);
    setError(undefined);
    setPromoError(undefined);
    try {
      const quote = await authenticatedApi().call(contract.subscriptions.getUpgradeCost, {
        query: {
          nextPlanId: next.plan.id,
          ...(chosenCurrency ? { currency: chosenCurrency } : {}),
          startNow: now ? 'true' : 'false',
          ...(next.promoCode.trim() ? { promoCode: next.promoCode.trim() } : {}),
        },
      });
      setChoice({ ...next, quote, idempotencyKey: newIdempotencyKey() });
    } catch (failure) {
      const message = messageOf(failure);
      if (next.promoCode.trim() && /promo code/i.test(message)) setPromoError(message);
      else setError(message);
      setChoice({ ...next, idempotencyKey: newIdempotencyKey() });
    } finally {
      setPricing(false);
    }
  }

  async function pay(summary: SubscriptionSummary) {
    if (!choice?.quote) return;
    setPaying(true);
    setError(undefined);
    try {
      const body = {
        planId: choice.plan.id,
        currency: choice.quote.currency,
        idempotencyKey: choice.idempotencyKey,
        startNow,
        ...(choice.quote.promoCode ? { promoCode: choice.quote.promoCode } : {}),
      };
      const running = summary.plan !== null && summary.state !== 'expired';
      setPaid(running ? await change.mutateAsync({ body }) : await start.mutateAsync({ body }));
      setChoice(undefined);
      await onPaid?.();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPaying(false);
    }
  }

  function changeCurrency(next: CurrencyCode) {
    setCurrency(next);
    if (choice) void price(choice, next);
  }

  function chooseStartNow(next: boolean) {
    setStartNow(next);
    if (choice) void price(choice, currency, next);
  }

  return {
    currency,
    changeCurrency,
    startNow,
    chooseStartNow,
    choice,
    cancel: () => {
      setChoice(undefined);
      setError(undefined);
    },
    pricing,
    paying,
    error,
    promoError,
    paid,
    price,
    pay,
  };
}
