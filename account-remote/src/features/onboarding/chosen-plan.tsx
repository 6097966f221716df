import { contract, type PricingPlan } from '@dcipher/shared/contract';
import { defaultPricingCurrency, freeTrialDays, rememberedCurrencyChoice } from '@dcipher/shared/domain';
import { formatMoney } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { contractQuery } from '../../kit/contract-query';
import { useRemoteQueryClient } from '../../kit/query-client';

/**
 * The plan a visitor chose on the pricing page (`/signup?plan=…`), said on sign-up with what is charged when: the
 * trial first, then the plan's price only once they choose to pay. Nothing shows for a plan that does not exist.
 */
export function ChosenPlan({ planId, onPlan }: { planId: string; onPlan?: (plan: PricingPlan) => void }) {
  // The pricing page's plans, through the remote's cache (the checkout and plan screens read the same entry). A
  // failed read shows nothing: this is only a reminder of the choice, and sign-up works without it.
  const { data: plans } = useQuery(contractQuery(contract.pricing.listPricingPlans), useRemoteQueryClient());
  const plan = plans?.find((candidate) => candidate.id === planId && candidate.prices);
  useEffect(() => {
    if (plan) onPlan?.(plan);
  }, [plan, onPlan]);
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
        margin: '0 0 1.25rem',
        background: theme.colors.canvas,
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
