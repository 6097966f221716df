import { authStore } from '@dcipher/shared/auth';
import { cleanup, render, screen } from '@testing-library/react';
import { rememberSignOuts, SignedOutNotice } from './signed-out-notice';

const initialState = authStore.getState();
let stop: () => void = () => {};

beforeEach(() => {
  sessionStorage.clear();
  stop = rememberSignOuts();
});

afterEach(() => {
  stop();
  cleanup();
  authStore.setState(initialState, true);
});

it('says "You are signed out" on the page a sign-out lands on, once', () => {
  authStore.setState({ status: 'authenticated' });
  authStore.setState({ status: 'anonymous' });
  render(<SignedOutNotice />);
  expect(screen.getByRole('status').textContent).toContain('You are signed out.');
  cleanup();
  render(<SignedOutNotice />);
  expect(screen.queryByText('You are signed out.')).toBeNull();
});

it('says nothing to a visitor who was never signed in, or who signed in again', () => {
  authStore.setState({ status: 'anonymous' });
  render(<SignedOutNotice />);
  expect(screen.queryByText('You are signed out.')).toBeNull();
  cleanup();
  authStore.setState({ status: 'authenticated' });
  authStore.setState({ status: 'anonymous' });
  authStore.setState({ status: 'authenticated' });
  render(<SignedOutNotice />);
  expect(screen.queryByText('You are signed out.')).toBeNull();
});
