import { contract, type PricingPlan } from '@dcipher/shared/contract';
import { defaultPricingCurrency, freeTrialDays, rememberedCurrencyChoice } from '@dcipher/shared/domain';
import { chosenPlanNoticeHeight, chosenPlanPendingAttribute } from '@dcipher/shared/federation';
import { formatMoney } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { contractQuery } from '../../kit/contract-query';
import { useRemoteQueryClient } from '../../kit/query-client';

const { bands, margin } = chosenPlanNoticeHeight;
const rem = (value: number) => `${value}rem`;
/** A minimum height per band of the page's width, each band's `height` plus `extra`. */
const bandHeights = (extra: number) =>
  Object.fromEntries(
    bands.map(({ from, height }, index) =>
      index === 0
        ? ['minHeight', rem(height + extra)]
        : [`@media (min-width: ${from})`, { minHeight: rem(height + extra) }],
    ),
  );

/**
 * Where sign-up's first step names the chosen plan. As for the workflow (`ChosenWorkflowSlot`): when the page's head
 * saw a plan id in the address it set `chosenPlanPendingAttribute`, and this slot holds the notice's height from the
 * first paint, so the form below does not move when the plans arrive (decision 0136).
 */
export function ChosenPlanSlot({ children }: { children: ReactNode }) {
  return (
    <div
      data-chosen-plan-slot=""
      css={{
        display: 'flow-root',
        [`html[${chosenPlanPendingAttribute}] &`]: bandHeights(margin),
      }}
    >
      {children}
    </div>
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
    <section
      aria-label="Your plan"
      css={{
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radius,
        padding: '0.75rem 1rem',
        margin: `0 0 ${rem(margin)}`,
        background: theme.colors.canvas,
        // The height the slot reserved: the notice fills it exactly (taller only if a plan's words ever need it).
        boxSizing: 'border-box',
        ...bandHeights(0),
      }}
    >
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
