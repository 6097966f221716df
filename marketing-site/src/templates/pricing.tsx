import {
  type CurrencyCode,
  currencySymbols,
  defaultPricingCurrency,
  freeTrialDays,
  rememberCurrencyChoice,
  rememberedCurrencyChoice,
} from '@dcipher/shared/domain';
import { formatMoney } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import type { HeadProps, PageProps } from 'gatsby';
import { useEffect, useId, useRef, useState } from 'react';
import { annualSavingLabel, bestAnnualSaving } from '../components/annual-saving';
import { Layout } from '../components/layout';
import { PageHero, Section } from '../components/page-sections';
import type { BuiltPricing, PricingData } from '../components/pricing/latest-pricing';
import { PlanCards } from '../components/pricing/plan-cards';
import { PlanComparison } from '../components/pricing/plan-comparison';
import { PricingFaq, pricingFaq } from '../components/pricing/pricing-faq';
import { Seo } from '../components/seo';
import { browserConfig } from '../site-config';

type Period = 'monthly' | 'annual';
/** The tier the page recommends to most visitors (its monthly or annual plan, as the period shown). */
const recommendedTier = 'professional';
const currencies = Object.keys(currencySymbols) as CurrencyCode[];
const isCurrencyCode = (value: string): value is CurrencyCode => (currencies as string[]).includes(value);
const currencyLabels: Record<CurrencyCode, string> = {
  usd: 'US dollar ($)',
  eur: 'Euro (€)',
  gpb: 'British pound (£)',
};

/** Plans as built, then refreshed from the API in the browser (prices may change between publishes). */
function useLatestPricing(initial: BuiltPricing): PricingData {
  const [pricing, setPricing] = useState<PricingData>(initial);
  useEffect(() => {
    let active = true;
    const refresh = async () => {
      const { latestPricing } = await import('../components/pricing/latest-pricing');
      const latest = await latestPricing(browserConfig.apiBaseUrl, initial);
      if (active && latest) setPricing(latest);
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
  }, [initial]);
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

export default function PricingPage({ pageContext }: PageProps<object, BuiltPricing>) {
  const { plans, payAsYouGo } = useLatestPricing(pageContext);
  const [period, setPeriod] = useState<Period>('monthly');
  const [currency, setCurrency] = useState<CurrencyCode>(defaultPricingCurrency);
  const currencyId = useId();
  const currencySelect = useRef<HTMLSelectElement>(null);
  const periodChoices = useRef<HTMLFieldSetElement>(null);
  // One currency from here on (docs/decisions/0078): a choice made before is shown again, and what this page
  // shows is remembered for sign-up and checkout. After hydration, so the prerendered page stays as built. A
  // currency or period the visitor picked on the prerendered page before its scripts ran is what the browser's
  // controls hold (React does not read them back when it hydrates): it wins, so the prices match what is picked.
  useEffect(() => {
    const picked = currencySelect.current?.value;
    const pickedPeriod = periodChoices.current?.querySelector<HTMLInputElement>('input:checked')?.value;
    if (pickedPeriod === 'annual') setPeriod('annual');
    const remembered = rememberedCurrencyChoice();
    if (picked && picked !== defaultPricingCurrency && isCurrencyCode(picked)) {
      setCurrency(picked);
      rememberCurrencyChoice(picked);
    } else if (remembered) setCurrency(remembered);
    else rememberCurrencyChoice(defaultPricingCurrency);
  }, []);
  const chooseCurrency = (next: CurrencyCode) => {
    setCurrency(next);
    rememberCurrencyChoice(next);
  };
  const shown = plans
    .filter((plan) => plan.isCustom || plan.billingPeriod === period)
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const recommendedId = shown.find((plan) => plan.id.startsWith(`${recommendedTier}-`))?.id;
  const best = bestAnnualSaving(plans, currency);
  const saving = best ? `${best.varies ? 'up to ' : ''}${best.percent}% less` : undefined;

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
          <fieldset
            ref={periodChoices}
            // A fieldset is at least as wide as its content unless told otherwise: let the choices wrap at 320 px.
            css={{
              border: 'none',
              padding: 0,
              margin: 0,
              minWidth: 0,
              display: 'flex',
              flexWrap: 'wrap',
              gap: '0.5rem 1rem',
            }}
          >
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
              ref={currencySelect}
              id={currencyId}
              value={currency}
              onChange={(event) => chooseCurrency(event.target.value as CurrencyCode)}
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
        <PlanCards shown={shown} plans={plans} currency={currency} recommendedId={recommendedId} />
      </Section>
      <Section>
        <PlanComparison plans={shown} currency={currency} recommendedId={recommendedId} />
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
      <Section title="Frequently asked questions">
        <PricingFaq entries={pricingFaq(saving)} />
      </Section>
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
