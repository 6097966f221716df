import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import AuthApp from '../../apps/auth';
import { answerWith, callsOf, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import { redirectTo } from './external-redirect';

jest.mock('./external-redirect', () => ({ redirectTo: jest.fn() }));

const initialState = authStore.getState();
const notSetUp = 'Single sign-on is not set up for your email address. Log in with your password.';

async function renderAt(url: string) {
  window.history.pushState(null, '', url);
  const navigate = jest.fn();
  await renderScreen(<AuthApp navigate={navigate} />);
  return { navigate };
}

function submitEmail(email: string) {
  fireEvent.change(screen.getByLabelText('Work email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

afterEach(() => {
  cleanup();
  jest.mocked(redirectTo).mockReset();
  authStore.setState(initialState, true);
});

describe('Log in with SSO: the email step', () => {
  it('shows the login-style layout with a labelled work email field and a way back to the password login', async () => {
    const { navigate } = await renderAt('/login/sso');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in with SSO' })).toBeTruthy();
    expect(screen.getByText('Work email').tagName).toBe('LABEL');
    expect(document.title).toBe('Dcipher | Log in with SSO');
    fireEvent.click(screen.getByRole('link', { name: 'Log in with password' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('validates the email without calling the API', async () => {
    await renderAt('/login/sso');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    submitEmail('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(receivedCalls()).toHaveLength(0);
  });

  it("sends the browser to the identity provider's sign-in page, showing progress meanwhile", async () => {
    let answer: (value: unknown) => void = () => {};
    answerWith({ startSsoLogin: () => new Promise((resolve) => (answer = resolve)) });
    await renderAt('/login/sso');
    submitEmail('  Ada@Acme.test ');
    const button = await screen.findByRole('button', { name: 'Continuing…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(callsOf('startSsoLogin')).toEqual([{ body: { email: 'ada@acme.test' } }]));

    answer({ authorizationUrl: 'https://idp.acme.test/authorize?state=s' });
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://idp.acme.test/authorize?state=s'));
  });

  it('shows why SSO cannot start, keeps the email and links to the password login', async () => {
    answerWith({
      startSsoLogin: () => {
        throw new ApiError(notSetUp, 404, 'SSO_NOT_SET_UP');
      },
    });
    const { navigate } = await renderAt('/login/sso');
    submitEmail('ada@nowhere.test');
    expect((await screen.findByRole('alert')).textContent).toBe(notSetUp);
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('ada@nowhere.test');
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
    expect(redirectTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Log in with password' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('is reached from the login screen', async () => {
    const { navigate } = await renderAt('/login');
    fireEvent.click(screen.getByRole('link', { name: 'Log in with SSO' }));
    expect(navigate).toHaveBeenCalledWith('/login/sso');
  });

  it('is reached from a login address that names a page to return to, which goes along', async () => {
    const { navigate } = await renderAt('/login?returnTo=%2Faccount%2Fprivacy');
    const link = screen.getByRole('link', { name: 'Log in with SSO' });
    expect(link.getAttribute('href')).toBe('/login/sso?returnTo=%2Faccount%2Fprivacy');
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/login/sso?returnTo=%2Faccount%2Fprivacy');
  });
});

describe('Log in with SSO: the page to return to, across the identity provider', () => {
  afterEach(() => sessionStorage.clear());
  const signsIn = () =>
    authStore.setState({ completeSsoLogin: jest.fn(async () => ({ twoFactorRequired: false })) });

  it('keeps the page as the browser leaves and opens it once signed in, once', async () => {
    answerWith({ startSsoLogin: { authorizationUrl: 'https://idp.acme.test/authorize?state=s' } });
    const { navigate } = await renderAt('/login/sso?returnTo=%2Faccount%2Fprivacy%3Ftab%3Dsessions');
    // The way back to the password login keeps it too.
    fireEvent.click(screen.getByRole('link', { name: 'Log in with password' }));
    expect(navigate).toHaveBeenCalledWith('/login?returnTo=%2Faccount%2Fprivacy%3Ftab%3Dsessions');
    submitEmail('ada@acme.test');
    await waitFor(() => expect(redirectTo).toHaveBeenCalled());
    cleanup();

    // Back from the provider: the address has only the code and state.
    signsIn();
    const back = await renderAt('/login/sso?code=abc&state=xyz');
    await waitFor(() => expect(back.navigate).toHaveBeenCalledWith('/account/privacy?tab=sessions'));
    cleanup();

    // Taken once: the next SSO sign-in in this tab goes to the workflows.
    signsIn();
    const again = await renderAt('/login/sso?code=def&state=uvw');
    await waitFor(() => expect(again.navigate).toHaveBeenCalledWith('/workflows'));
  });

  it('keeps it through a cancelled attempt, for the next one', async () => {
    answerWith({ startSsoLogin: { authorizationUrl: 'https://idp.acme.test/authorize?state=s' } });
    await renderAt('/login/sso?returnTo=%2Faccount%2Fprivacy');
    submitEmail('ada@acme.test');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
    cleanup();
    const cancelled = await renderAt('/login/sso?error=access_denied&state=xyz');
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Log in with password' }));
    expect(cancelled.navigate).toHaveBeenCalledWith('/login?returnTo=%2Faccount%2Fprivacy');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    submitEmail('ada@acme.test');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(2));
    cleanup();
    signsIn();
    const back = await renderAt('/login/sso?code=abc&state=xyz');
    await waitFor(() => expect(back.navigate).toHaveBeenCalledWith('/account/privacy'));
  });

  it('never opens what is not one of this site’s account pages, whatever the tab kept', async () => {
    sessionStorage.setItem('dcipher.ssoReturnTo', 'https://evil.example/account');
    signsIn();
    const { navigate } = await renderAt('/login/sso?code=abc&state=xyz');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
  });
});

describe('Log in with SSO: back from the identity provider', () => {
  it('signs in with the code and state, then goes to the account area', async () => {
    let finish: () => void = () => {};
    const completeSsoLogin = jest.fn(
      () =>
        new Promise<{ twoFactorRequired: boolean }>(
          (resolve) => (finish = () => resolve({ twoFactorRequired: false })),
        ),
    );
    authStore.setState({ completeSsoLogin });
    const { navigate } = await renderAt('/login/sso?code=abc&state=xyz&iss=https%3A%2F%2Fidp.acme.test');
    expect(screen.getByRole('status').textContent).toBe('Signing you in…');
    expect(completeSsoLogin).toHaveBeenCalledTimes(1);
    expect(completeSsoLogin).toHaveBeenCalledWith({
      code: 'abc',
      state: 'xyz',
      iss: 'https://idp.acme.test',
    });
    // The one-time code leaves the address bar at once.
    expect(window.location.search).toBe('');

    finish();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
  });

  it('asks for the two-step code after the identity provider, then goes to the account area', async () => {
    const completeSsoLogin = jest.fn(async () => {
      authStore.setState({
        twoFactorChallenge: { challengeToken: 'c'.repeat(43), expiresAt: Date.now() + 300_000 },
      });
      return { twoFactorRequired: true };
    });
    const completeTwoFactor = jest.fn(async () =>
      authStore.setState({ status: 'authenticated', twoFactorChallenge: undefined }),
    );
    authStore.setState({ completeSsoLogin, completeTwoFactor });
    const { navigate } = await renderAt('/login/sso?code=abc&state=xyz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
    expect(completeTwoFactor).toHaveBeenCalledWith({ code: '123456' });
  });

  it('sends a user whose password has expired to change it, as the password login does', async () => {
    authStore.setState({
      completeSsoLogin: jest.fn(async () => {
        authStore.setState({ requiresPasswordChange: true });
        return { twoFactorRequired: false };
      }),
    });
    const { navigate } = await renderAt('/login/sso?code=abc&state=xyz');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/change-password'));
  });

  it('shows a failed sign-in with the message and offers to try again', async () => {
    const message = 'This single sign-on attempt has expired or was already used. Please start again.';
    authStore.setState({
      completeSsoLogin: jest.fn().mockRejectedValue(new ApiError(message, 400, 'SSO_ATTEMPT_INVALID')),
    });
    const { navigate } = await renderAt('/login/sso?code=abc&state=used');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('Work email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('shows "Server error" when the failure is not an API answer', async () => {
    authStore.setState({ completeSsoLogin: jest.fn().mockRejectedValue(new Error('boom')) });
    await renderAt('/login/sso?code=abc&state=xyz');
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
  });

  it('says the sign-in was cancelled when the provider answers access_denied, without calling the API', async () => {
    const completeSsoLogin = jest.fn();
    authStore.setState({ completeSsoLogin });
    await renderAt('/login/sso?error=access_denied&state=xyz');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in was cancelled at your identity provider.',
    );
    expect(completeSsoLogin).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("shows the provider's other errors as a failed sign-in", async () => {
    await renderAt('/login/sso?error=server_error&state=xyz');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your identity provider could not sign you in. Please try again.',
    );
  });
});
