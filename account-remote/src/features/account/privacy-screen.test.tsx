import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { Session, SignInAttempt } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();

const thisBrowser: Session = {
  id: 's1',
  browser: 'Firefox 128',
  os: 'macOS 14.5',
  ipAddress: '203.0.113.7',
  createdAt: '2025-03-01T09:00:00.000Z',
  lastActiveAt: '2025-03-02T10:00:00.000Z',
  current: true,
};
const otherBrowser: Session = {
  id: 's2',
  browser: 'Chrome 126',
  os: 'Windows 11',
  ipAddress: '198.51.100.4',
  createdAt: '2025-02-20T08:00:00.000Z',
  lastActiveAt: '2025-02-28T18:30:00.000Z',
  current: false,
};
const attempts: SignInAttempt[] = [
  {
    attemptedAt: '2025-03-02T09:59:00.000Z',
    method: 'password',
    outcome: 'success',
    browser: 'Firefox 128',
    os: 'macOS 14.5',
    ipAddress: '203.0.113.7',
  },
  {
    attemptedAt: '2025-03-01T22:10:00.000Z',
    method: 'password',
    outcome: 'wrong-password',
    browser: '',
    os: '',
    ipAddress: '',
  },
];
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSW',
  otpauthUri: 'otpauth://totp/Dcipher:ada@example.com?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Dcipher',
  qrCodeSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
};
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `ABCDE-${String(index).padStart(5, '0')}`);

const neverSettles = () => new Promise(() => {});

async function openPrivacy(handlers: Record<string, unknown> = {}) {
  authStore.setState({ status: 'authenticated' });
  answerWith({
    getAccount: testAccount,
    getTwoFactorStatus: { enabled: false, recoveryCodesRemaining: 0 },
    listSessions: [thisBrowser],
    listSignInHistory: [],
    ...handlers,
  });
  window.history.pushState(null, '', '/account/privacy');
  await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
  await screen.findByRole('region', { name: 'Two-step verification' });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('Privacy & security screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
    jest.restoreAllMocks();
  });

  describe('active sessions', () => {
    it('says it is loading them', async () => {
      await openPrivacy({ listSessions: neverSettles });
      expect(within(region('Active sessions')).getByRole('status').textContent).toBe(
        'Loading your sessions…',
      );
    });

    it('shows a failed load with "Try again", which loads them again', async () => {
      let attempt = 0;
      await openPrivacy({
        listSessions: () => {
          attempt += 1;
          if (attempt === 1) throw new ApiError('Server error', 500, 'INTERNAL');
          return [thisBrowser, otherBrowser];
        },
      });
      const sessions = region('Active sessions');
      expect((await within(sessions).findByRole('alert')).textContent).toBe('Server error');
      fireEvent.click(within(sessions).getByRole('button', { name: 'Try again' }));
      expect(await within(sessions).findByRole('list', { name: 'Active sessions' })).toBeTruthy();
      expect(within(sessions).queryByRole('alert')).toBeNull();
    });

    it('lists the sessions, marks this browser and signs another one out, then reloads', async () => {
      let sessions = [thisBrowser, otherBrowser];
      const endSession = jest.fn(() => {
        sessions = [thisBrowser];
        return { signedOut: true };
      });
      await openPrivacy({ listSessions: () => sessions, endSession });
      const section = region('Active sessions');
      const items = within(
        await within(section).findByRole('list', { name: 'Active sessions' }),
      ).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]?.textContent).toContain('Firefox 128 on macOS 14.5');
      expect(items[0]?.textContent).toContain('This browser');
      expect(items[0]?.textContent).toContain('IP address 203.0.113.7');
      expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
      expect(items[1]?.textContent).toContain('Chrome 126 on Windows 11');
      expect(items[1]?.textContent).not.toContain('This browser');

      const signOut = within(items[1] as HTMLElement).getByRole('button', {
        name: /^Sign out Chrome 126 on Windows 11, last active /,
      });
      expect(signOut.textContent).toBe('Sign out');
      fireEvent.click(signOut);
      expect(await within(section).findByText('No other browser is signed in.')).toBeTruthy();
      expect(within(section).getByRole('status').textContent).toBe(
        'Chrome 126 on Windows 11 has been signed out.',
      );
      expect(endSession).toHaveBeenCalledWith({ params: { sessionId: 's2' } });
      expect(callsOf('listSessions')).toHaveLength(2);
      expect(within(section).getAllByRole('listitem')).toHaveLength(1);
      expect(within(section).queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
    });

    it('says no other browser is signed in when only this one is', async () => {
      await openPrivacy({ listSessions: [thisBrowser] });
      const section = region('Active sessions');
      expect(await within(section).findByText('No other browser is signed in.')).toBeTruthy();
      expect(within(section).queryByRole('button', { name: /Sign out/ })).toBeNull();
    });

    it('signs out every other session at once', async () => {
      let sessions = [thisBrowser, otherBrowser, { ...otherBrowser, id: 's3', browser: 'Safari 17' }];
      const endOtherSessions = jest.fn(() => {
        sessions = [thisBrowser];
        return { signedOut: 2 };
      });
      await openPrivacy({ listSessions: () => sessions, endOtherSessions });
      const section = region('Active sessions');
      fireEvent.click(await within(section).findByRole('button', { name: 'Sign out all other sessions' }));
      expect(await within(section).findByText('No other browser is signed in.')).toBeTruthy();
      // The list may answer again before the sign-out does (a refetch already under way): both are awaited.
      expect((await within(section).findByRole('status')).textContent).toBe(
        'Every other session has been signed out.',
      );
      expect(endOtherSessions).toHaveBeenCalledTimes(1);
    });

    it('shows a failed sign-out and keeps the session listed', async () => {
      await openPrivacy({
        listSessions: [thisBrowser, otherBrowser],
        endSession: () => {
          throw new ApiError('This session has already ended.', 404, 'NOT_FOUND', undefined, {
            reason: 'session',
          });
        },
      });
      const section = region('Active sessions');
      fireEvent.click(await within(section).findByRole('button', { name: /^Sign out Chrome 126/ }));
      expect((await within(section).findByRole('alert')).textContent).toBe('This session has already ended.');
      expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    });
  });

  describe('sign-in history', () => {
    it('says it is loading it', async () => {
      await openPrivacy({ listSignInHistory: neverSettles });
      expect(within(region('Sign-in history')).getByRole('status').textContent).toBe(
        'Loading your sign-in history…',
      );
    });

    it('says when no attempt is recorded yet', async () => {
      await openPrivacy({ listSignInHistory: [] });
      const history = region('Sign-in history');
      expect(await within(history).findByText('No sign-in attempts recorded yet.')).toBeTruthy();
      expect(within(history).queryByRole('table')).toBeNull();
    });

    it('lists the attempts with their outcome, method, browser and address', async () => {
      await openPrivacy({ listSignInHistory: attempts });
      const table = await within(region('Sign-in history')).findByRole('table', { name: 'Sign-in history' });
      const rows = within(table).getAllByRole('row');
      expect(
        within(rows[0] as HTMLElement)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Time', 'Result', 'Method', 'Browser', 'IP address']);
      const cells = (row: number) =>
        within(rows[row] as HTMLElement)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent);
      expect(rows).toHaveLength(3);
      expect(cells(1)).toEqual(['Signed in', 'Password', 'Firefox 128 on macOS 14.5', '203.0.113.7']);
      expect(cells(2)).toEqual(['Wrong password', 'Password', 'Unknown browser', 'unknown']);
    });

    it('shows a failed load with "Try again"', async () => {
      await openPrivacy({
        listSignInHistory: () => {
          throw new ApiError('Server error', 500, 'INTERNAL');
        },
      });
      const history = region('Sign-in history');
      expect((await within(history).findByRole('alert')).textContent).toBe('Server error');
      expect(within(history).getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });

  describe('two-step verification', () => {
    it('says it is loading the status, then shows a failed load with "Try again"', async () => {
      let answer: (() => unknown) | undefined;
      await openPrivacy({
        getTwoFactorStatus: () =>
          new Promise((resolve, reject) => {
            answer = () => reject(new ApiError('Server error', 500, 'INTERNAL'));
            void resolve;
          }),
      });
      const section = region('Two-step verification');
      expect(within(section).getByRole('status').textContent).toBe('Loading…');
      answer?.();
      expect((await within(section).findByRole('alert')).textContent).toBe('Server error');
      expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();
    });

    it('is set up by scanning the QR code and confirming a code, then shows the recovery codes once', async () => {
      let status = { enabled: false, recoveryCodesRemaining: 0 };
      const enableTwoFactor = jest.fn((input: unknown) => {
        const { body } = input as { body: { code: string } };
        if (body.code !== '654321')
          throw new ApiError(
            'That code is not correct. Check your authenticator app and try again.',
            400,
            'TWO_FACTOR_CODE_INVALID',
          );
        status = { enabled: true, recoveryCodesRemaining: 10 };
        return { recoveryCodes };
      });
      await openPrivacy({ getTwoFactorStatus: () => status, setUpTwoFactor: setup, enableTwoFactor });
      const section = region('Two-step verification');
      expect(await within(section).findByText(/^Two-step verification is off\./)).toBeTruthy();

      fireEvent.click(within(section).getByRole('button', { name: 'Set up two-step verification' }));
      const qr = await within(section).findByRole('img', {
        name: 'QR code to add Dcipher to your authenticator app',
      });
      expect(qr.getAttribute('src')).toBe(
        `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`,
      );
      expect(within(section).getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW');

      const code = within(section).getByLabelText('Code from your authenticator app');
      fireEvent.change(code, { target: { value: '123456' } });
      fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
      expect((await within(section).findByRole('alert')).textContent).toBe(
        'That code is not correct. Check your authenticator app and try again.',
      );
      expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();

      fireEvent.change(code, { target: { value: '654 321' } });
      fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
      const list = await within(section).findByRole('list', { name: 'Recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(recoveryCodes);
      expect(enableTwoFactor).toHaveBeenLastCalledWith({ body: { code: '654321' } });
      expect(within(section).getByText(/they are shown only once/)).toBeTruthy();

      fireEvent.click(within(section).getByRole('button', { name: 'I have saved my recovery codes' }));
      expect(await within(section).findByText('Two-step verification is on.')).toBeTruthy();
      expect(within(section).getByText(/10 of 10 recovery codes left\./)).toBeTruthy();
      expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
      expect(within(section).getByRole('button', { name: 'Turn off two-step verification' })).toBeTruthy();
    });

    it('asks for a code in the right format before calling the API', async () => {
      await openPrivacy({ setUpTwoFactor: setup });
      const section = region('Two-step verification');
      fireEvent.click(await within(section).findByRole('button', { name: 'Set up two-step verification' }));
      fireEvent.change(await within(section).findByLabelText('Code from your authenticator app'), {
        target: { value: '12ab' },
      });
      fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
      await waitFor(() =>
        expect(
          within(section).getByLabelText('Code from your authenticator app').getAttribute('aria-invalid'),
        ).toBe('true'),
      );
      expect(callsOf('enableTwoFactor')).toHaveLength(0);
    });

    it('shows a failed setup start', async () => {
      await openPrivacy({
        setUpTwoFactor: () => {
          throw new ApiError(
            'Two-step verification is already turned on.',
            409,
            'TWO_FACTOR_STATE_CONFLICT',
            undefined,
            {
              reason: 'alreadyEnabled',
            },
          );
        },
      });
      const section = region('Two-step verification');
      fireEvent.click(await within(section).findByRole('button', { name: 'Set up two-step verification' }));
      expect((await within(section).findByRole('alert')).textContent).toBe(
        'Two-step verification is already turned on.',
      );
    });

    it('when on, is turned off with the current password', async () => {
      let status = { enabled: true, recoveryCodesRemaining: 7 };
      const disableTwoFactor = jest.fn(() => {
        status = { enabled: false, recoveryCodesRemaining: 0 };
        return status;
      });
      await openPrivacy({ getTwoFactorStatus: () => status, disableTwoFactor });
      const section = region('Two-step verification');
      expect(await within(section).findByText('Two-step verification is on.')).toBeTruthy();
      expect(within(section).getByText(/7 of 10 recovery codes left\./)).toBeTruthy();

      fireEvent.click(within(section).getByRole('button', { name: 'Turn off two-step verification' }));
      const form = await within(section).findByRole('form', { name: 'Turn off two-step verification' });
      expect(within(form).getByText(/Confirm with your password/)).toBeTruthy();
      fireEvent.click(within(form).getByRole('button', { name: 'Turn off two-step verification' }));
      expect(await within(form).findByText('This field is required')).toBeTruthy();
      expect(disableTwoFactor).not.toHaveBeenCalled();

      fireEvent.change(within(form).getByLabelText('Current password'), {
        target: { value: 'My-password-1' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Turn off two-step verification' }));
      expect(await within(section).findByText(/^Two-step verification is off\. Turn it on/)).toBeTruthy();
      expect(within(section).getByRole('status').textContent).toBe(
        'Two-step verification is off. Signing in now needs only your password.',
      );
      expect(disableTwoFactor).toHaveBeenCalledWith({ body: { currentPassword: 'My-password-1' } });
    });
  });

  describe('email preference', () => {
    it('saves the opt-in to product emails', async () => {
      const updateAccount = jest.fn(() => ({ ...testAccount, receiveEmails: true, pendingEmail: null }));
      await openPrivacy({ updateAccount });
      const section = region('Emails');
      const checkbox = within(section).getByRole('checkbox', {
        name: 'Send me product news and tips (you can unsubscribe at any time)',
      }) as HTMLInputElement;
      expect(checkbox.checked).toBe(false);
      fireEvent.click(checkbox);
      fireEvent.click(within(section).getByRole('button', { name: 'Save email preference' }));
      expect((await within(section).findByRole('status')).textContent).toBe(
        'Your email preference has been saved.',
      );
      expect(updateAccount).toHaveBeenCalledWith({
        body: expect.objectContaining({ receiveEmails: true, email: 'ada@example.com' }),
      });
      expect(checkbox.checked).toBe(true);
    });

    it('shows a failed save', async () => {
      await openPrivacy({
        updateAccount: () => {
          throw new ApiError('Server error', 500, 'INTERNAL');
        },
      });
      const section = region('Emails');
      fireEvent.click(within(section).getByRole('checkbox'));
      fireEvent.click(within(section).getByRole('button', { name: 'Save email preference' }));
      expect((await within(section).findByRole('alert')).textContent).toBe('Server error');
      expect(within(section).queryByRole('status')).toBeNull();
    });
  });

  describe('data export', () => {
    const { createObjectURL: realCreateObjectURL, revokeObjectURL: realRevokeObjectURL } = URL;
    // jsdom's Blob has no text().
    const textOf = (blob: Blob) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });

    function mockDownloads() {
      const createObjectURL = jest.fn((_blob: Blob) => 'blob:dcipher-export');
      const revokeObjectURL = jest.fn();
      // jsdom implements neither; clicking a link would try to navigate, which jsdom does not do either.
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      const clicked: HTMLAnchorElement[] = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      return { createObjectURL, revokeObjectURL, clicked };
    }

    afterEach(() => {
      Object.assign(URL, { createObjectURL: realCreateObjectURL, revokeObjectURL: realRevokeObjectURL });
    });

    it('downloads the data as a JSON file', async () => {
      const data = { exportedAt: '2025-03-02T10:00:00.000Z', sections: { profile: { firstName: 'Ada' } } };
      const exportAccountData = jest.fn(() => data);
      const { createObjectURL, revokeObjectURL, clicked } = mockDownloads();
      await openPrivacy({ exportAccountData });
      const section = region('Your data');
      fireEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(exportAccountData).toHaveBeenCalledTimes(1);
      const link = clicked[0] as HTMLAnchorElement;
      expect(link.download).toMatch(/^dcipher-data-\d{4}-\d{2}-\d{2}\.json$/);
      expect(link.getAttribute('href')).toBe('blob:dcipher-export');
      const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
      expect(blob.type).toBe('application/json');
      expect(JSON.parse(await textOf(blob))).toEqual(data);
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:dcipher-export');
      // The link is gone from the page and the button is ready again.
      expect(document.querySelector('a[download]')).toBeNull();
      expect(
        (await within(section).findByRole('button', { name: 'Download my data' })).hasAttribute('disabled'),
      ).toBe(false);
      expect(within(section).queryByRole('alert')).toBeNull();
    });

    it('shows a failed export', async () => {
      const { clicked } = mockDownloads();
      await openPrivacy({
        exportAccountData: () => {
          throw new ApiError('Server error', 500, 'INTERNAL');
        },
      });
      const section = region('Your data');
      fireEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
      expect((await within(section).findByRole('alert')).textContent).toBe('Server error');
      expect(clicked).toHaveLength(0);
    });
  });

  describe('accessibility', () => {
    it('has no axe violations with two-step verification off, sessions and history listed', async () => {
      await openPrivacy({ listSessions: [thisBrowser, otherBrowser], listSignInHistory: attempts });
      await screen.findByRole('table', { name: 'Sign-in history' });
      await screen.findByText('Chrome 126 on Windows 11');
      await expectNoAxeViolations();
    });

    it('has no axe violations while setting up, and with the recovery codes showing', async () => {
      await openPrivacy({ setUpTwoFactor: setup, enableTwoFactor: { recoveryCodes } });
      const section = region('Two-step verification');
      fireEvent.click(await within(section).findByRole('button', { name: 'Set up two-step verification' }));
      fireEvent.change(await within(section).findByLabelText('Code from your authenticator app'), {
        target: { value: '654321' },
      });
      await expectNoAxeViolations();
      fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
      await within(section).findByRole('list', { name: 'Recovery codes' });
      await expectNoAxeViolations();
    });
  });
});
