import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { Account } from '@dcipher/shared/contract';
import { invalidRequestMessage, invalidValueMessage } from '@dcipher/shared/validation';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { ApiAnswer, answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();

async function openProfile(handlers: Record<string, unknown> = {}, navigate = jest.fn()) {
  authStore.setState({ status: 'authenticated' });
  answerWith({ getAccount: testAccount, ...handlers });
  window.history.pushState(null, '', '/account/profile');
  await renderScreen(
    <main>
      <AccountApp navigate={navigate} />
    </main>,
  );
  await screen.findByRole('form', { name: 'Account information' });
  return { navigate };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const updates = () => callsOf('updateAccount');
/** The text that assistive technology reads with a field: the elements its aria-describedby names. */
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const savedAs = (changes: Partial<Account>, pendingEmail: string | null = null) => ({
  ...testAccount,
  ...changes,
  pendingEmail,
});

describe('Account information screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('shows nothing of the form while the account loads', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: () => new Promise(() => {}) });
    window.history.pushState(null, '', '/account/profile');
    await renderScreen(
      <main>
        <AccountApp navigate={jest.fn()} />
      </main>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading your account…');
    expect(screen.queryByRole('form', { name: 'Account information' })).toBeNull();
  });

  it('prefills every field from the account, leaving the unset optional ones empty', async () => {
    await openProfile();
    expect(field('First name').value).toBe('Ada');
    expect(field('Last name').value).toBe('Admin');
    expect(field('Work email').value).toBe('ada@example.com');
    expect(field('Phone (optional)').value).toBe('');
    expect(field('Company').value).toBe('Demo Org');
    expect(field('Job title (optional)').value).toBe('');
    const details = screen.getByRole('region', { name: 'Your details' });
    expect(within(details).getByTestId('account-name').textContent).toBe('Ada Admin');
    expect(within(details).getByText('admin')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a required field emptied is required on Save, and clears the message once corrected', async () => {
    await openProfile();
    type('First name', '');
    save();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field('First name'))).toBe('This field is required');
    await waitFor(() => expect(document.activeElement).toBe(field('First name')));
    expect(updates()).toHaveLength(0);

    type('First name', 'Grace');
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
    expect(field('First name').getAttribute('aria-invalid')).toBeNull();
  });

  it('saves the profile, confirms it and shows the new name in the details card', async () => {
    await openProfile({ updateAccount: savedAs({ firstName: 'Grace', jobTitle: 'Engineer' }) });
    type('First name', 'Grace');
    type('Job title (optional)', 'Engineer');
    save();
    expect((await screen.findByRole('status')).textContent).toBe('Your profile has been saved.');
    expect(
      within(screen.getByRole('region', { name: 'Your details' })).getByTestId('account-name').textContent,
    ).toBe('Grace Admin');
    expect(updates()).toHaveLength(1);
    expect(updates()[0]).toEqual({
      body: {
        firstName: 'Grace',
        lastName: 'Admin',
        email: 'ada@example.com',
        company: 'Demo Org',
        jobTitle: 'Engineer',
        receiveEmails: false,
      },
    });
    expect(field('First name').value).toBe('Grace');
  });

  it('tells that a new email applies once confirmed, keeping the address in use in the field', async () => {
    await openProfile({ updateAccount: savedAs({}, 'ada.new@example.com') });
    type('Work email', 'ada.new@example.com');
    save();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(
      'Your profile has been saved. We sent a confirmation link to ada.new@example.com: your work email changes when you open it.',
    );
    expect(field('Work email').value).toBe('ada@example.com');
  });

  it('refuses a phone that is not a number under the field, before calling the API', async () => {
    const { updateAccount } = { updateAccount: jest.fn() };
    await openProfile({ updateAccount });
    type('Phone (optional)', 'abc');
    save();
    expect(
      await screen.findByText('Please enter a valid phone number, such as +45 70 70 17 17.'),
    ).toBeTruthy();
    expect(updateAccount).not.toHaveBeenCalled();
  });

  it('shows a failed save with its message and the field flagged, keeping every typed value', async () => {
    await openProfile({
      updateAccount: () => {
        throw new ApiError('Please check the highlighted fields', 400, 'VALIDATION_FAILED', {
          phone: 'This phone number cannot be reached.',
        });
      },
    });
    type('First name', 'Grace');
    type('Last name', 'Hopper');
    type('Work email', 'grace@example.com');
    type('Phone (optional)', '+45 1234 5678');
    type('Company', 'Navy');
    type('Job title (optional)', 'Rear admiral');
    save();
    // Through the client, the catalogue's words for a refusal of what the schema accepts (docs/decisions/0058).
    expect((await screen.findByRole('alert')).textContent).toBe(invalidRequestMessage);
    expect(descriptionOf(field('Phone (optional)'))).toBe(invalidValueMessage);
    expect(field('Phone (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Your profile has been saved.')).toBeNull();
    expect(field('First name').value).toBe('Grace');
    expect(field('Last name').value).toBe('Hopper');
    expect(field('Work email').value).toBe('grace@example.com');
    expect(field('Phone (optional)').value).toBe('+45 1234 5678');
    expect(field('Company').value).toBe('Navy');
    expect(field('Job title (optional)').value).toBe('Rear admiral');
    // The details card still shows the account as saved.
    expect(screen.getByTestId('account-name').textContent).toBe('Ada Admin');
  });

  it('shows "Server error" when the save fails without an answer', async () => {
    await openProfile({
      // A failure the API does not name: a 500 with no code.
      updateAccount: () => {
        throw new ApiAnswer(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal Server Error',
        });
      },
    });
    type('Company', 'Navy');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    expect(field('Company').value).toBe('Navy');
  });

  it('links to deleting the account', async () => {
    const { navigate } = await openProfile();
    const link = screen.getByRole('link', { name: 'Delete your account…' });
    expect(link.getAttribute('href')).toBe('/account/delete');
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/account/delete');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delete account' })).toBeTruthy();
  });

  it('has no axe violations, filled in or with field messages', async () => {
    await openProfile();
    await expectNoAxeViolations();
    type('First name', '');
    type('Work email', 'not an email');
    save();
    await screen.findByText('This field is required');
    await expectNoAxeViolations();
  });
});
