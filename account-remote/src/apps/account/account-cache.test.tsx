import { authStore } from '@dcipher/shared/auth';
import type { Session, SubscriptionSummary } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { openAccountArea } from '../../test-support/account-area';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';

// The account areas' server state in one cache (docs/decisions/0122): a change made on one screen
// (`useContractMutation` and its entry in kit/invalidations.ts) shows on another without a reload, from the cache,
// while that screen's own read, asked again when it opens, has not answered (fails with the change's entry removed
// from the map; the plan's, before 0122, also because the overview and Subscription details cached it twice).

const initialState = authStore.getState();

afterEach(() => {
  cleanup();
  authStore.setState(initialState, true);
});

const active: SubscriptionSummary = {
  state: 'active',
  label: 'Active',
  daysLeft: 30,
  plan: { id: 'business-monthly', name: 'Business', billingPeriod: 'monthly', price: 49900, currency: 'usd' },
  endsAt: '2026-12-24T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  hasPaymentMethod: true,
  currency: 'usd',
  currencyChosen: true,
  trialPlan: null,
  trialIncludes: null,
};

const session = (id: string, current: boolean): Session => ({
  id,
  current,
  browser: current ? 'Firefox' : 'Chrome',
  os: current ? 'Linux' : 'Windows',
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastActiveAt: '2026-11-29T09:00:00.000Z',
});

/**
 * A read's answers: before the change, after it, and none once the test goes back to the overview (set `frozen`):
 * what the overview shows then can only be what the cache holds.
 */
function answers(state: { changed: boolean; frozen: boolean }, before: unknown, after: unknown) {
  return () => (state.frozen ? new Promise(() => {}) : state.changed ? after : before);
}

/** The overview's other cards, which this test is not about. */
const overviewAnswers = {
  getAccount: testAccount,
  getUsageDetails: {
    periodStart: '2026-11-24T10:00:00.000Z',
    periodEnd: '2026-12-24T10:00:00.000Z',
    lines: [],
  },
  getCustomerCredits: { balance: 120 },
  listTeam: { members: [] },
  getTwoFactorStatus: { enabled: false, recoveryCodesRemaining: 0 },
};

/** Opens another page of the area from its menu, as a person would (no reload). */
const openFromMenu = (name: string) =>
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Account area' })).getByText(name));

describe('One cache for the account area', () => {
  it('shows a plan cancelled on Subscription details on the overview at once, before the overview asks again', async () => {
    const state = { changed: false, frozen: false };
    const expiring = { ...active, cancelAtPeriodEnd: true, label: 'Expiring in 30 days' };
    answerWith({
      ...overviewAnswers,
      listSessions: [session('s1', true)],
      getSubscriptionSummary: answers(state, active, expiring),
      cancelSubscription: () => {
        state.changed = true;
        return expiring;
      },
      listInvoices: [],
    });
    await openAccountArea('/account');
    expect((await screen.findByTestId('overview-plan-state')).textContent).toBe('Active');

    openFromMenu('Subscription details');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel plan…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    expect(await screen.findByText('Your plan is cancelled at the end of the period.')).toBeTruthy();

    const asked = callsOf('getSubscriptionSummary').length;
    state.frozen = true;
    openFromMenu('Overview');
    expect((await screen.findByTestId('overview-plan-state')).textContent).toBe('Expiring in 30 days');
    expect(screen.getByText('No next invoice: your plan ends on 24 Dec 2026.')).toBeTruthy();
    // The overview asked again on opening (that answer never comes): what it shows is the cache's.
    expect(callsOf('getSubscriptionSummary').length).toBeGreaterThan(asked);
    await expectNoAxeViolations();
  });

  it('shows the other sessions signed out on Privacy & security on the overview’s security card', async () => {
    const state = { changed: false, frozen: false };
    answerWith({
      ...overviewAnswers,
      getSubscriptionSummary: active,
      listSessions: answers(state, [session('s1', true), session('s2', false)], [session('s1', true)]),
      endOtherSessions: () => {
        state.changed = true;
        return { signedOut: 1 };
      },
      listSignInHistory: [],
    });
    await openAccountArea('/account');
    expect(await screen.findByText('Signed in on 2 devices or browsers.')).toBeTruthy();

    openFromMenu('Privacy & security');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('Every other session has been signed out.')).toBeTruthy();

    state.frozen = true;
    openFromMenu('Overview');
    expect(await screen.findByText('Signed in on 1 device or browser.')).toBeTruthy();
    expect(callsOf('endOtherSessions')).toHaveLength(1);
  });
});
