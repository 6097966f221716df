import type { PricingPlan } from '@dcipher/shared/contract';
import { subscriptionQuotaLabels } from '@dcipher/shared/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PlanCards } from './plan-cards';
import { PlanComparison } from './plan-comparison';
import { PricingFaq, pricingFaq } from './pricing-faq';

afterEach(cleanup);

// The seeded tiers' shape (api/src/db/migrations/0004-pricing-plans.ts): the annual plans are twelve cheaper months.
const quotaValues: Record<string, string[]> = {
  starter: [
    '2',
    '10,000 per month',
    '5,000 per month',
    '5 per month',
    '200 per month',
    '1,000',
    '10 per month',
  ],
  professional: ['10', '50,000 per month', '25,000 per month', '20 per month', '1,000 per month', '10,000'],
};
const tier = (
  slug: string,
  name: string,
  sortOrder: number,
  monthlyEur: number,
  annualMonthEur: number,
): PricingPlan[] =>
  (['monthly', 'annual'] as const).map((billingPeriod) => {
    const eur = billingPeriod === 'monthly' ? monthlyEur : annualMonthEur * 12;
    return {
      id: `${slug}-${billingPeriod}`,
      name,
      description: `${name} plan`,
      customerType: 'Individual',
      billingPeriod,
      prices: { usd: eur, eur, gpb: eur },
      trialDays: 14,
      features: [`${name} feature`],
      quotas: subscriptionQuotaLabels.map((label, index) => ({
        label,
        value: quotaValues[slug]?.[index] ?? `${sortOrder * (index + 1)} per month`,
      })),
      isCustom: false,
      sortOrder,
    };
  });
const enterprise: PricingPlan = {
  id: 'enterprise',
  name: 'Enterprise',
  description: 'Custom',
  customerType: 'Business',
  billingPeriod: 'annual',
  prices: null,
  trialDays: 0,
  features: [],
  quotas: subscriptionQuotaLabels.map((label) => ({ label, value: 'Custom' })),
  isCustom: true,
  sortOrder: 4,
};
const plans = [
  ...tier('starter', 'Starter', 1, 4500, 3600),
  ...tier('professional', 'Professional', 2, 13900, 11100),
  ...tier('business', 'Business', 3, 45900, 36900),
  enterprise,
];
const monthly = plans.filter((plan) => plan.isCustom || plan.billingPeriod === 'monthly');
const annual = plans.filter((plan) => plan.billingPeriod === 'annual');

describe('the plan comparison table', () => {
  it('has one row per quota, each with a short label and what its unit is, and one column per plan', () => {
    render(<PlanComparison plans={monthly} currency="eur" recommendedId="professional-monthly" />);
    const region = screen.getByRole('region', { name: 'Compare what each plan includes' });
    // It scrolls inside itself on a phone, so a keyboard must be able to reach it.
    expect(region.getAttribute('tabindex')).toBe('0');
    const table = within(region).getByRole('table');
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders).toHaveLength(subscriptionQuotaLabels.length);
    expect(rowHeaders.map((header) => header.textContent)).toContain(
      'Compute hourshours of model processing',
    );
    expect(rowHeaders.map((header) => header.textContent)).toContain(
      'Report sections, advancedreport sections written by a state-of-the-art language model',
    );
    // Short labels: none of the spec's long labels is shown as is.
    for (const header of rowHeaders) {
      const label = header.firstElementChild?.textContent ?? '';
      expect(label.length).toBeLessThanOrEqual(26);
      expect(header.children[1]?.textContent?.length).toBeGreaterThan(10);
    }
    const columns = within(table).getAllByRole('columnheader');
    expect(columns.map((column) => column.textContent)).toEqual([
      'Quota',
      'Starter€45 per month',
      'ProfessionalRecommended€139 per month',
      'Business€459 per month',
      'EnterpriseCustom pricing',
    ]);
    const starterRow = within(table).getByRole('row', { name: /^Social posts/ });
    expect(
      within(starterRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10,000 per month', '50,000 per month', '6 per month', 'Custom']);
  });
});

describe('the plan cards', () => {
  it('mark the recommended plan in words and give each annual plan its saving, from its own prices', () => {
    render(<PlanCards shown={annual} plans={plans} currency="eur" recommendedId="professional-annual" />);
    const professional = screen.getByRole('article', { name: 'Professional' });
    expect(within(professional).getByText('Recommended').tagName).toBe('SPAN');
    expect(within(screen.getByRole('article', { name: 'Starter' })).queryByText('Recommended')).toBeNull();
    // Starter: €45 a month, or €432 a year (€36 a month): €540 - €432 = €108 saved, 20%.
    expect(screen.getByTestId('price-starter-annual').textContent).toContain('€432 per year');
    expect(screen.getByTestId('saving-starter-annual').textContent).toContain(
      '€36 a month, billed yearly: you save €108 (20%) against paying monthly.',
    );
    // Professional: 12 × €139 = €1,668 against €1,332: €336 saved, 20.1% rounded down.
    expect(screen.getByTestId('saving-professional-annual').textContent).toContain('you save €336 (20%)');
    expect(within(screen.getByRole('article', { name: 'Enterprise' })).getByRole('link').textContent).toBe(
      'Contact sales',
    );
  });

  it('tell a monthly plan what annual billing would save', () => {
    render(<PlanCards shown={monthly} plans={plans} currency="gpb" recommendedId={undefined} />);
    // 12 × £459 = £5,508 against 12 × £369 = £4,428 billed yearly: £1,080 saved (an amount, not a percent that
    // reads against the switch's "up to 20%").
    expect(screen.getByTestId('saving-business-monthly').textContent).toBe(
      'Save £1,080 a year with annual billing.',
    );
    expect(screen.queryByText('Recommended')).toBeNull();
  });
});

describe('the pricing FAQ', () => {
  it('answers each question in a native disclosure (summary: focusable and opened by keyboard without script)', () => {
    const { container } = render(<PricingFaq entries={pricingFaq('20% less')} />);
    const disclosures = container.querySelectorAll('details');
    expect(disclosures.length).toBeGreaterThanOrEqual(6);
    const questions = [...container.querySelectorAll('summary')].map((summary) => summary.textContent);
    expect(questions).toEqual(
      expect.arrayContaining([
        'Do I need a credit card for the free trial?',
        'What counts as usage?',
        'Can I change or cancel my plan?',
        'Which currencies can I pay in, and is VAT included?',
      ]),
    );
    const billing = [...disclosures].find((details) => details.textContent?.includes('monthly and annual'));
    expect(billing?.open).toBe(false);
    const summary = billing?.querySelector('summary') as HTMLElement;
    fireEvent.click(summary);
    expect(billing?.open).toBe(true);
    expect(billing?.textContent).toContain('(20% less against twelve monthly payments)');
  });
});
