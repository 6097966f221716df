import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answering, testAccount } from '../../test-support/account-test-api';
import { renderScreen } from '../../test-support/render-screen';
import AccountApp from './index';

let call = answering({});
jest.mock('@dcipher/shared/auth', () => ({
  ...jest.requireActual('@dcipher/shared/auth'),
  authenticatedApi: () => ({ call: (...args: unknown[]) => call(...(args as Parameters<typeof call>)) }),
}));

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
    call = answering({ getAccount: () => new Promise((resolve) => (release = resolve)) });
    await openAt('/account');
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
      'Workflows',
      'Account information',
      'Password',
      'Privacy & security',
      'Cloud settings',
      'General',
      'Members',
      'Security policies',
      'Activity log',
      'Single sign-on',
      'API keys',
      'Wallet',
      'Payment method',
      'Invoice history',
      'Subscription details',
      'Available plans',
      'Add-ons',
      'Sharing options',
      'My team',
      'Contact',
      'Help (opens in a new tab)',
    ]);
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account information');
    expect(document.title).toBe('Dcipher | Account information');
  });

  it('shows a failed load with a retry that loads again', async () => {
    authStore.setState({ status: 'authenticated' });
    let attempts = 0;
    call = answering({
      getAccount: () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError('Server error', 500, undefined);
        return testAccount;
      },
    });
    await openAt('/account');
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('account-name')).textContent).toBe('Ada Admin');
  });

  it('sends an anonymous visitor to the login page without calling the API', async () => {
    authStore.setState({ status: 'anonymous' });
    call = answering({});
    const { navigate } = await openAt('/account/privacy');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(call).not.toHaveBeenCalled();
  });

  it('keeps the account area closed while the password has expired', async () => {
    authStore.setState({ status: 'authenticated', requiresPasswordChange: true });
    call = answering({});
    const { navigate } = await openAt('/account');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/change-password'));
    expect(call).not.toHaveBeenCalled();
  });

  it('moves between screens from the menu, focusing the new heading', async () => {
    authStore.setState({ status: 'authenticated' });
    call = answering({ getAccount: testAccount });
    const { navigate } = await openAt('/account');
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
    call = answering({ getAccount: testAccount });
    await openAt('/account/nothing-here');
    expect(await screen.findByText('Sorry, the page you are looking for cannot be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your account information' })).toBeTruthy();
  });

  it('folds the menu behind a button that Escape closes, returning focus to it', async () => {
    authStore.setState({ status: 'authenticated' });
    call = answering({ getAccount: testAccount });
    await openAt('/account');
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
    call = answering({ getAccount: testAccount });
    const { navigate } = await openAt('/account');
    await screen.findByTestId('account-name');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(logout).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalledWith('/login');
  });

  it('offers a teammate no admin entry, and explains who may use one opened directly', async () => {
    authStore.setState({ status: 'authenticated' });
    call = answering({ getAccount: { ...testAccount, role: 'teammate' } });
    await openAt('/account/sso');
    expect(await screen.findByText('Only organization admins can set up single sign-on.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Single sign-on');
    const menu = screen.getByRole('navigation', { name: 'Account area' });
    expect(within(menu).queryByRole('link', { name: /single sign-on|members|cloud|API keys/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your account information' })).toBeTruthy();
  });

  it('tells an admin that a page of the account area that does not exist cannot be found, rather than refusing', async () => {
    authStore.setState({ status: 'authenticated' });
    call = answering({ getAccount: testAccount });
    await openAt('/account/nothing-here');
    expect(await screen.findByText('Sorry, the page you are looking for cannot be found.')).toBeTruthy();
    expect(screen.queryByText(/Only organization admins/)).toBeNull();
  });
});
