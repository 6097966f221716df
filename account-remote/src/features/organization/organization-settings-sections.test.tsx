import { authStore } from '@dcipher/shared/auth';
import type { ActivityEntry, Organization } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expectNoAxeViolations } from '../../test-support/axe';
import { ApiAnswer, answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';
import { ActivityScreen } from './activity-screen';
import { GeneralScreen, SecurityPoliciesScreen } from './organization-settings-sections';

const initialState = authStore.getState();
const neverSettles = () => new Promise(() => {});

const organization: Organization = {
  id: 'o1',
  name: 'Demo Org',
  customerType: 'Business',
  region: 'europe-west1',
  passwordExpiresAfterDays: null,
  twoStepRequired: false,
  memberCount: 4,
  createdAt: '2025-01-10T09:00:00.000Z',
};

const regionChange: ActivityEntry = {
  id: 'a1',
  at: '2026-11-20T14:05:00.000Z',
  actorName: 'Ada Admin',
  actorEmail: 'ada@example.com',
  action: 'organization.region-changed',
  subject: 'us-central1',
  details: { from: 'europe-west1', to: 'us-central1' },
};

async function renderSections(handlers: Record<string, unknown> = {}, role = 'admin') {
  authStore.setState({ status: 'authenticated', claims: { role } as never });
  // Alone, the screens are not in the account area, which sets the page title.
  document.title = 'Dcipher | Organization';
  answerWith({
    getOrganization: organization,
    getPasswordPolicy: { expiresAfterDays: null },
    getTwoFactorStatus: { enabled: true, recoveryCodesRemaining: 10 },
    listOrganizationActivity: { entries: [regionChange], total: 1, page: 1, pageSize: 20 },
    ...handlers,
  });
  // The three pages of issue 25, side by side: each is one screen of the account area.
  await renderScreen(
    <main>
      <h1>Organization</h1>
      <GeneralScreen />
      <SecurityPoliciesScreen />
      {role === 'admin' ? <ActivityScreen /> : null}
    </main>,
  );
}

describe('organization settings sections', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('says it is loading', async () => {
    await renderSections({ getOrganization: neverSettles, getPasswordPolicy: neverSettles });
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Loading the organization…',
    );
  });

  it('shows the details, the policy, the requirement and the activity, and passes axe', async () => {
    await renderSections();
    expect(((await screen.findByLabelText('Organization name')) as HTMLInputElement).value).toBe('Demo Org');
    expect(screen.getByText('Members choose for themselves', { exact: false })).toBeTruthy();
    const activity = screen.getByRole('region', { name: 'Changes to the organization' });
    expect(await within(activity).findByText('Ada Admin')).toBeTruthy();
    // In words, the regions by their names: no raw values.
    expect(activity.textContent).toContain(
      'Ada Admin changed the cloud region from Belgium (St. Ghislain) to United States (Iowa)',
    );
    expect(activity.textContent).toContain('20 Nov 2026, 14:05');
    await expectNoAxeViolations();
  });

  it('says when there is no activity of a kind, and loads again when filtered', async () => {
    await renderSections({
      listOrganizationActivity: (input: { query: { category?: string } }) =>
        input.query.category === 'sso'
          ? { entries: [], total: 0, page: 1, pageSize: 20 }
          : { entries: [regionChange], total: 1, page: 1, pageSize: 20 },
    });
    const activity = screen.getByRole('region', { name: 'Changes to the organization' });
    await within(activity).findByText('Ada Admin');
    fireEvent.change(within(activity).getByLabelText('Show'), { target: { value: 'sso' } });
    fireEvent.click(within(activity).getByRole('button', { name: 'Apply filter' }));
    expect(await within(activity).findByText('No changes match this filter.')).toBeTruthy();
    expect(callsOf('listOrganizationActivity').at(-1)).toEqual({
      query: { page: '1', pageSize: '20', category: 'sso' },
    });
  });

  it('shows a failed load of the activity with "Try again"', async () => {
    let attempt = 0;
    await renderSections({
      listOrganizationActivity: () => {
        attempt += 1;
        if (attempt === 1)
          throw new ApiAnswer(500, {
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'Server error',
            code: 'INTERNAL',
          });
        return { entries: [regionChange], total: 1, page: 1, pageSize: 20 };
      },
    });
    const activity = screen.getByRole('region', { name: 'Changes to the organization' });
    expect((await within(activity).findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(within(activity).getByRole('button', { name: 'Try again' }));
    expect(await within(activity).findByText('Ada Admin')).toBeTruthy();
  });

  it('sets a password expiry, refusing days out of bounds with the field message', async () => {
    await renderSections({ updatePasswordPolicy: { expiresAfterDays: 60 } });
    const section = screen.getByRole('region', { name: 'Password expiration' });
    fireEvent.click(await within(section).findByLabelText('Passwords expire'));
    const days = within(section).getByLabelText('Days a password lasts (30 to 365)');
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save policy' }));
    expect(await within(section).findByText('Enter a whole number of days between 30 and 365')).toBeTruthy();
    expect(callsOf('updatePasswordPolicy')).toHaveLength(0);
    fireEvent.change(days, { target: { value: '60' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save policy' }));
    expect(await within(section).findByText('Passwords now expire after 60 days.')).toBeTruthy();
    expect(callsOf('updatePasswordPolicy')[0]).toEqual({ body: { expiresAfterDays: 60 } });
  });

  it('requires two-step verification after a confirmation, and shows why the API refused', async () => {
    await renderSections({
      setTwoStepRequirement: () => {
        throw new ApiAnswer(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'What the API says is not what the browser shows',
          code: 'TWO_FACTOR_STATE_CONFLICT',
          params: { reason: 'requiredOfAdminFirst' },
        });
      },
    });
    const section = screen.getByRole('region', { name: 'Two-step verification for everyone' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Require two-step verification…' }));
    const dialog = within(section).getByRole('alertdialog');
    expect(dialog.textContent).toContain('Members without it must set it up');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Require it' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert').textContent).toContain(
        'Set up two-step verification for your own account first, so that requiring it does not lock you out.',
      ),
    );
    expect(within(section).getByRole('alert').textContent).not.toContain(
      'Two-step verification is already turned on.',
    );
  });

  it('leads an admin without two-step verification to set up their own from "Require two-step verification" (issue 36)', async () => {
    await renderSections({ getTwoFactorStatus: { enabled: false, recoveryCodesRemaining: 0 } });
    const section = screen.getByRole('region', { name: 'Two-step verification for everyone' });
    expect((await within(section).findByTestId('own-two-step-first')).textContent).toMatch(
      /^You do not use two-step verification yet\. Set it up on your own account first/,
    );
    const link = within(section).getByRole('link', { name: 'Set up your own two-step verification' });
    expect(link.getAttribute('href')).toBe('/account/privacy');
    await expectNoAxeViolations();
  });

  it('filters by days, refusing a range that ends before it starts, and exports what is shown as CSV', async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:activity');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderSections({
      exportOrganizationActivity: {
        fileName: 'dcipher-activity-2026-11-01-to-2026-11-30.csv',
        contentType: 'text/csv',
        text: 'time_utc,actor_name\n2026-11-20T14:05:00.000Z,Ada Admin\n',
        entries: 1,
        truncated: false,
      },
    });
    const activity = screen.getByRole('region', { name: 'Changes to the organization' });
    await within(activity).findByText('Ada Admin');
    fireEvent.change(within(activity).getByLabelText('From (day)'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(activity).getByLabelText('To (day)'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(activity).getByRole('button', { name: 'Apply filter' }));
    expect(
      await within(activity).findByText('The start date must be on or before the end date'),
    ).toBeTruthy();
    expect(callsOf('listOrganizationActivity')).toHaveLength(1);

    fireEvent.change(within(activity).getByLabelText('From (day)'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(activity).getByLabelText('To (day)'), { target: { value: '2026-11-30' } });
    fireEvent.click(within(activity).getByRole('button', { name: 'Apply filter' }));
    await waitFor(() =>
      expect(callsOf('listOrganizationActivity').at(-1)).toEqual({
        query: { page: '1', pageSize: '20', from: '2026-11-01', to: '2026-11-30' },
      }),
    );
    fireEvent.click(within(activity).getByRole('button', { name: 'Export these changes (CSV)' }));
    expect(
      await within(activity).findByText(
        'Exported 1 change to dcipher-activity-2026-11-01-to-2026-11-30.csv.',
      ),
    ).toBeTruthy();
    // The API filters: the export asks with the same days.
    expect(callsOf('exportOrganizationActivity')[0]).toEqual({
      query: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect([blob.type, blob.size]).toEqual(['text/csv;charset=utf-8', 55]);
    click.mockRestore();
    await expectNoAxeViolations();
  });

  it('shows a teammate the details only, nothing to change', async () => {
    await renderSections({}, 'teammate');
    expect(await screen.findByText('Demo Org')).toBeTruthy();
    expect(screen.queryByLabelText('Organization name')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Changes to the organization' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Password expiration' })).toBeNull();
    expect(callsOf('listOrganizationActivity')).toHaveLength(0);
  });
});
