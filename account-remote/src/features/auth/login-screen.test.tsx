import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { ErrorCode } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import AuthApp from '../../apps/auth';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();

async function renderLogin() {
  const navigate = jest.fn();
  await renderScreen(<AuthApp navigate={navigate} />);
  return { navigate };
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Work email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('Login screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('shows the login-style layout with a page title and visibly labelled fields', async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByText('Work email').tagName).toBe('LABEL');
    expect(screen.getByText('Password').tagName).toBe('LABEL');
    expect(document.title).toBe('Dcipher | Log in');
  });

  it('shows the spec messages for empty and malformed input without calling the API', async () => {
    const login = jest.fn();
    authStore.setState({ login });
    await renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    fillAndSubmit('not-an-email', 'secret');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    fillAndSubmit('ada@example.com', 'x'.repeat(129));
    expect(await screen.findByText('Invalid username/password combination')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it.each([
    ['Invalid email or password', 401, 'INVALID_CREDENTIALS'],
    ['Invalid username/password combination', 400, 'VALIDATION_FAILED'],
    ['Invalid email', 400, 'VALIDATION_FAILED'],
    ['Server error', 500, undefined],
  ])('shows the login row "%s" the API answers', async (message, status, code) => {
    authStore.setState({
      login: jest.fn().mockRejectedValue(new ApiError(message, status, code as ErrorCode | undefined)),
    });
    await renderLogin();
    fillAndSubmit('ada@example.com', 'Harbour-Lights-2026');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('moves focus to the message after a wrong password, so a screen reader says it (issue 36)', async () => {
    authStore.setState({
      login: jest
        .fn()
        .mockRejectedValue(
          new ApiError('Invalid email or password', 401, 'INVALID_CREDENTIALS' as ErrorCode),
        ),
    });
    await renderLogin();
    fillAndSubmit('ada@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
    expect(document.activeElement).not.toBe(document.body);
    await expectNoAxeViolations();
  });

  it('says why it shows when an account page sent a signed-out visitor here (issue 36)', async () => {
    window.history.pushState(null, '', '/login?returnTo=%2Fsubscription');
    try {
      await renderLogin();
      expect((await screen.findByTestId('login-reason')).textContent).toBe(
        'Log in to see Subscription details: you are signed out.',
      );
      await expectNoAxeViolations();
      cleanup();
      // Not for an address outside the account pages, nor without one.
      window.history.pushState(null, '', '/login?returnTo=https%3A%2F%2Fevil.example%2F');
      await renderLogin();
      expect(screen.queryByTestId('login-reason')).toBeNull();
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('tells a suspended user to contact support, with a link to do so', async () => {
    const suspended = 'Your account has been suspended due to unusual activity. Please contact support.';
    authStore.setState({
      login: jest.fn().mockRejectedValue(new ApiError(suspended, 403, 'ACCOUNT_SUSPENDED')),
    });
    await renderLogin();
    fillAndSubmit('ada@example.com', 'Harbour-Lights-2026');
    expect((await screen.findByRole('alert')).textContent).toBe(suspended);
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact-us');
  });

  it('shows the catalogue message from a failed login and keeps what was typed', async () => {
    authStore.setState({
      login: jest
        .fn()
        .mockRejectedValue(new ApiError('Invalid email or password', 401, 'INVALID_CREDENTIALS')),
    });
    const { navigate } = await renderLogin();
    fillAndSubmit('ada@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs in with the normalised credentials and goes to the account area', async () => {
    const login = jest.fn().mockResolvedValue({ twoFactorRequired: false });
    authStore.setState({ login });
    const { navigate } = await renderLogin();
    fillAndSubmit('  Ada@Example.com ', 'right');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'right', staySignedIn: false });
  });

  it('goes back to the account page the login address names once signed in, never to another site', async () => {
    authStore.setState({ login: jest.fn().mockResolvedValue({ twoFactorRequired: false }) });
    try {
      window.history.pushState(null, '', '/login?returnTo=%2Faccount%2Fprivacy%3Ftab%3Dsessions');
      const asked = await renderLogin();
      fillAndSubmit('ada@example.com', 'right');
      await waitFor(() => expect(asked.navigate).toHaveBeenCalledWith('/account/privacy?tab=sessions'));
      cleanup();

      window.history.pushState(null, '', '/login?returnTo=https%3A%2F%2Fevil.example%2Faccount');
      const elsewhere = await renderLogin();
      fillAndSubmit('ada@example.com', 'right');
      await waitFor(() => expect(elsewhere.navigate).toHaveBeenCalledWith('/workflows'));
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('offers a new confirmation link when the email is not verified', async () => {
    authStore.setState({
      login: jest.fn().mockRejectedValue(new ApiError('Email is not verified', 403, 'EMAIL_NOT_VERIFIED')),
    });
    answerWith({ sendConfirmation: { sent: true } });
    await renderLogin();
    fillAndSubmit('new@example.com', 'Harbour-Lights-2026');
    expect((await screen.findByRole('alert')).textContent).toBe('Email is not verified');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByText('We sent a new confirmation link to new@example.com.')).toBeTruthy();
    expect(callsOf('sendConfirmation')).toEqual([{ body: { email: 'new@example.com' } }]);
  });

  it('asks for a 2-week session when "stay signed in" is ticked', async () => {
    const login = jest.fn().mockResolvedValue({ twoFactorRequired: false });
    authStore.setState({ login });
    await renderLogin();
    fireEvent.click(screen.getByLabelText('Stay signed in for 2 weeks'));
    fillAndSubmit('ada@example.com', 'right');
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'right', staySignedIn: true }),
    );
  });

  it('sends a user whose password has expired to change it', async () => {
    authStore.setState({
      login: jest.fn().mockImplementation(async () => {
        authStore.setState({ status: 'authenticated', requiresPasswordChange: true });
        return { twoFactorRequired: false };
      }),
    });
    const { navigate } = await renderLogin();
    fillAndSubmit('ada@example.com', 'right');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/change-password'));
  });

  it('sends an already signed-in visitor to the account area', async () => {
    authStore.setState({ status: 'authenticated' });
    const { navigate } = await renderLogin();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
  });

  it('asks for the two-step code after the password, and a recovery code may stand in for it', async () => {
    const challenge = { challengeToken: 'c'.repeat(43), expiresAt: Date.now() + 300_000 };
    const completeTwoFactor = jest
      .fn()
      .mockRejectedValueOnce(
        new ApiError(
          'That recovery code is not correct or was already used.',
          400,
          'TWO_FACTOR_CODE_INVALID',
        ),
      )
      .mockImplementationOnce(async () =>
        authStore.setState({ status: 'authenticated', twoFactorChallenge: undefined }),
      );
    authStore.setState({
      login: jest.fn().mockImplementation(async () => {
        authStore.setState({ twoFactorChallenge: challenge });
        return { twoFactorRequired: true };
      }),
      completeTwoFactor,
    });
    const { navigate } = await renderLogin();
    fillAndSubmit('ada@example.com', 'right');
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();

    // A code that is not six digits is refused before anything is sent.
    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(completeTwoFactor).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'ABCDE-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That recovery code is not correct or was already used.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
    expect(completeTwoFactor).toHaveBeenLastCalledWith({ recoveryCode: 'abcde12345' });
  });

  it('goes back to the password step with its message when the two-step challenge has expired', async () => {
    authStore.setState({
      login: jest.fn().mockImplementation(async () => {
        authStore.setState({ twoFactorChallenge: { challengeToken: 'c'.repeat(43), expiresAt: Date.now() } });
        return { twoFactorRequired: true };
      }),
      completeTwoFactor: jest.fn().mockImplementation(async () => {
        authStore.setState({ twoFactorChallenge: undefined });
        throw new ApiError(
          'Your sign-in has expired. Please log in again.',
          401,
          'TWO_FACTOR_CHALLENGE_INVALID',
        );
      }),
    });
    await renderLogin();
    fillAndSubmit('ada@example.com', 'right');
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), {
      target: { value: '123 456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your sign-in has expired. Please log in again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });
});
