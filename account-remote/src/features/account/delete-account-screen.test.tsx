import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { Account } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();
const staysWithOrganization = {
  deletesOrganization: false,
  organizationName: 'Demo Org',
  plan: null,
  credits: 0,
  addOns: [],
};
const onlyMember = {
  deletesOrganization: true,
  organizationName: 'Demo Org',
  plan: {
    name: 'Business',
    price: 45900,
    currency: 'eur',
    billingPeriod: 'monthly',
    paidUntil: '2026-12-24T10:00:00.000Z',
  },
  credits: 2500,
  addOns: [
    { name: 'Social media boost', quantity: 50000, unit: 'posts', validUntil: '2026-12-24T10:00:00.000Z' },
  ],
};
const teammate: Account = { ...testAccount, role: 'teammate', firstName: 'Tom', lastName: 'Mate' };
const mismatch = "Type your account's email address exactly to confirm the deletion";
const lastAdmin =
  'You are the last admin of your organization: make another member an admin first, or delete the organization.';

async function openDelete(account: Account, handlers: Record<string, unknown> = {}) {
  const navigate = jest.fn();
  // Like the real store: signed out first, then the server call settles.
  const logout = jest.fn(async () => {
    authStore.setState({ status: 'anonymous' });
  });
  authStore.setState({ status: 'authenticated', logout });
  answerWith({ getAccount: account, getDeletionImpact: staysWithOrganization, ...handlers });
  window.history.pushState(null, '', '/account/delete');
  await renderScreen(
    <main>
      <AccountApp navigate={navigate} />
    </main>,
  );
  await screen.findByRole('form', { name: 'Delete your account' });
  return { navigate, logout };
}

const confirmField = () => screen.getByLabelText('Type your email address to confirm') as HTMLInputElement;
const deleteButton = () => screen.getByRole('button', { name: 'Delete my account permanently' });
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('Delete account screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('says what is lost and which email to type', async () => {
    await openDelete(testAccount);
    const section = screen.getByRole('region', { name: 'Delete your account' });
    expect(within(section).getByText(/This cannot be undone/)).toBeTruthy();
    expect(
      within(within(section).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'your profile and email preferences',
      'every session: all your browsers are signed out',
      'your sign-in history and two-step verification settings',
      'invitations you sent that were not accepted yet',
    ]);
    expect(
      (await within(section).findByText(/Projects and files you created in Demo Org stay/)).textContent,
    ).toContain('and so do its plan, credits and add-ons');
    expect(within(section).getByText(/Your email address:/).textContent).toBe(
      'Your email address: ada@example.com',
    );
    expect(confirmField().value).toBe('');
    expect(screen.getByRole('link', { name: 'Keep my account' }).getAttribute('href')).toBe(
      '/account/profile',
    );
  });

  it('an only member is told the organization goes too, its plan is cancelled and its credits and add-ons end', async () => {
    await openDelete(testAccount, { getDeletionImpact: onlyMember });
    const money = await screen.findByTestId('deletion-money');
    expect(money.textContent).not.toMatch(/stay with the organization/);
    expect(money.textContent).toContain('the organization is deleted with your account');
    expect(money.textContent).toContain('your plan Business (€459.00 per month) is cancelled at once');
    expect(money.textContent).toContain('2,500 prepaid credits in your wallet are forfeited');
    expect(money.textContent).toContain(
      'the add-on Social media boost (50,000 posts, until 24 Dec 2026) ends',
    );
    expect(money.textContent).toContain('we email you a confirmation');
  });

  it('offers a teammate no way to delete the organization', async () => {
    await openDelete(teammate);
    expect(screen.queryByRole('region', { name: 'Delete the organization Demo Org' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete the organization/ })).toBeNull();
    expect(screen.queryByText(/make another member an admin first/)).toBeNull();
  });

  it('offers an admin to delete the organization as well', async () => {
    await openDelete(testAccount);
    const section = screen.getByRole('region', { name: 'Delete the organization Demo Org' });
    expect(within(section).getByLabelText('Type the organization’s name to confirm')).toBeTruthy();
    expect(
      within(section).getByRole('button', { name: 'Delete the organization and every account in it' }),
    ).toBeTruthy();
    expect(screen.getByText(/make another member an admin first/)).toBeTruthy();
  });

  it('asks for the email before calling the API', async () => {
    await openDelete(testAccount);
    fireEvent.click(deleteButton());
    await waitFor(() => expect(descriptionOf(confirmField())).toBe('This field is required'));
    expect(callsOf('deleteAccount')).toHaveLength(0);
  });

  it('shows a mismatch the API answers under the field', async () => {
    const { logout } = await openDelete(testAccount, {
      deleteAccount: () => {
        throw new ApiError(mismatch, 400, 'DELETION_NOT_CONFIRMED', { confirmEmail: mismatch });
      },
    });
    fireEvent.change(confirmField(), { target: { value: 'someone@example.com' } });
    fireEvent.click(deleteButton());
    await waitFor(() => expect(descriptionOf(confirmField())).toBe(mismatch));
    expect(confirmField().getAttribute('aria-invalid')).toBe('true');
    expect(confirmField().value).toBe('someone@example.com');
    expect(logout).not.toHaveBeenCalled();
  });

  it("shows the last admin's refusal", async () => {
    const { logout, navigate } = await openDelete(testAccount, {
      deleteAccount: () => {
        throw new ApiError(lastAdmin, 409, 'LAST_ADMIN');
      },
    });
    fireEvent.change(confirmField(), { target: { value: 'ada@example.com' } });
    fireEvent.click(deleteButton());
    expect((await screen.findByRole('alert')).textContent).toBe(lastAdmin);
    expect(logout).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(deleteButton().hasAttribute('disabled')).toBe(false);
  });

  it('deletes the account, signs out and goes to the home page', async () => {
    const deleteAccount = jest.fn(() => ({ deleted: true }));
    const { logout, navigate } = await openDelete(testAccount, { deleteAccount });
    fireEvent.change(confirmField(), { target: { value: ' Ada@Example.com ' } });
    fireEvent.click(deleteButton());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(deleteAccount).toHaveBeenCalledWith({ body: { confirmEmail: 'ada@example.com' } });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(deleteAccount.mock.invocationCallOrder[0]).toBeLessThan(logout.mock.invocationCallOrder[0] ?? 0);
    // Never to log in (with or without a page to return to).
    expect(navigate.mock.calls.some(([to]) => String(to).startsWith('/login'))).toBe(false);
  });

  it('has no axe violations, for an admin and for a teammate with a field message', async () => {
    await openDelete(testAccount);
    await expectNoAxeViolations();
    cleanup();
    await openDelete(teammate);
    fireEvent.click(deleteButton());
    await screen.findByText('This field is required');
    await expectNoAxeViolations();
  });
});
