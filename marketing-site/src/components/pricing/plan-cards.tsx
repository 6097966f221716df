import type { PricingPlan } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { formatMoney } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { Link } from 'gatsby';
import { annualSavingOf } from '../annual-saving';

/** A plan's price as shown: "€45" and "per month", or "Custom pricing" for a plan priced on request. */
export function planPrice(plan: PricingPlan, currency: CurrencyCode): { amount: string; per?: string } {
  const price = plan.prices?.[currency];
  if (price === undefined) return { amount: 'Custom pricing' };
  return {
    amount: formatMoney(price, currency, { compact: true }),
    per: plan.billingPeriod === 'annual' ? 'per year' : 'per month',
  };
}

export function planLink(plan: PricingPlan): { to: string; label: string } {
  if (plan.isCustom) return { to: '/contact-us?topic=sales', label: 'Contact sales' };
  if (plan.trialDays > 0)
    return {
      to: `/signup?plan=${encodeURIComponent(plan.id)}`,
      label: `Start ${plan.trialDays}-day free trial`,
    };
  return { to: `/checkout?plan=${encodeURIComponent(plan.id)}`, label: `Buy ${plan.name}` };
}

/** The recommended plan's mark: words, not only a colour. */
export function RecommendedBadge() {
  return (
    <span
      css={{
        display: 'inline-block',
        margin: '0.25rem 0',
        padding: '0.1rem 0.6rem',
        borderRadius: '999px',
        background: theme.colors.brand,
        color: theme.colors.onBrand,
        fontSize: '0.8rem',
        fontWeight: 700,
        letterSpacing: '0.02em',
      }}
    >
      Recommended
    </span>
  );
}

/** What the billing period changes, from the plans' own prices: the annual saving, or that there is one. */
function savingNote(plans: readonly PricingPlan[], plan: PricingPlan, currency: CurrencyCode) {
  if (plan.billingPeriod === 'annual') {
    const saving = annualSavingOf(plans, plan, currency);
    if (!saving) return null;
    return `${formatMoney(saving.perMonth, currency, { compact: true })} a month, billed yearly: you save ${formatMoney(saving.amount, currency, { compact: true })} (${saving.percent}%) against paying monthly.`;
  }
  const annual = plans.find((other) => other.id === plan.id.replace(/-monthly$/, '-annual'));
  const saving = annual ? annualSavingOf(plans, annual, currency) : undefined;
  // The amount, not a percent: beside the billing switch's "save up to 20%", a card's own rounded-down 19% read as
  // a contradiction (issue 36).
  return saving
    ? `Save ${formatMoney(saving.amount, currency, { compact: true })} a year with annual billing.`
    : null;
}

export function PlanCard({
  plan,
  plans,
  currency,
  recommended,
}: {
  plan: PricingPlan;
  /** Every plan, monthly and annual, for the saving. */
  plans: readonly PricingPlan[];
  currency: CurrencyCode;
  recommended: boolean;
}) {
  const link = planLink(plan);
  const price = planPrice(plan, currency);
  const note = savingNote(plans, plan, currency);
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      css={{
        border: recommended ? `2px solid ${theme.colors.brand}` : `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        padding: '1.5rem',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.75rem',
        background: theme.colors.surface,
        minWidth: 0,
      }}
    >
      {recommended ? (
        <p css={{ margin: 0 }}>
          <RecommendedBadge />
        </p>
      ) : null}
      <h2 id={`plan-${plan.id}`} css={{ margin: 0, fontSize: '1.35rem' }}>
        {plan.name}
      </h2>
      <p css={{ margin: 0, color: theme.colors.muted }}>{plan.description}</p>
      <p css={{ margin: 0, fontSize: '2rem', fontWeight: 700 }} data-testid={`price-${plan.id}`}>
        {price.amount}
        {price.per ? (
          <span css={{ fontSize: '1rem', fontWeight: 400, color: theme.colors.muted }}> {price.per}</span>
        ) : null}
      </p>
      {note ? (
        <p
          css={{ margin: 0, color: theme.colors.muted, fontSize: '0.95rem' }}
          data-testid={`saving-${plan.id}`}
        >
          {note}
        </p>
      ) : null}
      <Link
        to={link.to}
        css={{
          display: 'block',
          textAlign: 'center',
          padding: '0.7rem 1rem',
          borderRadius: theme.radius,
          background: recommended ? theme.colors.brand : theme.colors.surface,
          color: recommended ? theme.colors.onBrand : theme.colors.brandDark,
          border: `2px solid ${theme.colors.brand}`,
          fontWeight: 600,
          textDecoration: 'none',
          '&:hover': {
            background: recommended ? theme.colors.brandDark : theme.colors.canvas,
          },
          '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
        }}
      >
        {link.label}
      </Link>
      {!plan.isCustom && plan.trialDays > 0 ? (
        <Link
          to={`/checkout?plan=${encodeURIComponent(plan.id)}`}
          css={{ textAlign: 'center', color: theme.colors.brandDark, fontWeight: 600 }}
        >
          Or buy {plan.name} now
        </Link>
      ) : null}
      <ul css={{ margin: 0, paddingLeft: '1.2rem' }}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </article>
  );
}

/** The plans of one billing period as cards: one, two or four to a row (four plans never leave one alone). */
export function PlanCards({
  shown,
  plans,
  currency,
  recommendedId,
}: {
  shown: readonly PricingPlan[];
  plans: readonly PricingPlan[];
  currency: CurrencyCode;
  recommendedId: string | undefined;
}) {
  const columns = shown.length % 3 === 0 ? 3 : shown.length % 2 === 0 ? Math.min(shown.length, 4) : 3;
  return (
    <div
      css={{
        display: 'grid',
        gap: '1.5rem',
        gridTemplateColumns: 'minmax(0, 1fr)',
        '@media (min-width: 40rem)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
        [`@media (min-width: ${columns === 4 ? 75 : 64}rem)`]: {
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {shown.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          plans={plans}
          currency={currency}
          recommended={plan.id === recommendedId}
        />
      ))}
    </div>
  );
}
