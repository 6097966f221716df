import { authStore } from '@dcipher/shared/auth';
import type { SubscriptionSummary } from '@dcipher/shared/contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { testAccount } from '../../test-support/account-test-api';
import { answerWith } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import { SiteHost } from '../../test-support/site-host';

const initialState = authStore.getState();

const summary = (overrides: Partial<SubscriptionSummary>): SubscriptionSummary => ({
  state: 'trialing',
  label: 'Free trial ends in 9 days',
  daysLeft: 9,
  plan: null,
  endsAt: '2026-12-04T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  hasPaymentMethod: true,
  currency: 'usd',
  currencyChosen: false,
  trialPlan: null,
  trialIncludes: { id: 'business-monthly', name: 'Business' },
  ...overrides,
});
const business: SubscriptionSummary['plan'] = {
  id: 'business-monthly',
  name: 'Business',
  billingPeriod: 'monthly',
  price: 9900,
  currency: 'usd',
};

async function openProfile(role: 'admin' | 'teammate', answer: SubscriptionSummary) {
  authStore.setState({ status: 'authenticated' });
  // The screens the banner leads to stay loading (the plans, the subscription's usage): the tests are about the way.
  const loading = () => new Promise(() => {});
  answerWith({
    getAccount: { ...testAccount, role },
    getSubscriptionSummary: answer,
    listPricingPlans: loading,
    getUsageDetails: loading,
  });
  window.history.pushState(null, '', '/account/profile');
  const navigate = jest.fn();
  await renderScreen(<SiteHost onNavigate={navigate} />);
  await screen.findByTestId('account-name');
  return navigate;
}

afterEach(() => {
  cleanup();
  authStore.setState(initialState, true);
});

describe('the plan state outside the billing screens', () => {
  it('says nothing while the trial or the plan runs', async () => {
    await openProfile('admin', summary({}));
    expect(screen.queryByText(/has ended|could not be charged/)).toBeNull();
  });

  it('after the trial ended, tells an admin and leads to the plans', async () => {
    const navigate = await openProfile(
      'admin',
      summary({ state: 'expired', label: 'Expired', daysLeft: null }),
    );
    expect(
      await screen.findByText(
        'Expired: your free trial has ended. Your data is kept; choose a plan to go on using Dcipher.',
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    });
    expect(navigate).toHaveBeenCalledWith('/subscription/options');
  });

  it('after a failed renewal, offers to pay it or change the card', async () => {
    const navigate = await openProfile(
      'admin',
      summary({ state: 'past_due', label: 'Payment problem', daysLeft: null, plan: business }),
    );
    expect(
      await screen.findByText(/Payment problem: the renewal of your Business plan could not be charged/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change the card' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the renewal' }));
    });
    expect(navigate).toHaveBeenCalledWith('/subscription');
    // On the subscription screen, which shows the state itself, the notice is not repeated.
    expect(screen.queryByText(/could not be charged\. Pay it/)).toBeNull();
  });

  it('tells a teammate to ask an admin, without buttons they could not use', async () => {
    await openProfile(
      'teammate',
      summary({ state: 'expired', label: 'Expired', daysLeft: null, plan: business }),
    );
    expect(await screen.findByText(/your Business plan has ended/)).toBeTruthy();
    expect(screen.getByText(/Ask an admin of your organization to do it\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose a plan' })).toBeNull();
  });
});
