import {
  contract,
  currencyCodes,
  type Invoice,
  type PricingPlan,
  type SubscriptionSummary,
} from '@dcipher/shared/contract';
import { type CurrencyCode, can } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { Button, Notice, SelectField, theme } from '@dcipher/shared/ui';
import { type ReactNode, useId } from 'react';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { contractQuery, useLoads } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import {
  scheduledPlanDue,
  scheduledPlanName,
  scheduledPlanPromoApplied,
} from '../../kit/scheduled-plan-text';
import { RouteLink } from '../../router/remote-router';
import { newIdempotencyKey } from './idempotency-key';
import { PlanChangeConfirmation } from './plan-change-dialog';
import { usePlanChange } from './use-plan-change';

const currencyLabels: Record<CurrencyCode, string> = {
  usd: 'US dollars ($)',
  eur: 'Euros (€)',
  gpb: 'Pounds (£)',
};

/** /subscription/options, "Available plans": the plans for the organization, each change priced before confirming. */
export default function PlanOptionsScreen({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const mayChange = can({ kind: 'user', role: account.role }, 'subscription', 'update');
  const { result, reload } = useLoads({
    plans: contractQuery(contract.pricing.listPricingPlans),
    summary: contractQuery(contract.subscriptions.getSubscriptionSummary),
  });
  // Paid, the plans' summary is read again by the change itself (kit/invalidations.ts).
  const change = usePlanChange();
  const { currency, changeCurrency, paid, price } = change;

  return (
    <LoadState load={result} loadingText="Loading the plans…" onRetry={() => void reload()}>
      {({ plans, summary }) => {
        const offered = plans.filter(
          (plan) => plan.customerType === account.organization.customerType && !plan.isCustom && plan.prices,
        );
        const shownCurrency = summary.currencyChosen ? summary.currency : (currency ?? summary.currency);
        const running = summary.plan !== null && summary.state !== 'expired';
        return (
          <>
            {paid ? <PaidNotice paid={paid} navigate={navigate} /> : null}
            <TrialState summary={summary} />
            {!summary.hasPaymentMethod && mayChange ? (
              // A note, not an error: nothing went wrong yet. Choosing a plan without a card is refused (the API's
              // "Add a payment card before choosing a plan.", shown as an alert in the confirmation dialog).
              <p data-testid="plans-need-card" css={{ marginTop: 0 }}>
                To choose a plan, first add a payment card on{' '}
                <RouteLink to="payment" navigate={navigate}>
                  Payment method
                </RouteLink>
                . You can compare the plans here in the meantime.
              </p>
            ) : null}
            {!mayChange ? (
              <p data-testid="plans-read-only" css={{ marginTop: 0 }}>
                Only an admin of your organization can choose or change the plan, so there are no buttons to
                choose one here. Compare the plans, and ask an admin if you need another one.
              </p>
            ) : null}
            {mayChange && !summary.currencyChosen && !running ? (
              <SelectField
                label="Currency"
                name="currency"
                value={shownCurrency}
                onChange={(event) => changeCurrency(event.target.value as CurrencyCode)}
                options={currencyCodes.map((code) => ({ value: code, label: currencyLabels[code] }))}
              />
            ) : (
              <p css={{ color: theme.colors.muted }}>
                Prices in {currencyLabels[shownCurrency]}, before VAT.
              </p>
            )}
            <ul
              aria-label="Plans"
              css={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                gap: '1rem',
                gridTemplateColumns: 'repeat(auto-fit, minmax(min(17rem, 100%), 1fr))',
              }}
            >
              {offered.map((plan) => {
                const current = summary.plan?.id === plan.id && summary.state !== 'expired';
                const picked = summary.trialPlan?.id === plan.id;
                return (
                  <li key={plan.id}>
                    <PlanCard
                      plan={plan}
                      currency={shownCurrency}
                      current={current}
                      picked={picked ? summary.endsAt : null}
                      pickedTotal={
                        picked && summary.trialPlan
                          ? formatMoney(summary.trialPlan.total, summary.trialPlan.currency)
                          : undefined
                      }
                      inTrial={summary.state === 'trialing' && summary.trialIncludes?.id === plan.id}
                    >
                      {current || !mayChange ? null : (
                        <Button
                          variant={picked ? 'secondary' : 'primary'}
                          onClick={() =>
                            void price(
                              {
                                plan,
                                // The scheduled plan keeps the promo code it was picked with (started now too).
                                promoCode: picked ? (summary.trialPlan?.promoCode ?? '') : '',
                                idempotencyKey: newIdempotencyKey(),
                              },
                              summary.currencyChosen ? undefined : shownCurrency,
                            )
                          }
                        >
                          Choose {plan.name} ({plan.billingPeriod})
                        </Button>
                      )}
                    </PlanCard>
                  </li>
                );
              })}
            </ul>
            <PlanChangeConfirmation change={change} summary={summary} />
          </>
        );
      }}
    </LoadState>
  );
}

/** After a change: what was paid (or that nothing was), the plan now, and the way to the invoices. */
function PaidNotice({
  paid,
  navigate,
}: {
  paid: { invoice: Invoice | null; summary: SubscriptionSummary };
  navigate: AccountScreenProps['navigate'];
}) {
  const { invoice, summary } = paid;
  return (
    <Notice>
      <strong>
        {invoice
          ? `Paid ${formatMoney(invoice.total, invoice.currency)}: invoice ${invoice.number}. A receipt is on its way by email.`
          : summary.trialPlan
            ? `${scheduledPlanName(summary.trialPlan)} starts when your free trial ends: ${scheduledPlanDue(summary.trialPlan)}, nothing before. Until then your trial includes its features and quotas. A confirmation is on its way by email.`
            : 'Your change is saved.'}
      </strong>{' '}
      Your plan: {summary.plan?.name ?? summary.trialPlan?.name ?? 'none'} ({summary.label}
      {summary.scheduledPlan ? `; ${summary.scheduledPlan.name} from the end of the period` : ''}).{' '}
      <RouteLink to="paymentInvoices" navigate={navigate}>
        See your invoices
      </RouteLink>
    </Notice>
  );
}

/**
 * What the free trial gives, in one sentence the subscription screen and Available plans share (docs/decisions/0085):
 * the features and quotas of the plan it is of, the one picked or else the most complete one.
 */
export function trialIncludesText(summary: SubscriptionSummary): string {
  return summary.trialIncludes
    ? `Free trial of ${summary.trialIncludes.name}: its features and quotas, no card needed`
    : 'Free trial, no card needed';
}

/** During the trial: the days left, what the trial includes and, once a plan is picked, when it starts and is billed. */
export function TrialState({ summary }: { summary: SubscriptionSummary }) {
  if (summary.state !== 'trialing' || !summary.endsAt) return null;
  const days = summary.daysLeft ?? 0;
  const end = formatDate(summary.endsAt);
  return (
    <p data-testid="trial-state" css={{ marginTop: 0 }}>
      Your free trial has {days} {days === 1 ? 'day' : 'days'} left (until {end}).{' '}
      {summary.trialPlan
        ? `${scheduledPlanName(summary.trialPlan)} starts then: ${scheduledPlanDue(summary.trialPlan)}${scheduledPlanPromoApplied(summary.trialPlan)}. Until then your trial includes ${summary.trialPlan.name}’s features and quotas.`
        : `It includes ${summary.trialIncludes?.name ?? 'a plan'}’s features and quotas. Choose a plan now and keep your trial: your trial then includes that plan, and billing starts when the trial ends.`}
    </p>
  );
}

/** One plan: its price, who it is for, its features and quotas; the current (or picked) plan marked. */
export function PlanCard({
  plan,
  currency,
  current,
  picked,
  pickedTotal,
  inTrial = false,
  children,
}: {
  plan: PricingPlan;
  currency: CurrencyCode;
  current: boolean;
  /** ISO 8601 the plan picked during the trial starts; null when not picked. */
  picked: string | null;
  /** What is charged when the picked plan starts, VAT included ("€139.00"). */
  pickedTotal?: string | undefined;
  /** The free trial gives this plan's features and quotas (docs/decisions/0085). */
  inTrial?: boolean;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      aria-current={current ? 'true' : undefined}
      data-testid={`plan-${plan.id}`}
      css={{
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.5rem',
        border: `${current || picked || inTrial ? 2 : 1}px solid ${current || picked || inTrial ? theme.colors.brand : theme.colors.border}`,
        borderRadius: '12px',
        padding: '1rem 1.1rem',
        background: theme.colors.surface,
      }}
    >
      <h2 id={headingId} css={{ margin: 0, fontSize: '1.2rem' }}>
        {plan.name} ({plan.billingPeriod})
      </h2>
      {current ? (
        <p css={{ margin: 0, fontWeight: 700, color: theme.colors.brand }}>Your current plan</p>
      ) : picked ? (
        <p css={{ margin: 0, fontWeight: 700, color: theme.colors.brand }}>
          Chosen: starts {formatDate(picked)}
          {pickedTotal ? `, ${pickedTotal} due then (VAT included)` : ''}. Your free trial includes it now.
        </p>
      ) : inTrial ? (
        <p css={{ margin: 0, fontWeight: 700, color: theme.colors.brand }}>
          Your free trial includes this plan
        </p>
      ) : null}
      <p css={{ margin: 0, fontSize: '1.3rem', fontWeight: 700 }}>
        {formatMoney(plan.prices![currency], currency, { compact: true })}
        <span css={{ fontSize: '1rem', fontWeight: 400, color: theme.colors.muted }}>
          {' '}
          per {plan.billingPeriod === 'annual' ? 'year' : 'month'}, before VAT
        </span>
      </p>
      <p css={{ margin: 0, color: theme.colors.muted }}>
        {plan.customerType === 'Individual' ? 'For one person (individual account). ' : 'For teams. '}
        {plan.description}
      </p>
      <h3 css={{ margin: '0.25rem 0 0', fontSize: '1rem' }}>Features</h3>
      <ul css={{ margin: 0, paddingLeft: '1.2rem' }}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {plan.quotas.length > 0 ? (
        <>
          {/* Shown, not folded: the quotas are what the cards are compared by. */}
          <h3 css={{ margin: '0.25rem 0 0', fontSize: '1rem' }}>Quotas</h3>
          <dl
            css={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) max-content',
              gap: '0.2rem 0.75rem',
              margin: '0.5rem 0 0',
              '& dd': { margin: 0, textAlign: 'right' },
            }}
          >
            {plan.quotas.map((quota) => (
              <div key={quota.label} css={{ display: 'contents' }}>
                <dt>{quota.label}</dt>
                <dd>{quota.value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {children ? <div css={{ marginTop: 'auto', paddingTop: '0.5rem' }}>{children}</div> : null}
    </article>
  );
}
