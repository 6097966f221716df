import { authStore } from '@dcipher/shared/auth';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import AuthApp from '../../apps/auth';
import { PrerenderedLogin } from './prerender';

const initialState = authStore.getState();
let root: Root | undefined;

/**
 * The page's HTML as the site's build renders it. The build renders in Node; here `window` exists, so
 * react-hook-form takes `useLayoutEffect`, which React's server renderer warns about (in development only). That one
 * warning is let through; any other console error still fails the test.
 */
function renderAtBuildTime() {
  const consoleError = console.error;
  console.error = (message: unknown, ...rest: unknown[]) => {
    if (String(message).startsWith('Warning: useLayoutEffect does nothing on the server')) return;
    consoleError(message, ...rest);
  };
  try {
    return renderToString(<PrerenderedLogin navigate={() => {}} />);
  } finally {
    console.error = consoleError;
  }
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  cleanup();
  authStore.setState(initialState, true);
});

describe("the login form in the site's HTML", () => {
  it('is hydrated by AuthApp as it is, keeping what the visitor typed, and logs in with it', async () => {
    // What the site's build puts in /login's HTML (0054).
    const container = document.createElement('div');
    container.innerHTML = renderAtBuildTime();
    document.body.append(container);
    const email = screen.getByLabelText<HTMLInputElement>('Work email');
    const logIn = screen.getByRole<HTMLButtonElement>('button', { name: 'Log in' });
    // Until the remote is live, Log in is off: Enter or a click would post the form natively.
    expect(logIn.disabled).toBe(true);
    email.value = 'early@example.com';
    screen.getByLabelText<HTMLInputElement>('Password').value = 'Harbour-Lights-2026';
    screen.getByLabelText<HTMLInputElement>('Stay signed in for 2 weeks').checked = true;

    const login = jest.fn().mockResolvedValue({ twoFactorRequired: false });
    authStore.setState({ login });
    const navigate = jest.fn();
    const hydrationErrors: unknown[] = [];
    authStore.setState({ status: 'authenticating' });
    await act(async () => {
      root = hydrateRoot(container, <AuthApp navigate={navigate} />, {
        onRecoverableError: (error) => hydrationErrors.push(error),
      });
      // The host's auth store settles while the screen's code is still on its way.
      authStore.setState({ status: 'anonymous' });
    });
    await waitFor(() => expect(logIn.disabled).toBe(false));
    expect(hydrationErrors).toEqual([]);
    // The same elements, not a second render: focus and typing carry on.
    expect(screen.getByLabelText('Work email')).toBe(email);
    expect(email.value).toBe('early@example.com');

    fireEvent.click(logIn);
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({
        email: 'early@example.com',
        password: 'Harbour-Lights-2026',
        staySignedIn: true,
      }),
    );
    await waitFor(() => expect(navigate).toHaveBeenCalled());
  });
});
