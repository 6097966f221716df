import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import AuthApp from '../../apps/auth';
import { ApiAnswer, answerWith, callsOf, receivedCalls } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import { loginRedirectDelayMilliseconds, reactivateTrialHeadings } from './reactivate-trial-screen';

const initialState = authStore.getState();

async function renderAt(path: string) {
  window.history.pushState(null, '', path);
  const navigate = jest.fn();
  await renderScreen(
    <StrictMode>
      <AuthApp navigate={navigate} />
    </StrictMode>,
  );
  return { navigate };
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

/** An answer the test settles when it wants, to see the in-progress state first. */
function pendingAnswer() {
  let resolve: (value: unknown) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const answer = new Promise((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  answerWith({ reactivateTrial: () => answer });
  return { resolve: (value: unknown) => resolve(value), reject: (error: unknown) => reject(error) };
}

describe('Trial reactivation', () => {
  // The redirect's delay is faked; the API's answers (MSW, the client) still run on real microtasks.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
    authStore.setState(initialState, true);
  });

  it('shows progress, then the new trial end, and goes to log in after a few seconds', async () => {
    const answer = pendingAnswer();
    const { navigate } = await renderAt('/reactivate-trial?token=abc');
    expect(heading()).toBe(reactivateTrialHeadings.reactivating);
    expect(screen.getByRole('status').textContent).toBe('Reactivating your free trial…');
    await act(async () => answer.resolve({ trialEndsAt: '2026-03-19T10:00:00.000Z' }));
    await screen.findByText('Your free trial is active again', { selector: 'h1' });

    expect(heading()).toBe('Your free trial is active again');
    expect(screen.getByRole('status').textContent).toBe('Your free trial is active again until 19 Mar 2026.');
    // Called once, even though StrictMode runs effects twice: the link works only once.
    expect(callsOf('reactivateTrial')).toEqual([{ body: { token: 'abc' } }]);

    act(() => jest.advanceTimersByTime(loginRedirectDelayMilliseconds - 1));
    expect(navigate).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('has a "Log in" button to go at once', async () => {
    answerWith({ reactivateTrial: { trialEndsAt: '2026-03-19T10:00:00.000Z' } });
    const { navigate } = await renderAt('/reactivate-trial?token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('says when the subscription is already active, then goes to log in', async () => {
    const answer = pendingAnswer();
    const { navigate } = await renderAt('/reactivate-trial?token=abc');
    await act(async () =>
      answer.reject(
        new ApiError(
          'Your organization already has an active subscription.',
          409,
          'SUBSCRIPTION_ALREADY_ACTIVE',
        ),
      ),
    );
    await screen.findByText('Your subscription is already active', { selector: 'h1' });
    expect(screen.getByRole('status').textContent).toBe(
      'Your organization already has an active subscription. There is nothing to reactivate.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => jest.advanceTimersByTime(loginRedirectDelayMilliseconds));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('reports a failed reactivation with the catalogue message, a contact link and log in, and stays', async () => {
    const answer = pendingAnswer();
    const { navigate } = await renderAt('/reactivate-trial?token=used');
    await act(async () =>
      answer.reject(
        new ApiError('Unexpected error while reactivating your free trial', 400, 'TRIAL_REACTIVATION_FAILED'),
      ),
    );
    await screen.findByText('We could not reactivate your free trial', { selector: 'h1' });
    expect(screen.getByRole('alert').textContent).toBe('Unexpected error while reactivating your free trial');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact-us');

    act(() => jest.advanceTimersByTime(loginRedirectDelayMilliseconds * 2));
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('shows the catalogue message for any other failure too', async () => {
    // The API failing unexpectedly: a 500 without a code.
    answerWith({
      reactivateTrial: () =>
        Promise.reject(
          new ApiAnswer(500, {
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'Internal Server Error',
          }),
        ),
    });
    await renderAt('/reactivate-trial?token=abc');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unexpected error while reactivating your free trial',
    );
  });

  it('treats a link without a token as failed, without calling the API', async () => {
    await renderAt('/reactivate-trial');
    await act(async () => {});
    expect(heading()).toBe('We could not reactivate your free trial');
    expect(screen.getByRole('alert').textContent).toBe('Unexpected error while reactivating your free trial');
    expect(receivedCalls()).toHaveLength(0);
  });
});
