import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { Organization } from '@dcipher/shared/contract';
import { cloudRegionList } from '@dcipher/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();
const neverSettles = () => new Promise(() => {});

export const testOrganization: Organization = {
  id: 'o1',
  name: 'Demo Org',
  customerType: 'Business',
  region: 'europe-west1',
  passwordExpiresAfterDays: null,
  twoStepRequired: false,
  memberCount: 4,
  createdAt: '2025-01-10T09:00:00.000Z',
};

async function openCloudSettings(handlers: Record<string, unknown> = {}, account = testAccount) {
  authStore.setState({ status: 'authenticated' });
  answerWith({
    getAccount: account,
    getOrganization: testOrganization,
    listRegions: { regions: cloudRegionList },
    ...handlers,
  });
  window.history.pushState(null, '', '/account/cloud-settings');
  await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
}

describe('cloud settings screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('says it is loading the regions', async () => {
    await openCloudSettings({ listRegions: neverSettles });
    expect((await screen.findByRole('status')).textContent).toBe('Loading the regions…');
  });

  it('shows the current region and every region by continent, and passes axe', async () => {
    await openCloudSettings();
    expect(await screen.findByText('Belgium (St. Ghislain)')).toBeTruthy();
    const select = screen.getByLabelText('Data region') as HTMLSelectElement;
    expect(select.value).toBe('europe-west1');
    expect(select.options.length).toBe(cloudRegionList.length);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cloud settings');
    await expectNoAxeViolations();
  });

  it('shows a failed load with "Try again"', async () => {
    let attempt = 0;
    await openCloudSettings({
      getOrganization: () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError('Server error', 500, 'INTERNAL');
        return testOrganization;
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Belgium (St. Ghislain)')).toBeTruthy();
  });

  it('says what changes before it changes the region, and keeps it when cancelled', async () => {
    await openCloudSettings({
      changeOrganizationRegion: { ...testOrganization, region: 'us-central1' },
    });
    await screen.findByText('Belgium (St. Ghislain)');
    fireEvent.change(screen.getByLabelText('Data region'), { target: { value: 'us-central1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change region…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move to United States (Iowa)?' });
    expect(dialog.textContent).toContain(
      'stored in United States (Iowa) (us-central1) instead of Belgium (St. Ghislain) (europe-west1)',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Belgium (St. Ghislain)' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsOf('changeOrganizationRegion')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Change region…' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Move to United States (Iowa)',
      }),
    );
    expect(
      await screen.findByText('Your organization’s data region is now United States (Iowa).'),
    ).toBeTruthy();
    expect(callsOf('changeOrganizationRegion')[0]).toEqual({ body: { region: 'us-central1' } });
    await expectNoAxeViolations();
  });

  it('shows why a change failed, and keeps the choice', async () => {
    await openCloudSettings({
      changeOrganizationRegion: () => {
        throw new ApiError('Server error', 500, 'INTERNAL');
      },
    });
    await screen.findByText('Belgium (St. Ghislain)');
    fireEvent.change(screen.getByLabelText('Data region'), { target: { value: 'asia-northeast1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change region…' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Move to Japan (Tokyo)' }),
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Server error'));
    expect((screen.getByLabelText('Data region') as HTMLSelectElement).value).toBe('asia-northeast1');
  });

  it('tells a teammate only organization admins can change it', async () => {
    await openCloudSettings({}, { ...testAccount, role: 'teammate' });
    expect(await screen.findByText(/Only organization admins can/)).toBeTruthy();
    expect(callsOf('listRegions')).toHaveLength(0);
  });

  it('sends a member whose organization requires two-step verification to set it up first', async () => {
    await openCloudSettings(
      {
        getTwoFactorStatus: neverSettles,
        listSessions: neverSettles,
        listSignInHistory: neverSettles,
      },
      { ...testAccount, twoStepSetupRequired: true },
    );
    expect(
      await screen.findByText(
        'Your organization requires two-step verification. Set it up to continue using your account.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy & security'),
    );
    const menu = screen.getByRole('navigation', { name: 'Account area' });
    const entries = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(entries).toContain('Privacy & security');
    for (const closed of ['Account information', 'Password', 'Cloud settings', 'API keys']) {
      expect(entries).not.toContain(closed);
    }
  });
});
