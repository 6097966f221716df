import { contract, currencyCodes, type PricingPlan } from '@dcipher/shared/contract';
import { type CurrencyCode, defaultPricingCurrency, rememberedCurrencyChoice } from '@dcipher/shared/domain';
import { formatMoney } from '@dcipher/shared/format';
import { pathTo } from '@dcipher/shared/routes';
import { Button, Notice, SelectField, theme } from '@dcipher/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { forgetCheckoutPlan, pendingCheckoutPlan, rememberCheckoutPlan } from '../../kit/checkout-state';
import { contractQuery, useLoad, useLoads } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { scheduledPlanDue, scheduledPlanName } from '../../kit/scheduled-plan-text';
import { ScreenSection } from '../../kit/screen-section';
import { mapLoad } from '../../kit/use-api-load';
import { RouteLink, useRouteQuery } from '../../router/remote-router';
import { AddCardForm } from './add-card-form';
import { BillingDetailsForm, useBillingDetails } from './billing-details-section';
import { newIdempotencyKey } from './idempotency-key';
import { PlanChangeConfirmation } from './plan-change-dialog';
import { PlanCard, TrialState } from './plan-options-screen';
import { usePlanChange } from './use-plan-change';

const currencyLabels: Record<CurrencyCode, string> = {
  usd: 'US dollars ($)',
  eur: 'Euros (€)',
  gpb: 'Pounds (£)',
};
/** The plan a checkout address carries (`?plan`, declared by /checkout and /checkout/account). */
const usePlanFromQuery = () => useRouteQuery('checkout')[0].plan;
const perPeriod = (plan: PricingPlan) => (plan.billingPeriod === 'annual' ? 'year' : 'month');

/**
 * /checkout for a visitor who is not signed in (step 1 of 3): the plan chosen on the pricing page, its other
 * billing period, and the way on: create an account (the 14-day trial starts, no card needed) or log in. The plan is
 * kept for this tab, so after signing up and confirming the address, logging in comes back to the checkout.
 */
export function CheckoutWelcome({ navigate }: AccountScreenProps) {
  const asked = usePlanFromQuery();
  const [planId, setPlanId] = useState(() => asked ?? pendingCheckoutPlan());
  // The currency the pricing page showed (docs/decisions/0078); the account keeps it once created.
  const [currency] = useState(() => rememberedCurrencyChoice() ?? defaultPricingCurrency);
  const { result, reload } = useLoad(contractQuery(contract.pricing.listPricingPlans));
  useEffect(() => {
    if (planId) rememberCheckoutPlan(planId);
  }, [planId]);
  return (
    <section
      aria-labelledby="checkout-title"
      css={{ maxWidth: '36rem', margin: '0 auto', padding: '2rem 1rem 3rem', fontFamily: theme.font.family }}
    >
      <h1 id="checkout-title" css={{ marginTop: 0 }}>
        Checkout
      </h1>
      <LoadState load={result} loadingText="Loading the plan…" onRetry={() => void reload()}>
        {(plans) => {
          const plan = plans.find(
            (candidate) => candidate.id === planId && candidate.prices && !candidate.isCustom,
          );
          if (!plan) {
            return (
              <p>
                Choose a plan on the <a href={pathTo('pricing')}>pricing page</a> first.
              </p>
            );
          }
          const tier = plan.id.replace(/-(monthly|annual)$/, '');
          const variants = plans.filter(
            (candidate) => candidate.id.startsWith(`${tier}-`) && candidate.prices,
          );
          return (
            <>
              <p css={{ marginTop: 0 }}>
                <strong>
                  {plan.name} ({plan.billingPeriod})
                </strong>
                : {formatMoney(plan.prices![currency], currency)} per {perPeriod(plan)} (before VAT). You see
                the total with VAT, and confirm it, before anything is charged.
              </p>
              {variants.length > 1 ? (
                <SelectField
                  label="Billing period"
                  name="period"
                  value={plan.id}
                  onChange={(event) => setPlanId(event.target.value)}
                  options={variants.map((variant) => ({
                    value: variant.id,
                    label: `${variant.billingPeriod === 'annual' ? 'Annual' : 'Monthly'}: ${formatMoney(variant.prices![currency], currency)} per ${perPeriod(variant)}`,
                  }))}
                />
              ) : null}
              <p css={{ color: theme.colors.muted }}>
                Step 2: your account. New to Dcipher? Create an account (confirm your email, then log in); you
                pay on the next step, and nothing is charged before you confirm the amount.
              </p>
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
                <Button onClick={() => navigate(pathTo('signup', {}, { plan: plan.id }))}>
                  Create an account
                </Button>
                <Button variant="secondary" onClick={() => navigate(pathTo('login'))}>
                  I have an account: log in
                </Button>
              </div>
            </>
          );
        }}
      </LoadState>
    </section>
  );
}

/** /checkout and /checkout/account when signed in: the plan is remembered and the checkout goes on to billing. */
export function CheckoutContinue({ navigate }: AccountScreenProps) {
  const asked = usePlanFromQuery();
  useEffect(() => {
    const planId = asked ?? pendingCheckoutPlan();
    if (planId) {
      rememberCheckoutPlan(planId);
      navigate(pathTo('checkoutBilling'));
    } else {
      navigate(pathTo('subscriptionOptions'));
    }
  }, [navigate, asked]);
  return (
    <p role="status" css={{ color: theme.colors.muted }}>
      Opening the checkout…
    </p>
  );
}

/**
 * /checkout/billing (step 3 of 3): the card (added here when there is none), the exact amount with a promo code,
 * and the payment, once, whatever the clicks; then the confirmation.
 */
export function CheckoutBilling({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const planId = usePlanFromQuery() ?? pendingCheckoutPlan();
  const reads = useLoads({
    plans: contractQuery(contract.pricing.listPricingPlans),
    summary: contractQuery(contract.subscriptions.getSubscriptionSummary),
    cards: contractQuery(contract.creditCards.listCreditCards),
  });
  const { reload } = reads;
  const result = mapLoad(reads.result, ({ plans, summary, cards }) => ({
    plan: plans.find((candidate) => candidate.id === planId),
    summary,
    hasCard: cards.length > 0,
  }));
  const change = usePlanChange({
    onPaid: forgetCheckoutPlan,
  });
  const { currency, changeCurrency, paid, price } = change;

  if (paid) {
    return (
      <ScreenSection title="Thank you">
        <Notice>
          <strong>
            Your plan: {paid.summary.plan?.name ?? paid.summary.trialPlan?.name ?? 'none'} (
            {paid.summary.label}).
          </strong>{' '}
          {paid.invoice
            ? `Paid ${formatMoney(paid.invoice.total, paid.invoice.currency)}: invoice ${paid.invoice.number}. A receipt is on its way by email.`
            : paid.summary.trialPlan
              ? `${scheduledPlanName(paid.summary.trialPlan)} starts when your free trial ends: ${scheduledPlanDue(paid.summary.trialPlan)}, nothing before. A confirmation is on its way by email.`
              : ''}
        </Notice>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
          <Button onClick={() => navigate(pathTo('subscription'))}>See your subscription</Button>
          <Button variant="secondary" onClick={() => navigate(pathTo('paymentInvoices'))}>
            See your invoices
          </Button>
        </div>
      </ScreenSection>
    );
  }

  return (
    <LoadState load={result} loadingText="Loading your checkout…" onRetry={() => void reload()}>
      {({ plan, summary, hasCard }) => {
        if (!plan?.prices || plan.isCustom || plan.customerType !== account.organization.customerType) {
          return (
            <ScreenSection title="Choose a plan">
              <p css={{ margin: 0 }}>
                {plan ? 'This plan is for another kind of customer. ' : ''}
                Choose one of your plans on{' '}
                <RouteLink to="subscriptionOptions" navigate={navigate}>
                  available plans
                </RouteLink>
                .
              </p>
            </ScreenSection>
          );
        }
        const shownCurrency = summary.currencyChosen ? summary.currency : (currency ?? summary.currency);
        return (
          <>
            <TrialState summary={summary} />
            {/* The card fills its cell in Available plans' grid (height 100 %); here it is as tall as it needs. */}
            <div css={{ marginBottom: '1.5rem' }}>
              <PlanCard plan={plan} currency={shownCurrency} current={false} picked={null} />
            </div>
            {!summary.currencyChosen && !summary.plan ? (
              <SelectField
                label="Currency"
                name="currency"
                value={shownCurrency}
                onChange={(event) => changeCurrency(event.target.value as CurrencyCode)}
                options={currencyCodes.map((code) => ({ value: code, label: currencyLabels[code] }))}
              />
            ) : null}
            {!hasCard ? (
              // A card saved refreshes the cards (and so `hasCard`) and the summary (kit/invalidations.ts).
              <CheckoutCard cardHolder={`${account.firstName} ${account.lastName}`.trim()} />
            ) : (
              <ScreenSection title="Review and pay">
                <p css={{ marginTop: 0 }}>
                  You see the total with VAT and when it is charged before anything is charged.
                </p>
                <Button
                  onClick={() =>
                    void price(
                      { plan, promoCode: '', idempotencyKey: newIdempotencyKey() },
                      summary.currencyChosen ? undefined : shownCurrency,
                    )
                  }
                >
                  Review {plan.name} and pay
                </Button>
                <PlanChangeConfirmation change={change} summary={summary} />
              </ScreenSection>
            )}
          </>
        );
      }}
    </LoadState>
  );
}

/**
 * The checkout's card when the organization has none: the billing details first, as their own step, when there
 * are none yet (saved once with `POST /billing`), then the card form with only the card, which sends them along
 * (docs/decisions/0086).
 */
function CheckoutCard({ cardHolder }: { cardHolder: string }) {
  const { result, reload } = useBillingDetails();
  const [changing, setChanging] = useState(false);
  // Once the billing details are saved here (the step closes), the card comes next: focus goes to it.
  const hadNone = useRef(false);
  if (result.state === 'loaded' && !result.data) hadNone.current = true;
  return (
    <LoadState load={result} loadingText="Loading your billing details…" onRetry={() => void reload()}>
      {(billing) =>
        !billing || changing ? (
          <ScreenSection title="Your billing details">
            <p css={{ marginTop: 0, color: theme.colors.muted }}>
              Whom invoices are addressed to and which VAT applies. You enter them once; your card comes next.
            </p>
            <BillingDetailsForm
              current={billing}
              submitLabel={billing ? 'Save billing details' : 'Save billing details and continue'}
              onSaved={() => setChanging(false)}
              beside={
                changing ? (
                  <Button variant="secondary" onClick={() => setChanging(false)}>
                    Cancel
                  </Button>
                ) : null
              }
            />
          </ScreenSection>
        ) : (
          <ScreenSection title="Your card">
            <AddCardForm
              billing={billing}
              cardHolder={cardHolder}
              focusOnMount={hadNone.current}
              changeBilling={
                <button
                  type="button"
                  onClick={() => setChanging(true)}
                  css={{
                    font: 'inherit',
                    color: theme.colors.brand,
                    textDecoration: 'underline',
                    background: 'none',
                    border: 'none',
                    padding: 0,
                    cursor: 'pointer',
                  }}
                >
                  Change billing details
                </button>
              }
              submitLabel="Save card and continue"
            />
          </ScreenSection>
        )
      }
    </LoadState>
  );
}
