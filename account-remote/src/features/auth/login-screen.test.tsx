import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AuthApp from './index';

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
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
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

  it('sends an already signed-in visitor to the account area', async () => {
    authStore.setState({ status: 'authenticated' });
    const { navigate } = renderLogin();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account'));
  });
});
