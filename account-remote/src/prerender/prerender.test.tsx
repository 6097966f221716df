import { authStore } from '@dcipher/shared/auth';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import AuthApp from '../apps/auth';
import { expectNoAxeViolations } from '../test-support/axe';
import { PrerenderedLogin, PrerenderedSignup } from '.';

const initialState = authStore.getState();
let root: Root | undefined;

/**
 * The page's HTML as the site's build renders it. The build renders in Node; here `window` exists, so
 * react-hook-form takes `useLayoutEffect`, which React's server renderer warns about (in development only). That one
 * warning is let through; any other console error still fails the test.
 */
function renderAtBuildTime(Screen = PrerenderedLogin) {
  const consoleError = console.error;
  console.error = (message: unknown, ...rest: unknown[]) => {
    if (String(message).startsWith('Warning: useLayoutEffect does nothing on the server')) return;
    consoleError(message, ...rest);
  };
  try {
    return renderToString(<Screen navigate={() => {}} />);
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

describe("the sign-up form in the site's HTML", () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
  });

  it('is hydrated by AuthApp at /signup as it is, keeping what the visitor typed; Create account waits for it', async () => {
    window.history.replaceState(null, '', '/signup');
    const container = document.createElement('div');
    container.innerHTML = renderAtBuildTime(PrerenderedSignup);
    document.body.append(container);
    const firstName = screen.getByLabelText<HTMLInputElement>('First name');
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create account' });
    expect(create.disabled).toBe(true);
    firstName.value = 'Early';
    screen.getByLabelText<HTMLInputElement>('Work email').value = 'early@example.com';

    const hydrationErrors: unknown[] = [];
    authStore.setState({ status: 'authenticating' });
    await act(async () => {
      root = hydrateRoot(container, <AuthApp navigate={jest.fn()} />, {
        onRecoverableError: (error) => hydrationErrors.push(error),
      });
      authStore.setState({ status: 'anonymous' });
    });
    await waitFor(() => expect(create.disabled).toBe(false));
    expect(hydrationErrors).toEqual([]);
    expect(screen.getByLabelText('First name')).toBe(firstName);
    expect(firstName.value).toBe('Early');
    expect(screen.getByLabelText<HTMLInputElement>('Work email').value).toBe('early@example.com');
  });

  it("shows what the tab's draft chose once the form is live, without a hydration error", async () => {
    window.history.replaceState(null, '', '/signup');
    const container = document.createElement('div');
    container.innerHTML = renderAtBuildTime(PrerenderedSignup);
    document.body.append(container);
    expect(screen.queryByLabelText('Company size')).toBeNull();
    sessionStorage.setItem(
      'dcipher.signup-draft',
      JSON.stringify({ customerType: 'Business', company: 'Acme' }),
    );

    const hydrationErrors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <AuthApp navigate={jest.fn()} />, {
        onRecoverableError: (error) => hydrationErrors.push(error),
      });
    });
    await waitFor(() => expect(screen.getByLabelText('Company size')).toBeTruthy());
    expect(hydrationErrors).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('Company').value).toBe('Acme');
    expect(screen.getByLabelText<HTMLInputElement>('A business').checked).toBe(true);
  });
});

describe("the sign-up form in the site's HTML, opened from the store's Try it (issue 36 point 2)", () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
    document.documentElement.removeAttribute('data-signup-workflow');
  });

  it('holds the "Your workflow" notice\'s height from the first paint, so the form does not move when it appears', async () => {
    // The build renders with no address (Node has none); the visitor then opens it with the store's workflow.
    window.history.replaceState(null, '', '/signup');
    const container = document.createElement('div');
    container.innerHTML = renderAtBuildTime(PrerenderedSignup);
    window.history.replaceState(null, '', '/signup?workflow=brand-monitoring');
    // What /signup's head script does for a workflow of the catalogue (the site's signup-first-paint-head.tsx).
    document.documentElement.setAttribute('data-signup-workflow', '');
    document.body.append(container);
    const form = screen.getByRole('form', { name: 'Create account' });
    const slot = container.querySelector<HTMLElement>('[data-chosen-workflow-slot]');
    expect(slot).not.toBeNull();
    // Before the remote is live: the slot is empty but already as high as the notice and its margin (on a phone).
    expect(slot!.childElementCount).toBe(0);
    expect(getComputedStyle(slot!).minHeight).toBe('13.75rem');
    const before = [...form.parentElement!.children];

    const hydrationErrors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <AuthApp navigate={jest.fn()} />, {
        onRecoverableError: (error) => hydrationErrors.push(error),
      });
      authStore.setState({ status: 'anonymous' });
    });
    const notice = await screen.findByRole('region', { name: 'Your workflow' });
    expect(hydrationErrors).toEqual([]);
    // The notice fills the reserved slot: nothing was inserted above the form, and it is exactly as high.
    expect(notice.parentElement).toBe(slot);
    expect([...form.parentElement!.children]).toEqual(before);
    expect(getComputedStyle(notice).minHeight).toBe('12.5rem');
    expect(getComputedStyle(notice).marginBottom).toBe('1.25rem');
    expect(getComputedStyle(slot!).minHeight).toBe('13.75rem');
    await expectNoAxeViolations();
  });

  it('reserves nothing on a sign-up without a workflow', async () => {
    window.history.replaceState(null, '', '/signup');
    const container = document.createElement('div');
    container.innerHTML = renderAtBuildTime(PrerenderedSignup);
    document.body.append(container);
    const slot = container.querySelector<HTMLElement>('[data-chosen-workflow-slot]')!;
    expect(getComputedStyle(slot).minHeight).not.toBe('13.75rem');
  });
});
