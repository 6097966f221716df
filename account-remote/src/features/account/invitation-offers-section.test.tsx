import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { InvitationOffer } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();

const offer: InvitationOffer = {
  id: '7d1c9a44-7a55-4d0e-9b7e-0c2b4f1e2a10',
  organizationName: 'Acme Research',
  inviterName: 'Ann Admin',
  role: 'teammate',
  expiresAt: '2026-12-01T10:00:00.000Z',
  expired: false,
};

async function openProfile(handlers: Record<string, unknown>) {
  authStore.setState({ status: 'authenticated' });
  answerWith({ getAccount: testAccount, ...handlers });
  window.history.pushState(null, '', '/account/profile');
  const view = await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
  await screen.findByRole('form', { name: 'Account information' });
  return view;
}

describe('Invitations offered to the account (docs/decisions/0035)', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('shows nothing when no organization invited the address', async () => {
    await openProfile({ listInvitationOffers: { offers: [] } });
    await waitFor(() => expect(callsOf('listInvitationOffers')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull();
  });

  it('lists an offer, asks before joining, saying the own organization closes, then joins', async () => {
    let offers = [offer];
    const { container } = await openProfile({
      listInvitationOffers: () => ({ offers }),
      acceptInvitationOffer: () => {
        offers = [];
        return { organizationName: 'Acme Research', role: 'teammate' };
      },
    });
    await screen.findByRole('heading', { name: 'Invitations' });
    expect(screen.getByText(/invited you to join/).textContent).toBe(
      'Ann Admin invited you to join Acme Research as teammate. Open until 01 Dec 2026.',
    );
    await expectNoAxeViolations(container);

    fireEvent.click(screen.getByRole('button', { name: 'Join Acme Research…' }));
    expect(screen.getByText(/Your own organization, Demo Org, closes with everything in it/)).toBeTruthy();
    expect(callsOf('acceptInvitationOffer')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Join Acme Research' }));
    expect(await screen.findByText('You joined Acme Research as teammate.')).toBeTruthy();
    expect(callsOf('acceptInvitationOffer')[0]).toEqual({ params: { invitationId: offer.id } });
    // The account is loaded again, so the shell shows the new organization and role.
    expect(callsOf('getAccount').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('list', { name: 'Invitations to join another organization' })).toBeNull();
  });

  it('shows why joining was refused and keeps the question open', async () => {
    await openProfile({
      listInvitationOffers: { offers: [offer] },
      acceptInvitationOffer: () => {
        throw new ApiError(
          'Others still belong to your current organization (members or invitations): you can join another organization once you are its only member.',
          409,
          'ORGANIZATION_HAS_OTHER_MEMBERS',
        );
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme Research…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Join Acme Research' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Others still belong'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('declines after asking; an expired offer can only be declined', async () => {
    let offers = [{ ...offer, expired: true, expiresAt: '2026-11-01T10:00:00.000Z' }];
    await openProfile({
      listInvitationOffers: () => ({ offers }),
      declineInvitationOffer: () => {
        offers = [];
        return { declined: true };
      },
    });
    await screen.findByText(/The invitation expired on/);
    expect(screen.queryByRole('button', { name: 'Join Acme Research…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decline Acme Research’s invitation…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline invitation' }));
    expect(await screen.findByText('You declined the invitation from Acme Research.')).toBeTruthy();
  });

  it('says when the invitations could not be loaded, and tries again', async () => {
    let fail = true;
    await openProfile({
      listInvitationOffers: () => {
        if (fail) throw new ApiError('Server error', 500, undefined);
        return { offers: [offer] };
      },
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Server error'));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Join Acme Research…' })).toBeTruthy();
  });
});
