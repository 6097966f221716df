import { contract, type PricingPlan } from '@dcipher/shared/contract';
import { defaultPricingCurrency, freeTrialDays, rememberedCurrencyChoice } from '@dcipher/shared/domain';
import { chosenPlanNoticeHeight, chosenPlanPendingAttribute } from '@dcipher/shared/federation';
import { formatMoney } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { contractQuery } from '../../kit/contract-query';
import { useRemoteQueryClient } from '../../kit/query-client';
import { HeldNoticeSlot, heldNoticeStyle } from './held-notice-slot';

/**
 * Where sign-up's first step names the chosen plan, its space held from the first paint when the page's head saw a
 * plan id in the address (decision 0136).
 */
export function ChosenPlanSlot({ children }: { children: ReactNode }) {
  return (
    <HeldNoticeSlot kind="plan" attribute={chosenPlanPendingAttribute} heights={chosenPlanNoticeHeight}>
      {children}
    </HeldNoticeSlot>
  );
}

/** The slot closes: no plan of the address's id exists, the plans could not be read, or the notice is gone. */
function closeSlot() {
  document.documentElement.removeAttribute(chosenPlanPendingAttribute);
}

/**
 * The plan a visitor chose on the pricing page (`/signup?plan=…`), said on sign-up with what is charged when: the
 * trial first, then the plan's price only once they choose to pay. Nothing shows for a plan that does not exist.
 */
export function ChosenPlan({ planId, onPlan }: { planId: string; onPlan?: (plan: PricingPlan) => void }) {
  // The pricing page's plans, through the remote's cache (the checkout and plan screens read the same entry). A
  // failed read shows nothing: this is only a reminder of the choice, and sign-up works without it.
  const { data: plans, isError } = useQuery(
    contractQuery(contract.pricing.listPricingPlans),
    useRemoteQueryClient(),
  );
  const plan = plans?.find((candidate) => candidate.id === planId && candidate.prices);
  const absent = (plans !== undefined && !plan) || (isError && !plan);
  useEffect(() => {
    if (plan) onPlan?.(plan);
  }, [plan, onPlan]);
  // The space stays held while the plans are read and the notice fills it. Opened without the site's head script
  // (a link followed within the site, the remote's own page), it is held from this screen's first paint instead. It
  // is given back when no such plan is sold, the plans cannot be read, or the notice goes.
  useLayoutEffect(() => {
    if (absent) closeSlot();
    else document.documentElement.setAttribute(chosenPlanPendingAttribute, '');
    return closeSlot;
  }, [absent]);
  if (!plan?.prices) return null;
  // The currency the pricing page showed (docs/decisions/0078).
  const currency = rememberedCurrencyChoice() ?? defaultPricingCurrency;
  const period = plan.billingPeriod === 'annual' ? 'year' : 'month';
  return (
    <section aria-label="Your plan" css={heldNoticeStyle(chosenPlanNoticeHeight)}>
      <p css={{ margin: 0 }}>
        <strong>
          Your plan: {plan.name} ({plan.billingPeriod})
        </strong>
        , {formatMoney(plan.prices[currency], currency)} per {period} before VAT.
      </p>
      <p css={{ margin: '0.35rem 0 0', color: theme.colors.muted }}>
        Nothing is charged today: your {plan.trialDays || freeTrialDays}-day free trial of {plan.name} starts
        now, with its features and quotas. You pay only when you choose the plan in your account and confirm
        the amount.
      </p>
    </section>
  );
}
