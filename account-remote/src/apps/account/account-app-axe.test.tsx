import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { openAccountArea } from '../../test-support/account-area';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith } from '../../test-support/contract-api';

const initialState = authStore.getState();

const openAt = openAccountArea;

describe('Account area shell accessibility', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('has no axe violations while the account loads', async () => {
    answerWith({ getAccount: () => new Promise(() => {}) });
    await openAt('/account/profile');
    expect(screen.getByRole('status').textContent).toBe('Loading your account…');
    await expectNoAxeViolations();
  });

  it('has no axe violations when the account failed to load', async () => {
    answerWith({
      getAccount: () => {
        throw new ApiError('Server error', 500, 'INTERNAL');
      },
    });
    await openAt('/account/profile');
    await screen.findByRole('alert');
    await expectNoAxeViolations();
  });

  it('has no axe violations with the menu, closed and opened', async () => {
    answerWith({ getAccount: testAccount });
    await openAt('/account/profile');
    await screen.findByTestId('account-name');
    await expectNoAxeViolations();
    const toggle = document.querySelector<HTMLButtonElement>(
      'nav[aria-label="Account area"] button[aria-expanded]',
    );
    if (!toggle) throw new Error('no menu button');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations();
  });

  it('has no axe violations on the page-not-found screen', async () => {
    answerWith({ getAccount: testAccount });
    await openAt('/account/nothing-here');
    await screen.findByText('Sorry, the page you are looking for cannot be found.');
    await expectNoAxeViolations();
  });
});
