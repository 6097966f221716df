import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();

const rules = [
  'Password must contain at least 12 characters',
  'Password requires a number',
  'Password requires a lowercase letter',
  'Password requires an uppercase letter',
  'Password requires a symbol',
];

async function openPassword(changePassword: jest.Mock = jest.fn(async () => {})) {
  authStore.setState({ status: 'authenticated', changePassword });
  answerWith({ getAccount: testAccount });
  window.history.pushState(null, '', '/account/password');
  await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
  await screen.findByRole('form', { name: 'Change your password' });
  return { changePassword };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
const rulesList = () => {
  const list = document.getElementById('new-password-rules');
  if (!list) throw new Error('no rule list');
  return list;
};

describe('Password screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('shows every password rule, not met yet, before anything is typed', async () => {
    await openPassword();
    const items = within(rulesList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace(/^[○✓]/, ''))).toEqual(
      rules.map((rule) => `${rule}(not met yet)`),
    );
    expect(descriptionOf(field('New password'))).toContain('Password requires a symbol');
    expect(field('Current password').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ticks off the rules as the new password meets them', async () => {
    await openPassword();
    type('New password', 'abc1');
    const met = () =>
      within(rulesList())
        .getAllByRole('listitem')
        .filter((item) => item.textContent?.includes('(met)'))
        .map((item) => item.textContent?.replace(/^[○✓]|\(met\)$/g, ''));
    await waitFor(() =>
      expect(met()).toEqual(['Password requires a number', 'Password requires a lowercase letter']),
    );
  });

  it('asks for every field when sent empty', async () => {
    const { changePassword } = await openPassword();
    submit();
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(3));
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Current password')));
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('says when the confirmation does not match', async () => {
    const { changePassword } = await openPassword();
    type('Current password', 'Old-password-1');
    type('New password', 'New-Password-123!');
    type('Confirm new password', 'New-Password-124!');
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(descriptionOf(field('Confirm new password'))).toBe('Passwords do not match');
    expect(changePassword).not.toHaveBeenCalled();
    // Fixing the new password to match the confirmation clears the confirmation's message at once.
    type('New password', 'New-Password-124!');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('says when the new password is the current one, with the field', async () => {
    const { changePassword } = await openPassword();
    type('Current password', 'Same-Password-123!');
    type('New password', 'Same-Password-123!');
    type('Confirm new password', 'Same-Password-123!');
    submit();
    const message = 'New password must be different than the current password';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field('New password'))).toContain(message);
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('lists a rule the new password breaks once, in the rules, not again under the field', async () => {
    await openPassword();
    type('Current password', 'Old-password-1');
    type('New password', 'short');
    type('Confirm new password', 'short');
    submit();
    await waitFor(() => expect(field('New password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Password must contain at least 12 characters')).toHaveLength(1);
  });

  it('changes the password, confirms it and empties the fields', async () => {
    const { changePassword } = await openPassword();
    type('Current password', 'Old-password-1');
    type('New password', 'New-Password-123!');
    type('Confirm new password', 'New-Password-123!');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has been changed. Your other sessions have been signed out.',
    );
    expect(changePassword).toHaveBeenCalledWith({
      currentPassword: 'Old-password-1',
      newPassword: 'New-Password-123!',
      confirmPassword: 'New-Password-123!',
    });
    expect(field('Current password').value).toBe('');
    expect(field('New password').value).toBe('');
    expect(field('Confirm new password').value).toBe('');
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('shows a wrong current password under that field, keeping what was typed', async () => {
    const wrong = 'Your current password is not correct';
    await openPassword(
      jest.fn(async () => {
        throw new ApiError('Invalid request', 400, 'VALIDATION_FAILED', { currentPassword: wrong });
      }),
    );
    type('Current password', 'Not-my-password-1');
    type('New password', 'New-Password-123!');
    type('Confirm new password', 'New-Password-123!');
    submit();
    await waitFor(() => expect(descriptionOf(field('Current password'))).toBe(wrong));
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Current password'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid request');
    expect(screen.queryByText(/Your password has been changed/)).toBeNull();
    expect(field('New password').value).toBe('New-Password-123!');
  });

  it('has no axe violations, empty or with field messages', async () => {
    await openPassword();
    await expectNoAxeViolations();
    type('Current password', 'Same-Password-123!');
    type('New password', 'Same-Password-123!');
    submit();
    await screen.findByText('New password must be different than the current password');
    await expectNoAxeViolations();
  });
});
