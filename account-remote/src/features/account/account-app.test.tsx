import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AccountApp from './index';

const call = jest.fn();
jest.mock('@dcipher/shared/auth', () => ({
  ...jest.requireActual('@dcipher/shared/auth'),
  authenticatedApi: () => ({ call }),
}));

const account = {
  id: 'u1',
  email: 'admin@demo.dcipher.local',
  firstName: 'Ada',
  lastName: 'Admin',
  phone: null,
  company: null,
  jobTitle: null,
  receiveEmails: false,
  status: 'Active',
  organization: { id: 'o1', name: 'Demo Org', customerType: 'Business' },
  role: 'admin',
};

const initialState = authStore.getState();

describe('Account area', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
    call.mockReset();
  });

  it("shows the signed-in user's name and email from GET /account", async () => {
    authStore.setState({ status: 'authenticated' });
    call.mockResolvedValue(account);
    render(<AccountApp navigate={jest.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your account…');
    expect((await screen.findByTestId('account-name')).textContent).toBe('Ada Admin');
    expect(screen.getByTestId('account-email').textContent).toBe('admin@demo.dcipher.local');
  });

  it('shows a failed load with a retry that loads again', async () => {
    authStore.setState({ status: 'authenticated' });
    call.mockRejectedValueOnce(new ApiError('Server error', 500, undefined)).mockResolvedValueOnce(account);
    render(<AccountApp navigate={jest.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('account-name')).textContent).toBe('Ada Admin');
  });

  it('sends an anonymous visitor to the login page', async () => {
    authStore.setState({ status: 'anonymous' });
    const navigate = jest.fn();
    render(<AccountApp navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(call).not.toHaveBeenCalled();
  });

  it('keeps the account area closed while the password has expired', async () => {
    authStore.setState({ status: 'authenticated', requiresPasswordChange: true });
    const navigate = jest.fn();
    render(<AccountApp navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/change-password'));
    expect(call).not.toHaveBeenCalled();
  });

  it('logs out and returns to the home page, not to log in', async () => {
    // Like the real store: signed out first, then the server call settles.
    const logout = jest.fn(async () => {
      authStore.setState({ status: 'anonymous' });
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    authStore.setState({ status: 'authenticated', logout });
    call.mockResolvedValue(account);
    const navigate = jest.fn();
    render(<AccountApp navigate={navigate} />);
    await screen.findByTestId('account-name');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(logout).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalledWith('/login');
  });
});
