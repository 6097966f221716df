import { freeTrialDays } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';

export interface FaqEntry {
  question: string;
  answer: ReactNode;
}

/**
 * The questions visitors ask before they buy, answered as the product works (product spec sections 3, 4 and 9;
 * billing in docs/decisions 0039, 0040 and 0042). `annualSaving` is the saving the page computed from the prices.
 */
export function pricingFaq(annualSaving: string | undefined): FaqEntry[] {
  return [
    {
      question: 'Do I need a credit card for the free trial?',
      answer: `No. The ${freeTrialDays}-day free trial needs no card and nothing is charged during it. You can add a card when you sign up or skip that step and add one when you choose a plan.`,
    },
    {
      question: 'What happens when the trial ends?',
      answer:
        'Choose a plan at any time. During the trial you keep the days left: the plan starts, and its first billing period is charged, when the trial ends; or choose "Start now" to be charged at once. Every charge shows its total with VAT before you confirm it. If the trial ends without a plan, your account admins get an email and the product stays closed until a plan is chosen; nothing is charged at the end of a trial unless you chose a plan.',
    },
    {
      question: 'What is the difference between monthly and annual billing?',
      answer: `A monthly plan is charged every month; an annual plan is charged once for twelve months at a lower price${annualSaving ? ` (${annualSaving} against twelve monthly payments)` : ''}. Quotas are the same: an annual plan includes twelve months of each monthly quota. Moving from monthly to annual is charged at once, less the unused part of the current month.`,
    },
    {
      question: 'Can I change or cancel my plan?',
      answer:
        'Yes, from the subscription page of your account. An upgrade starts at once and is charged only for the rest of the current period, less what you already paid for it. A downgrade or a cancellation takes effect at the end of the period you paid for: you keep your plan until then, are not charged again, and can undo it before that date.',
    },
    {
      question: 'What counts as usage?',
      answer:
        'Each quota counts one kind of use in the current billing period: posts and articles collected, landscapes generated, research bot answers, research agent tasks and report sections written, and texts indexed into knowledge bases. Posts from any social network or forum count as social posts. Use beyond a quota is paid from pay-as-you-go credits at the prices above, and account admins get an email at 80% and 100% of each quota. Language-model tokens and translation have no quota: they are always paid with credits.',
    },
    {
      question: 'Which currencies can I pay in, and is VAT included?',
      answer:
        'US dollars, euros and British pounds. You pick the currency when you choose a plan, and the subscription keeps it. Prices are shown without VAT: VAT is added by the billing country, and EU businesses with a VAT number outside Denmark are invoiced under the reverse charge.',
    },
    {
      question: 'What if my team needs more than the Business plan?',
      answer:
        'Enterprise plans have custom quotas, volume pricing and a dedicated cloud deployment, on a yearly contract. Contact sales and tell us roughly how many people would use Dcipher.',
    },
  ];
}

/** Questions as disclosures: each answer opens under its question, by mouse, touch or keyboard, without script. */
export function PricingFaq({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <div css={{ maxWidth: '70ch', display: 'grid', gap: '0.75rem' }}>
      {entries.map((entry) => (
        <details
          key={entry.question}
          css={{
            border: `1px solid ${theme.colors.border}`,
            borderRadius: '12px',
            background: theme.colors.surface,
            '&[open] > summary': { borderBottom: `1px solid ${theme.colors.border}` },
          }}
        >
          <summary
            css={{
              cursor: 'pointer',
              padding: '0.9rem 1.25rem',
              fontWeight: 600,
              minHeight: 44,
              '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
            }}
          >
            {entry.question}
          </summary>
          <p css={{ margin: 0, padding: '0.9rem 1.25rem', color: theme.colors.muted }}>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
