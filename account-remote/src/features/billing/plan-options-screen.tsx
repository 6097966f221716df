import { authenticatedApi } from '@dcipher/shared/auth';
import { contract, currencyCodes, type PlanChangeQuote, type PricingPlan } from '@dcipher/shared/contract';
import { type CurrencyCode, can } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import { Alert, Button, Notice, SelectField, TextField, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { useApiLoad } from '../../kit/use-api-load';
import { newIdempotencyKey } from './idempotency-key';
import { type Choice, usePlanChange } from './use-plan-change';

const currencyLabels: Record<CurrencyCode, string> = {
  usd: 'US dollars ($)',
  eur: 'Euros (€)',
  gpb: 'Pounds (£)',
};

/** /subscription/options, "Available plans": the plans for the organization, each change priced before confirming. */
export default function PlanOptionsScreen({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const mayChange = can({ kind: 'user', role: account.role }, 'subscription', 'update');
  const { result, reload } = useApiLoad(async () => {
    const [plans, summary] = await Promise.all([
      authenticatedApi().call(contract.pricing.listPricingPlans),
      authenticatedApi().call(contract.subscriptions.getSubscriptionSummary),
    ]);
    return { plans, summary };
  });
  const { currency, changeCurrency, choice, cancel, pricing, paying, error, promoError, paid, price, pay } =
    usePlanChange({ onPaid: reload });

  return (
    <LoadState load={result} loadingText="Loading the plans…" onRetry={() => void reload()}>
      {({ plans, summary }) => {
        const offered = plans.filter(
          (plan) => plan.customerType === account.organization.customerType && !plan.isCustom && plan.prices,
        );
        const shownCurrency = summary.plan?.currency ?? currency;
        return (
          <>
            {paid ? (
              <Notice>
                <strong>
                  {paid.invoice
                    ? `Paid ${formatMoney(paid.invoice.total, paid.invoice.currency)}: invoice ${paid.invoice.number}.`
                    : 'Your change is saved.'}
                </strong>{' '}
                Your plan: {paid.summary.plan?.name ?? 'none'} ({paid.summary.label}
                {paid.summary.scheduledPlan
                  ? `; ${paid.summary.scheduledPlan.name} from the end of the period`
                  : ''}
                ).{' '}
                <a
                  href="/payment/invoices"
                  onClick={(event) => {
                    event.preventDefault();
                    navigate('/payment/invoices');
                  }}
                >
                  See your invoices
                </a>
              </Notice>
            ) : null}
            {!summary.hasPaymentMethod && mayChange ? (
              <Alert>
                Add a payment card before choosing a plan:{' '}
                <a
                  href="/payment"
                  onClick={(event) => {
                    event.preventDefault();
                    navigate('/payment');
                  }}
                >
                  payment method
                </a>
                .
              </Alert>
            ) : null}
            {!summary.plan ? (
              <SelectField
                label="Currency"
                name="currency"
                value={currency}
                onChange={(event) => changeCurrency(event.target.value as CurrencyCode)}
                options={currencyCodes.map((code) => ({ value: code, label: currencyLabels[code] }))}
              />
            ) : null}
            <ul
              aria-label="Plans"
              css={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                gap: '1rem',
                gridTemplateColumns: 'repeat(auto-fit, minmax(min(16rem, 100%), 1fr))',
              }}
            >
              {offered.map((plan) => {
                const current = summary.plan?.id === plan.id && summary.state !== 'expired';
                const chosen = choice?.plan.id === plan.id ? choice : undefined;
                return (
                  <li key={plan.id}>
                    <ScreenSection title={`${plan.name} (${plan.billingPeriod})`}>
                      <p css={{ margin: '0 0 0.5rem', fontSize: '1.3rem', fontWeight: 700 }}>
                        {formatMoney(plan.prices![shownCurrency], shownCurrency, { compact: true })}
                        <span css={{ fontSize: '1rem', fontWeight: 400, color: theme.colors.muted }}>
                          {' '}
                          per {plan.billingPeriod === 'annual' ? 'year' : 'month'}
                        </span>
                      </p>
                      <p css={{ marginTop: 0, color: theme.colors.muted }}>{plan.description}</p>
                      {current ? (
                        <p css={{ fontWeight: 600, margin: 0 }}>Your current plan</p>
                      ) : !mayChange ? null : !chosen ? (
                        <Button
                          variant="secondary"
                          onClick={() =>
                            void price({ plan, promoCode: '', idempotencyKey: newIdempotencyKey() })
                          }
                        >
                          Choose {plan.name} ({plan.billingPeriod})
                        </Button>
                      ) : (
                        <QuoteBox
                          choice={chosen}
                          pricing={pricing}
                          paying={paying}
                          error={error}
                          promoError={promoError}
                          canPay={summary.hasPaymentMethod}
                          onPromo={(promoCode) => void price({ ...chosen, promoCode })}
                          onConfirm={() => void pay(summary)}
                          onCancel={cancel}
                        />
                      )}
                    </ScreenSection>
                  </li>
                );
              })}
            </ul>
          </>
        );
      }}
    </LoadState>
  );
}

export function QuoteBox({
  choice,
  pricing,
  paying,
  error,
  promoError,
  canPay,
  onPromo,
  onConfirm,
  onCancel,
}: {
  choice: Choice;
  pricing: boolean;
  paying: boolean;
  error: string | undefined;
  promoError: string | undefined;
  canPay: boolean;
  onPromo: (code: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [promo, setPromo] = useState(choice.promoCode);
  const { quote } = choice;
  const money = (amount: number) => (quote ? formatMoney(amount, quote.currency) : '');
  return (
    <div aria-live="polite">
      {pricing ? <p role="status">Working out the price…</p> : null}
      {quote && !pricing ? (
        <dl
          aria-label={`What ${choice.plan.name} costs now`}
          css={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) max-content',
            gap: '0.25rem 1rem',
            margin: '0 0 0.75rem',
          }}
        >
          {quote.kind === 'downgrade' ? (
            <>
              <dt>Starts on</dt>
              <dd css={{ margin: 0 }}>{formatDate(quote.effectiveAt)}</dd>
              <dt>Charged now</dt>
              <dd css={{ margin: 0 }}>{money(0)}</dd>
            </>
          ) : (
            <>
              <dt>
                {quote.kind === 'upgrade'
                  ? `${choice.plan.name} until ${formatDate(quote.periodEnd)}`
                  : `First ${choice.plan.billingPeriod === 'annual' ? 'year' : 'month'}`}
              </dt>
              <dd css={{ margin: 0 }}>{money(quote.charge)}</dd>
              {quote.credit > 0 ? (
                <>
                  <dt>Unused time on your current plan</dt>
                  <dd css={{ margin: 0 }}>−{money(quote.credit)}</dd>
                </>
              ) : null}
              {quote.discount > 0 ? (
                <>
                  <dt>Promo code {quote.promoCode}</dt>
                  <dd css={{ margin: 0 }}>−{money(quote.discount)}</dd>
                </>
              ) : null}
              <dt>
                {quote.reverseCharge ? 'VAT (reverse charge)' : `VAT ${quote.vatRateBasisPoints / 100} %`}
              </dt>
              <dd css={{ margin: 0 }}>{money(quote.vat)}</dd>
              <dt css={{ fontWeight: 700 }}>Charged now</dt>
              <dd css={{ margin: 0, fontWeight: 700 }} data-testid="quote-total">
                {money(quote.total)}
              </dd>
            </>
          )}
        </dl>
      ) : null}
      {quote && quote.kind !== 'downgrade' ? (
        <form
          aria-label="Promo code"
          onSubmit={(event) => {
            event.preventDefault();
            onPromo(promo);
          }}
          css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '0.5rem' }}
        >
          <div css={{ flex: '1 1 10rem' }}>
            <TextField
              label="Promo code (optional)"
              name="promoCode"
              value={promo}
              onChange={(event) => setPromo(event.target.value)}
              error={promoError}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={pricing}>
            Apply
          </Button>
        </form>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginTop: '0.75rem' }}>
        <Button
          onClick={onConfirm}
          disabled={!quote || pricing || paying || (!canPay && quote.kind !== 'downgrade')}
        >
          {paying
            ? 'Confirming…'
            : quote?.kind === 'downgrade'
              ? `Switch to ${choice.plan.name} on ${formatDate(quote.effectiveAt)}`
              : quote
                ? `Pay ${money(quote.total)} and switch`
                : 'Confirm'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={paying}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
