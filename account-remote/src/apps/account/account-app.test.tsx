import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import AccountApp from './index';

const initialState = authStore.getState();

async function openAt(path: string, navigate = jest.fn()) {
  window.history.pushState(null, '', path);
  await renderScreen(<AccountApp navigate={navigate} />);
  return { navigate };
}

describe('Account area shell', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('loads the account, then shows the menu with the current page marked and the profile', async () => {
    authStore.setState({ status: 'authenticated' });
    let release: (value: unknown) => void = () => {};
    answerWith({ getAccount: () => new Promise((resolve) => (release = resolve)) });
    await openAt('/account/profile');
    expect(screen.getByRole('status').textContent).toBe('Loading your account…');
    release(testAccount);
    expect((await screen.findByTestId('account-name')).textContent).toBe('Ada Admin');
    const menu = screen.getByRole('navigation', { name: 'Account area' });
    expect(within(menu).getByRole('link', { name: 'Account information' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Workflows',
      'Account information',
      'Password',
      'Privacy & security',
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
      'Subscription details',
      'Available plans',
      'Payment method',
      'Invoice history',
      'Wallet',
      'Add-ons',
      'Contact',
      'Help (opens in a new tab)',
    ]);
    // Grouped by the routes' sections, each group a list named by its label.
    const group = (name: string) =>
      within(within(menu).getByRole('list', { name }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(group('Personal')).toEqual(['Account information', 'Password', 'Privacy & security']);
    expect(group('Organization')).toEqual([
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
    expect(group('Billing')).toEqual([
      'Subscription details',
      'Available plans',
      'Payment method',
      'Invoice history',
      'Wallet',
      'Add-ons',
    ]);
    expect(within(menu).getByRole('link', { name: 'Members' }).getAttribute('href')).toBe(
      '/account/organization',
    );
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account information');
    expect(document.title).toBe('Dcipher | Account information');
  });

  it('shows a failed load with a retry that loads again', async () => {
    authStore.setState({ status: 'authenticated' });
    let attempts = 0;
    answerWith({
      getAccount: () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError('Server error', 500, undefined);
        return testAccount;
      },
    });
    await openAt('/account/profile');
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('account-name')).textContent).toBe('Ada Admin');
  });

  it('sends an anonymous visitor to the login page, which brings them back, without calling the API', async () => {
    authStore.setState({ status: 'anonymous' });
    answerWith({});
    const { navigate } = await openAt('/account/privacy');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?returnTo=%2Faccount%2Fprivacy'));
    expect(receivedCalls()).toHaveLength(0);
  });

  it('keeps the account area closed while the password has expired', async () => {
    authStore.setState({ status: 'authenticated', requiresPasswordChange: true });
    answerWith({});
    const { navigate } = await openAt('/account');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/change-password'));
    expect(receivedCalls()).toHaveLength(0);
  });

  it('moves between screens from the menu, focusing the new heading', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: testAccount });
    const { navigate } = await openAt('/account/profile');
    await screen.findByTestId('account-name');
    fireEvent.click(screen.getByRole('link', { name: 'Password' }));
    expect(navigate).toHaveBeenCalledWith('/account/password');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Password' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: 'Password' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
  });

  it('says so for a path below /account that names no screen', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: testAccount });
    await openAt('/account/nothing-here');
    expect(await screen.findByText('Sorry, the page you are looking for cannot be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your account overview' })).toBeTruthy();
  });

  it('folds the menu behind a button that Escape closes, returning focus to it', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: testAccount });
    await openAt('/account/profile');
    // jsdom applies no media query: the phone-only button is found although the desktop styles hide it.
    await screen.findByTestId('account-name');
    const toggle = document.querySelector<HTMLButtonElement>(
      'nav[aria-label="Account area"] button[aria-expanded]',
    );
    if (!toggle) throw new Error('no menu button');
    expect(toggle.textContent).toContain('Account menu: Account information');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('logs out and returns to the home page, not to log in', async () => {
    // Like the real store: signed out first, then the server call settles.
    const logout = jest.fn(async () => {
      authStore.setState({ status: 'anonymous' });
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    authStore.setState({ status: 'authenticated', logout });
    answerWith({ getAccount: testAccount });
    const { navigate } = await openAt('/account/profile');
    await screen.findByTestId('account-name');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(logout).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalledWith('/login');
  });

  it('offers a teammate no admin entry, and explains who may use one opened directly', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: { ...testAccount, role: 'teammate' } });
    await openAt('/account/sso');
    expect(await screen.findByText('Only organization admins can set up single sign-on.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Single sign-on');
    const menu = screen.getByRole('navigation', { name: 'Account area' });
    expect(within(menu).queryByRole('link', { name: /single sign-on|members|cloud|API keys/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your account overview' })).toBeTruthy();
  });

  it('tells an admin that a page of the account area that does not exist cannot be found, rather than refusing', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: testAccount });
    await openAt('/account/nothing-here');
    expect(await screen.findByText('Sorry, the page you are looking for cannot be found.')).toBeTruthy();
    expect(screen.queryByText(/Only organization admins/)).toBeNull();
  });

  it('follows the back button: the browser’s path picks the screen again', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: testAccount });
    await openAt('/account/profile');
    await screen.findByTestId('account-name');
    fireEvent.click(screen.getByRole('link', { name: 'Password' }));
    await screen.findByRole('heading', { level: 1, name: 'Password' });
    // The host (the site, Gatsby) changes the URL; the remote follows popstate.
    window.history.pushState(null, '', '/account/profile');
    fireEvent.popState(window);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account information' })).toBeTruthy();
  });

  it('follows a link from "not found" to the overview: the host is told, the screen shows in place', async () => {
    authStore.setState({ status: 'authenticated' });
    // The overview's cards stay loading: the test is about the way there, not what they show.
    const loading = () => new Promise(() => {});
    answerWith({
      getAccount: testAccount,
      getSubscriptionSummary: loading,
      getUsageDetails: loading,
      getCustomerCredits: loading,
      listTeam: loading,
      getTwoFactorStatus: loading,
      listSessions: loading,
    });
    const { navigate } = await openAt('/account/nothing-here');
    fireEvent.click(await screen.findByRole('link', { name: 'Go to your account overview' }));
    expect(navigate).toHaveBeenCalledWith('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Plan' })).toBeTruthy();
  });
});

describe('Account overview', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  const trial = {
    state: 'trialing',
    label: 'Free trial ends in 9 days',
    daysLeft: 9,
    plan: null,
    endsAt: '2026-12-06T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    hasPaymentMethod: false,
    currency: 'eur',
    currencyChosen: false,
    trialPlan: null,
    trialIncludes: null,
  };
  const member = (email: string) => ({ firstName: 'Ada', lastName: 'Admin', email, role: 'teammate' });
  const session = (id: string) => ({
    id,
    browser: 'Firefox 128',
    os: 'Linux',
    ipAddress: '203.0.113.7',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastActiveAt: '2026-11-29T09:00:00.000Z',
    current: id === 's1',
  });
  const answers = {
    getAccount: testAccount,
    getSubscriptionSummary: trial,
    getUsageDetails: {
      periodStart: '2026-11-22T00:00:00.000Z',
      periodEnd: '2026-12-22T00:00:00.000Z',
      lines: [
        {
          label: 'Records',
          usageCategory: 'LLM',
          unit: 'records',
          included: 1000,
          addOns: 0,
          used: 250,
          remaining: 750,
          percentUsed: 25,
        },
      ],
    },
    getCustomerCredits: { balance: 2500 },
    listTeam: { members: [member('ada@example.com'), member('tom@example.com'), member('eve@example.com')] },
    getTwoFactorStatus: { enabled: false, recoveryCodesRemaining: 0 },
    listSessions: [session('s1'), session('s2')],
  };

  it('shows the plan, trial days, usage, credits, team and security at /account, each card linking to its page', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith(answers);
    await openAt('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(document.title).toBe('Dcipher | Overview');
    expect((await screen.findByTestId('overview-plan')).textContent).toBe('Free trial');
    expect(screen.getByTestId('overview-plan-state').textContent).toBe('Free trial ends in 9 days');
    expect(screen.getByText('Nothing is charged during the trial; it ends on 06 Dec 2026.')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Records: 25 % used' })).toBeTruthy();
    expect(screen.getByTestId('overview-credits').textContent).toBe('2,500 credits');
    expect(screen.getByTestId('overview-team').textContent).toBe('3 members');
    expect(screen.getByTestId('overview-two-step').textContent).toBe('Two-step verification is off');
    expect(screen.getByText('Signed in on 2 devices or browsers.')).toBeTruthy();
    const card = (name: string) => screen.getByRole('region', { name });
    expect(
      within(card('Plan')).getByRole('link', { name: 'Subscription details' }).getAttribute('href'),
    ).toBe('/subscription');
    expect(within(card('Credits')).getByRole('link', { name: 'Wallet' }).getAttribute('href')).toBe(
      '/payment/wallet',
    );
    expect(
      within(card('Security')).getByRole('link', { name: 'Privacy & security' }).getAttribute('href'),
    ).toBe('/account/privacy');
    expect(
      within(card('Workflows')).getByRole('link', { name: 'Open your workflows' }).getAttribute('href'),
    ).toBe('/workflows');
    // Every read went out once, though the menu, the frame and the cards all render around them.
    expect(callsOf('getAccount')).toHaveLength(1);
    // The plan state banner and the plan card share one read of the plan.
    expect(callsOf('getSubscriptionSummary')).toHaveLength(1);
  });

  it('names the plan the trial gives on the plan card (issue 36)', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({
      ...answers,
      getSubscriptionSummary: {
        ...trial,
        trialIncludes: { id: 'professional-monthly', name: 'Professional' },
      },
    });
    await openAt('/account');
    expect((await screen.findByTestId('overview-plan')).textContent).toBe('Free trial of Professional');
    await expectNoAxeViolations(screen.getByRole('region', { name: 'Plan' }));
  });

  it('says what a plan scheduled during the trial will charge, and when, instead of "Nothing is charged"', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({
      ...answers,
      getSubscriptionSummary: {
        ...trial,
        endsAt: '2026-12-13T10:00:00.000Z',
        hasPaymentMethod: true,
        trialPlan: {
          id: 'business-monthly',
          name: 'Business',
          billingPeriod: 'monthly',
          currency: 'eur',
          subtotal: 13900,
          discount: 2780,
          promoCode: 'WELCOME20',
          vatRateBasisPoints: 2500,
          reverseCharge: false,
          vat: 2780,
          total: 13900,
          startsAt: '2026-12-13T10:00:00.000Z',
        },
      },
    });
    await openAt('/account');
    expect((await screen.findByTestId('overview-plan')).textContent).toBe('Free trial, then Business');
    const plan = screen.getByRole('region', { name: 'Plan' });
    expect(
      within(plan).getByText(
        '€139.00 due on 13 Dec 2026 when your trial ends (Business (monthly), promo code WELCOME20 applied, VAT included).',
      ),
    ).toBeTruthy();
    expect(within(plan).queryByText(/Nothing is charged/)).toBeNull();
    // The host page gives the landmarks; the card itself is checked.
    await expectNoAxeViolations(plan);
  });

  it('shows each card loading on its own, and a failed card with its own retry while the others show', async () => {
    authStore.setState({ status: 'authenticated' });
    let creditAttempts = 0;
    answerWith({
      ...answers,
      getSubscriptionSummary: () => new Promise(() => {}),
      getCustomerCredits: () => {
        creditAttempts += 1;
        if (creditAttempts === 1) throw new ApiError('Server error', 500, 'INTERNAL');
        return { balance: 40 };
      },
    });
    await openAt('/account');
    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(within(plan).getByRole('status').textContent).toBe('Loading your plan…');
    expect(within(plan).getAllByTestId('skeleton-line').length).toBeGreaterThan(0);
    const credits = screen.getByRole('region', { name: 'Credits' });
    expect((await within(credits).findByRole('alert')).textContent).toBe('Server error');
    expect(screen.getByTestId('overview-team').textContent).toBe('3 members');
    fireEvent.click(within(credits).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('overview-credits')).textContent).toBe('40 credits');
  });

  it('leaves out what a guest may not read and links the team card to My team', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ ...answers, getAccount: { ...testAccount, role: 'guest' } });
    await openAt('/account');
    const team = await screen.findByRole('region', { name: 'Team' });
    expect(within(team).getByRole('link', { name: 'My team' }).getAttribute('href')).toBe('/account/team');
    expect(screen.queryByRole('region', { name: 'Plan' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Credits' })).toBeNull();
  });
});
