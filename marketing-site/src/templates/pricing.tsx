import type { PayAsYouGoPrice, PricingPlan } from '@dcipher/shared/contract';
import { type CurrencyCode, currencySymbols, freeTrialDays } from '@dcipher/shared/domain';
import { formatMoney } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { type HeadProps, Link, type PageProps } from 'gatsby';
import { useEffect, useId, useState } from 'react';
import { annualSavingLabel } from '../components/annual-saving';
import { Layout } from '../components/layout';
import { PageHero, Section } from '../components/page-sections';
import { Seo } from '../components/seo';
import { browserConfig } from '../site-config';

interface PricingContext {
  plans: PricingPlan[];
  payAsYouGo: PayAsYouGoPrice[];
}

type Period = 'monthly' | 'annual';
const currencies = Object.keys(currencySymbols) as CurrencyCode[];
const currencyLabels: Record<CurrencyCode, string> = {
  usd: 'US dollar ($)',
  eur: 'Euro (€)',
  gpb: 'British pound (£)',
};

/** Plans as built, then refreshed from the API in the browser (prices may change between publishes). */
function useLatestPricing(initial: PricingContext): PricingContext {
  const [pricing, setPricing] = useState(initial);
  useEffect(() => {
    let active = true;
    const refresh = async () => {
      // Only the two endpoint declarations and the client: the page's first load carries neither.
      const [{ createApiClient }, { listPricingPlans, listPayAsYouGoPrices }] = await Promise.all([
        import('@dcipher/shared/client'),
        import('@dcipher/shared/contract'),
      ]);
      const api = createApiClient({ baseUrl: browserConfig.apiBaseUrl });
      const [plans, payAsYouGo] = await Promise.all([
        api.call(listPricingPlans),
        api.call(listPayAsYouGoPrices),
      ]);
      if (active && plans.length > 0) setPricing({ plans, payAsYouGo });
    };
    // Prices rarely change between publishes: refresh once the browser is idle, not while the page is starting.
    const start = () =>
      refresh().catch(() => {
        // Keep the prices the page was built with; they are at most one publish old.
      });
    const canIdle = typeof window.requestIdleCallback === 'function';
    const handle = canIdle
      ? window.requestIdleCallback(start, { timeout: 4000 })
      : window.setTimeout(start, 2000);
    return () => {
      active = false;
      if (canIdle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return pricing;
}

const headerCell = (textAlign: 'left' | 'right') => ({
  textAlign,
  padding: '0.5rem',
  borderBottom: `2px solid ${theme.colors.border}`,
});
const bodyCell = (textAlign: 'left' | 'right') => ({
  textAlign,
  padding: '0.5rem',
  borderBottom: `1px solid ${theme.colors.border}`,
});

/** "ReportSectionGenerationHighLLM" -> "Report section generation high LLM"; "SocialMedia-tiktok" -> "Social media tiktok". */
function usageLabel(category: string): string {
  const words = category
    .replace(/-/g, ' ')
    .match(/[A-Z]{2,}(?=[A-Z][a-z]|\b|$)|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? [category];
  return words
    .map((word, index) =>
      /^[A-Z]{2,}$/.test(word)
        ? word
        : index === 0
          ? word[0]?.toUpperCase() + word.slice(1).toLowerCase()
          : word.toLowerCase(),
    )
    .join(' ');
}

function planLink(plan: PricingPlan): { to: string; label: string } {
  if (plan.isCustom) return { to: '/contact-us?topic=sales', label: 'Contact sales' };
  if (plan.trialDays > 0)
    return {
      to: `/signup?plan=${encodeURIComponent(plan.id)}`,
      label: `Start ${plan.trialDays}-day free trial`,
    };
  return { to: `/checkout?plan=${encodeURIComponent(plan.id)}`, label: `Buy ${plan.name}` };
}

function PlanCard({ plan, currency }: { plan: PricingPlan; currency: CurrencyCode }) {
  const link = planLink(plan);
  const price = plan.prices?.[currency];
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      css={{
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        padding: '1.5rem',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.75rem',
      }}
    >
      <h2 id={`plan-${plan.id}`} css={{ margin: 0, fontSize: '1.35rem' }}>
        {plan.name}
      </h2>
      <p css={{ margin: 0, color: theme.colors.muted }}>{plan.description}</p>
      <p css={{ margin: 0, fontSize: '2rem', fontWeight: 700 }} data-testid={`price-${plan.id}`}>
        {price === undefined ? 'Custom pricing' : formatMoney(price, currency, { compact: true })}
        {price === undefined ? null : (
          <span css={{ fontSize: '1rem', fontWeight: 400, color: theme.colors.muted }}>
            {plan.billingPeriod === 'annual' ? ' per year' : ' per month'}
          </span>
        )}
      </p>
      <Link
        to={link.to}
        css={{
          display: 'inline-block',
          textAlign: 'center',
          padding: '0.7rem 1rem',
          borderRadius: theme.radius,
          background: theme.colors.brand,
          color: theme.colors.onBrand,
          fontWeight: 600,
          textDecoration: 'none',
          '&:hover': { background: theme.colors.brandDark },
          '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
        }}
      >
        {link.label}
      </Link>
      {!plan.isCustom && plan.trialDays > 0 ? (
        <Link
          to={`/checkout?plan=${encodeURIComponent(plan.id)}`}
          css={{ textAlign: 'center', color: theme.colors.brand, fontWeight: 600 }}
        >
          Or buy {plan.name} now
        </Link>
      ) : null}
      <ul css={{ margin: 0, paddingLeft: '1.2rem' }}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {plan.quotas.length > 0 ? (
        <dl
          css={{
            margin: 0,
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            gap: '0.3rem 1rem',
            fontSize: '0.95rem',
          }}
        >
          {plan.quotas.map((quota) => (
            <div key={quota.label} css={{ display: 'contents' }}>
              <dt css={{ color: theme.colors.muted }}>{quota.label}</dt>
              <dd css={{ margin: 0, textAlign: 'right' }}>{quota.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  );
}

export default function PricingPage({ pageContext }: PageProps<object, PricingContext>) {
  const { plans, payAsYouGo } = useLatestPricing(pageContext);
  const [period, setPeriod] = useState<Period>('monthly');
  const [currency, setCurrency] = useState<CurrencyCode>('eur');
  const currencyId = useId();
  const shown = plans
    .filter((plan) => plan.isCustom || plan.billingPeriod === period)
    .sort((a, b) => a.sortOrder - b.sortOrder);

  return (
    <Layout>
      <PageHero
        title="Pricing"
        lead={`Start with a ${freeTrialDays}-day free trial, no credit card needed. Choose a plan for your team, top up with pay-as-you-go credits when you need more, or talk to us about a custom plan.`}
      />
      <Section>
        <div
          css={{ display: 'flex', flexWrap: 'wrap', gap: '1.5rem', alignItems: 'end', marginBottom: '2rem' }}
        >
          <fieldset css={{ border: 'none', padding: 0, margin: 0, display: 'flex', gap: '1rem' }}>
            <legend css={{ fontWeight: 600, marginBottom: '0.35rem' }}>Billing period</legend>
            {(['monthly', 'annual'] as const).map((option) => (
              <label key={option} css={{ display: 'flex', gap: '0.4rem', alignItems: 'center' }}>
                <input
                  type="radio"
                  name="billing-period"
                  value={option}
                  checked={period === option}
                  onChange={() => setPeriod(option)}
                />
                {option === 'monthly' ? 'Monthly' : annualSavingLabel(plans, currency)}
              </label>
            ))}
          </fieldset>
          <div css={{ display: 'flex', flexDirection: 'column', gap: '0.35rem' }}>
            <label htmlFor={currencyId} css={{ fontWeight: 600 }}>
              Currency
            </label>
            <select
              id={currencyId}
              value={currency}
              onChange={(event) => setCurrency(event.target.value as CurrencyCode)}
              css={{
                font: 'inherit',
                padding: '0.5rem',
                borderRadius: theme.radius,
                border: `1px solid ${theme.colors.border}`,
              }}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {currencyLabels[code]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div
          css={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(16rem, 100%), 1fr))',
            gap: '1.5rem',
          }}
        >
          {shown.map((plan) => (
            <PlanCard key={plan.id} plan={plan} currency={currency} />
          ))}
        </div>
      </Section>
      {payAsYouGo.length > 0 ? (
        <Section title="Pay-as-you-go credits">
          <p css={{ color: theme.colors.muted, maxWidth: '65ch' }}>
            Need more than your plan includes? Credits in your wallet pay for extra usage at these prices,
            with no commitment.
          </p>
          <table css={{ borderCollapse: 'collapse', width: '100%', maxWidth: '48rem' }}>
            <caption css={{ textAlign: 'left', color: theme.colors.muted, marginBottom: '0.5rem' }}>
              Prices in {currencyLabels[currency]}
            </caption>
            <thead>
              <tr>
                <th scope="col" css={headerCell('left')}>
                  Usage
                </th>
                <th scope="col" css={headerCell('left')}>
                  Unit
                </th>
                <th scope="col" css={headerCell('right')}>
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {payAsYouGo.map((price) => (
                <tr key={price.usageCategory}>
                  <td css={bodyCell('left')}>{usageLabel(price.usageCategory)}</td>
                  <td css={bodyCell('left')}>{price.unit}</td>
                  <td css={bodyCell('right')}>{formatMoney(price.prices[currency], currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      ) : null}
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Pricing"
    description={`Dcipher plans for individuals and teams, with a ${freeTrialDays}-day free trial and no credit card. Pay-as-you-go credits and custom plans for larger organisations.`}
    pathname={location.pathname}
  />
);
