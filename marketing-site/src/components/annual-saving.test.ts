import type { PricingPlan } from '@dcipher/shared/contract';
import { annualSavingLabel } from './annual-saving';

const plan = (id: string, usd: number): PricingPlan => ({
  id,
  name: id,
  description: '',
  customerType: 'Individual',
  billingPeriod: id.endsWith('annual') ? 'annual' : 'monthly',
  prices: { usd, eur: usd, gpb: usd },
  trialDays: 14,
  features: [],
  quotas: [],
  isCustom: false,
  sortOrder: 1,
});

describe('the annual saving shown on the pricing page', () => {
  it('is computed from the plans’ own prices, whole percent rounded down', () => {
    // The seeded Starter: 39.00 a month on the annual plan against 49.00 monthly.
    expect(annualSavingLabel([plan('starter-monthly', 4900), plan('starter-annual', 46800)], 'usd')).toBe(
      'Annual (save 20%)',
    );
  });

  it('says "up to" when the tiers save differently, and nothing when there is no saving', () => {
    expect(
      annualSavingLabel(
        [plan('a-monthly', 1000), plan('a-annual', 10800), plan('b-monthly', 1000), plan('b-annual', 9600)],
        'usd',
      ),
    ).toBe('Annual (save up to 20%)');
    expect(annualSavingLabel([plan('a-monthly', 1000), plan('a-annual', 12000)], 'usd')).toBe('Annual');
  });
});
