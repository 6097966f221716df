import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { ErrorCode } from '@dcipher/shared/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AuthApp from './index';

const call = jest.fn();
jest.mock('@dcipher/shared/auth', () => ({
  ...jest.requireActual('@dcipher/shared/auth'),
  authenticatedApi: () => ({ call }),
}));

const initialState = authStore.getState();

function renderLogin() {
  const navigate = jest.fn();
  render(<AuthApp navigate={navigate} />);
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

  it('shows the login-style layout with a page title and visibly labelled fields', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByText('Work email').tagName).toBe('LABEL');
    expect(screen.getByText('Password').tagName).toBe('LABEL');
    expect(document.title).toBe('Dcipher | Log in');
  });

  it('shows the spec messages for empty and malformed input without calling the API', async () => {
    const login = jest.fn();
    authStore.setState({ login });
    renderLogin();
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
    renderLogin();
    fillAndSubmit('ada@example.com', 'Harbour-Lights-2026');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('tells a suspended user to contact support, with a link to do so', async () => {
    const suspended = 'Your account has been suspended due to unusual activity. Please contact support.';
    authStore.setState({
      login: jest.fn().mockRejectedValue(new ApiError(suspended, 403, 'ACCOUNT_SUSPENDED')),
    });
    renderLogin();
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
    const { navigate } = renderLogin();
    fillAndSubmit('ada@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect((screen.getByLabelText('Work email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs in with the normalised credentials and goes to the account area', async () => {
    const login = jest.fn().mockResolvedValue(undefined);
    authStore.setState({ login });
    const { navigate } = renderLogin();
    fillAndSubmit('  Ada@Example.com ', 'right');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account'));
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'right', staySignedIn: false });
  });

  it('offers a new confirmation link when the email is not verified', async () => {
    authStore.setState({
      login: jest.fn().mockRejectedValue(new ApiError('Email is not verified', 403, 'EMAIL_NOT_VERIFIED')),
    });
    call.mockResolvedValue({ sent: true });
    renderLogin();
    fillAndSubmit('new@example.com', 'Harbour-Lights-2026');
    expect((await screen.findByRole('alert')).textContent).toBe('Email is not verified');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByText('We sent a new confirmation link to new@example.com.')).toBeTruthy();
    expect(call.mock.calls[0]?.[1]).toEqual({ body: { email: 'new@example.com' } });
  });

  it('asks for a 2-week session when "stay signed in" is ticked', async () => {
    const login = jest.fn().mockResolvedValue(undefined);
    authStore.setState({ login });
    renderLogin();
    fireEvent.click(screen.getByLabelText('Stay signed in for 2 weeks'));
    fillAndSubmit('ada@example.com', 'right');
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'right', staySignedIn: true }),
    );
  });

  it('sends a user whose password has expired to change it', async () => {
    authStore.setState({
      login: jest
        .fn()
        .mockImplementation(async () =>
          authStore.setState({ status: 'authenticated', requiresPasswordChange: true }),
        ),
    });
    const { navigate } = renderLogin();
    fillAndSubmit('ada@example.com', 'right');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/change-password'));
  });

  it('sends an already signed-in visitor to the account area', async () => {
    authStore.setState({ status: 'authenticated' });
    const { navigate } = renderLogin();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account'));
  });
});
