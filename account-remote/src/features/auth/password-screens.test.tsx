import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import AuthApp from '../../apps/auth';
import { answerWith, callsOf, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();

async function renderAt(path: string) {
  window.history.pushState(null, '', path);
  const navigate = jest.fn();
  await renderScreen(<AuthApp navigate={navigate} />);
  return { navigate };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  authStore.setState(initialState, true);
});

describe('Forgot password', () => {
  it('validates the email, then confirms without saying whether an account exists', async () => {
    answerWith({ resetPassword: { sent: true } });
    await renderAt('/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    type('Work email', 'nobody@example');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    type('Work email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain('If an account uses ada@example.com');
    expect(callsOf('resetPassword')).toEqual([{ body: { email: 'ada@example.com' } }]);
  });
});

describe('New password from the emailed link', () => {
  it('shows each password message of the spec and "Passwords do not match"', async () => {
    await renderAt('/new-password/tok123');
    type('New password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      (await screen.findAllByText('Password must contain at least 12 characters')).length,
    ).toBeGreaterThan(0);
    type('New password', 'harbour-lights-2026');
    expect(screen.getByText('Password requires an uppercase letter')).toBeTruthy();
    type('New password', 'Harbour-Lights-2026');
    type('Confirm new password', 'Harbour-Lights-2027');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(receivedCalls()).toHaveLength(0);
  });

  it('sets the password with the token from the path, then offers to log in', async () => {
    answerWith({ setNewPassword: { changed: true } });
    const { navigate } = await renderAt('/new-password/tok123');
    type('New password', 'Harbour-Lights-2026');
    type('Confirm new password', 'Harbour-Lights-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Password changed' })).toBeTruthy();
    expect(callsOf('setNewPassword')).toEqual([
      { body: { token: 'tok123', password: 'Harbour-Lights-2026', confirmPassword: 'Harbour-Lights-2026' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('explains a used or expired link and offers a new one', async () => {
    answerWith({
      setNewPassword: () => {
        throw new ApiError(
          'This password reset link has expired. Ask for a new one.',
          400,
          'RESET_LINK_EXPIRED',
        );
      },
    });
    await renderAt('/new-password/old');
    type('New password', 'Harbour-Lights-2026');
    type('Confirm new password', 'Harbour-Lights-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password reset link has expired. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

describe('Change password', () => {
  it('says the password has expired and refuses the same password', async () => {
    authStore.setState({ status: 'authenticated', requiresPasswordChange: true });
    await renderAt('/change-password');
    expect(screen.getByRole('alert').textContent).toBe('Your password has expired. Set a new one.');
    type('Current password', 'Harbour-Lights-2026');
    type('New password', 'Harbour-Lights-2026');
    type('Confirm new password', 'Harbour-Lights-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password must be different than the current password')).toBeTruthy();
  });

  it('changes the password through the auth store and opens the account area', async () => {
    const changePassword = jest.fn().mockResolvedValue(undefined);
    authStore.setState({ status: 'authenticated', requiresPasswordChange: true, changePassword });
    const { navigate } = await renderAt('/change-password');
    type('Current password', 'Harbour-Lights-2026');
    type('New password', 'Northern-Lights-2027');
    type('Confirm new password', 'Northern-Lights-2027');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/workflows'));
    expect(changePassword).toHaveBeenCalledWith({
      currentPassword: 'Harbour-Lights-2026',
      newPassword: 'Northern-Lights-2027',
      confirmPassword: 'Northern-Lights-2027',
    });
  });

  it('sends a signed-out visitor to log in', async () => {
    authStore.setState({ status: 'anonymous' });
    const { navigate } = await renderAt('/change-password');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  });
});
