import { authStore } from '@dcipher/shared/auth';
import type { Account, PricingPlan, SubscriptionSummary } from '@dcipher/shared/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import AccountApp from './index';

const initialState = authStore.getState();

const individual: Account = {
  ...testAccount,
  organization: { ...testAccount.organization, name: 'Ada Lovelace', customerType: 'Individual' },
};
const teammate: Account = { ...testAccount, role: 'teammate' };

const trial = (includes: { id: string; name: string }): SubscriptionSummary => ({
  state: 'trialing',
  label: 'Free trial ends in 9 days',
  daysLeft: 9,
  plan: null,
  endsAt: '2026-12-06T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  hasPaymentMethod: false,
  currency: 'eur',
  currencyChosen: true,
  trialPlan: null,
  trialIncludes: includes,
});

const plan = (
  id: string,
  name: string,
  customerType: PricingPlan['customerType'],
  quotas: [string, string],
): PricingPlan => ({
  id,
  name,
  description: `The ${name} plan.`,
  customerType,
  billingPeriod: 'monthly',
  prices: { usd: 4900, eur: 4500, gpb: 3900 },
  trialDays: 14,
  features: [`${name} feature`],
  quotas: [
    { label: 'News media articles', value: quotas[0] },
    { label: 'Max file size', value: quotas[1] },
  ],
  isCustom: false,
  sortOrder: 1,
});
const plans = [
  plan('starter-monthly', 'Starter', 'Individual', ['5,000 per month', '50 MB']),
  plan('professional-monthly', 'Professional', 'Individual', ['25,000 per month', '200 MB']),
  plan('business-monthly', 'Business', 'Business', ['100,000 per month', '1 GB']),
];

async function openAt(path: string, account: Account, handlers: Record<string, unknown> = {}) {
  authStore.setState({ status: 'authenticated' });
  // The plan banner reads the summary on every page.
  answerWith({
    getAccount: account,
    getSubscriptionSummary: trial({ id: 'starter-monthly', name: 'Starter' }),
    ...handlers,
  });
  window.history.pushState(null, '', path);
  await renderScreen(<AccountApp navigate={jest.fn()} />);
  return screen.findByRole('navigation', { name: 'Account area' });
}

const organizationGroup = (menu: HTMLElement) =>
  within(within(menu).getByRole('list', { name: 'Organization' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const calledOperations = () => receivedCalls().map((received) => received.operation);

describe('entitlements in the account area (docs/decisions/0085)', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('an Individual account’s menu has no organization features: no members, SSO, region, policies, log or sharing', async () => {
    const menu = await openAt('/account/profile', individual);
    // Integrations are not an organization feature: an Individual account has API keys and webhooks too.
    expect(organizationGroup(menu)).toEqual(['General', 'API keys', 'Webhooks']);
    for (const name of ['Members', 'Single sign-on', 'Cloud settings', 'Security policies', 'My team']) {
      expect(within(menu).queryByRole('link', { name })).toBeNull();
    }
  });

  it('a Business admin’s menu has them all; a Business teammate sees sharing and the team, not the admin pages', async () => {
    expect(organizationGroup(await openAt('/account/profile', testAccount))).toEqual([
      'General',
      'Members',
      'Security policies',
      'Single sign-on',
      'API keys',
      'Webhooks',
      'Cloud settings',
      'Activity log',
      'Sharing options',
      'My team',
    ]);
    cleanup();
    expect(organizationGroup(await openAt('/account/profile', teammate))).toEqual([
      'Sharing options',
      'My team',
    ]);
  });

  it('an organization-only page opened by an Individual account says why and offers the way to Business, calling nothing', async () => {
    await openAt('/account/organization', individual);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Members');
    const page = await screen.findByTestId('business-only');
    expect(page.textContent).toContain(
      'Members and invitations are available to Business accounts only. Yours is an Individual account, for one person.',
    );
    expect(
      within(page).getByRole('link', { name: 'Contact us about a Business plan' }).getAttribute('href'),
    ).toBe('/account/contact');
    await expectNoAxeViolations(page);
    cleanup();
    await openAt('/account/cloud-settings', individual);
    expect((await screen.findByTestId('business-only')).textContent).toContain(
      'Choosing the cloud region is available to Business accounts only.',
    );
    // The account and the plan banner's summary; the screen itself (regions, the organization) is not loaded.
    expect(new Set(calledOperations())).toEqual(new Set(['getAccount', 'getSubscriptionSummary']));
  });

  it('the overview of an Individual trial has no team card and says whose quotas the trial has', async () => {
    await openAt('/account', individual, {
      getSubscriptionSummary: trial({ id: 'professional-monthly', name: 'Professional' }),
      getUsageDetails: {
        periodStart: '2026-11-22T10:00:00.000Z',
        periodEnd: '2026-12-06T10:00:00.000Z',
        lines: [],
      },
      getCustomerCredits: { balance: 0 },
      getTwoFactorStatus: { enabled: false, recoveryCodesRemaining: 0 },
      listSessions: [],
    });
    expect((await screen.findByTestId('overview-trial-includes')).textContent).toBe(
      'Your free trial includes the Professional plan’s quotas.',
    );
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
    expect(calledOperations()).not.toContain('listTeam');
  });

  it('Available plans of an Individual trial: its plans with quotas to compare, the trial’s plan marked', async () => {
    await openAt('/subscription/options', individual, {
      listPricingPlans: plans,
      getSubscriptionSummary: trial({ id: 'professional-monthly', name: 'Professional' }),
    });
    const list = await screen.findByRole('list', { name: 'Plans' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Starter (monthly)', 'Professional (monthly)']);
    const professional = screen.getByTestId('plan-professional-monthly');
    expect(professional.textContent).toContain('Your free trial includes this plan');
    expect(screen.getByTestId('plan-starter-monthly').textContent).not.toContain('Your free trial includes');
    // The quotas are on the card, not folded away.
    expect(within(professional).getByText('News media articles')).toBeTruthy();
    expect(within(professional).getByText('25,000 per month')).toBeTruthy();
    expect(within(professional).getByText('200 MB')).toBeTruthy();
    expect(screen.getByTestId('trial-state').textContent).toContain(
      'It includes Professional’s features and quotas.',
    );
  });

  it('the subscription screen says what the trial includes instead of "every feature"', async () => {
    await openAt('/subscription', individual, {
      getSubscriptionSummary: trial({ id: 'starter-monthly', name: 'Starter' }),
      getUsageDetails: {
        periodStart: '2026-11-22T10:00:00.000Z',
        periodEnd: '2026-12-06T10:00:00.000Z',
        lines: [],
      },
      listMyAddOns: [],
      getAddOnUsageDetails: [],
    });
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Free trial of Starter: its features and quotas, no card needed',
      ),
    );
    expect(document.body.textContent).not.toContain('every feature');
  });
});
