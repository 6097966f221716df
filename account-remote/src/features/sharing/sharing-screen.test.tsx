import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import type { SharedResource } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

const initialState = authStore.getState();
const neverSettles = () => new Promise(() => {});

const study: SharedResource = {
  resource: 'workflow',
  resourceId: '7d3c1a52-5b8e-4f1a-9c2d-3e4f5a6b7c81',
  name: 'Customer feedback study',
  ownerEmail: 'ada@example.com',
  publicRole: null,
  grants: [],
  yourRole: 'owner',
  mayGrant: true,
};
const workflowId = '2b9c1d44-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const members = [
  { userId: 'u1', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' },
  { userId: 'u2', email: 'tom@example.com', name: 'Tom Teammate', role: 'teammate' },
];

async function openSharing(handlers: Record<string, unknown> = {}) {
  authStore.setState({ status: 'authenticated' });
  answerWith({
    getAccount: testAccount,
    listSharedResources: { resources: [study] },
    listRoleUsers: { users: members },
    ...handlers,
  });
  window.history.pushState(null, '', '/account/sharing');
  const navigate = jest.fn();
  await renderScreen(
    <main>
      <AccountApp navigate={navigate} />
    </main>,
  );
  return { navigate };
}

describe('sharing options screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('says it is loading', async () => {
    await openSharing({ listSharedResources: neverSettles });
    expect((await screen.findByRole('status')).textContent).toBe('Loading what is shared…');
  });

  it('says when nothing is shared yet', async () => {
    await openSharing({ listSharedResources: { resources: [] } });
    expect(await screen.findByText(/No workflows are shared with you yet/)).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('lists only what can be opened here: a shared workflow opens in the account area, a Studio project or a PDF is not listed (issue 36)', async () => {
    await openSharing({
      listSharedResources: {
        resources: [
          { ...study, resource: 'studio-project', name: 'Customer feedback study' },
          {
            ...study,
            resource: 'file',
            resourceId: 'a1b2c3d4-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
            name: 'Report.pdf',
          },
          { ...study, resourceId: workflowId, name: 'Brand pulse' },
        ],
      },
    });
    const card = await screen.findByRole('region', { name: 'Brand pulse' });
    const link = within(card).getByRole('link', { name: 'Open the workflow Brand pulse' });
    expect(link.getAttribute('href')).toBe(`/workflows/${workflowId}`);
    expect(screen.queryByRole('region', { name: 'Customer feedback study' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Report.pdf' })).toBeNull();
  });

  it('makes a workflow public only once confirmed, then shows its public link with Copy (issue 36)', async () => {
    let publicRole: 'public' | null = null;
    await openSharing({
      listSharedResources: () => ({ resources: [{ ...study, publicRole }] }),
      updateResourceRole: ({ body }: { body: { public?: boolean } }) => {
        publicRole = body.public ? 'public' : null;
        return { ...study, publicRole };
      },
    });
    const card = await screen.findByRole('region', { name: 'Customer feedback study' });
    expect(within(card).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Make it public…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Customer feedback study public?' });
    expect(dialog.textContent).toMatch(/anyone with its public link can read its last run/);
    // Focus in the dialog, on the safe answer; nothing changed yet.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    expect(callsOf('updateResourceRole')).toHaveLength(0);
    await expectNoAxeViolations();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make it public' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsOf('updateResourceRole')[0]).toEqual({
      body: { resource: 'workflow', resourceId: study.resourceId, public: true },
    });
    const link = await within(card).findByLabelText('Public link (its last run)');
    // The public workflow's page on the site's origin (docs/decisions/0128), not the API's JSON.
    expect((link as HTMLInputElement).value).toBe(
      `${window.location.origin}/shared/workflow?id=${encodeURIComponent(study.resourceId)}`,
    );
    expect(within(card).getByRole('button', { name: 'Copy the public link' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('shows a failed load with "Try again"', async () => {
    let attempt = 0;
    await openSharing({
      listSharedResources: () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError('Server error', 500, 'INTERNAL');
        return { resources: [study] };
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Customer feedback study' })).toBeTruthy();
  });

  it('shares a resource with a member as viewer, and passes axe', async () => {
    await openSharing({
      grantResourceRole: {
        ...study,
        grants: [{ userId: 'u2', email: 'tom@example.com', name: 'Tom Teammate', role: 'viewer' }],
      },
    });
    const card = await screen.findByRole('region', { name: 'Customer feedback study' });
    expect(within(card).getByText('Not shared with anyone yet.')).toBeTruthy();
    await expectNoAxeViolations();
    fireEvent.change(within(card).getByLabelText('Share with'), { target: { value: 'tom@example.com' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Share' }));
    expect(await within(card).findByText('Shared with tom@example.com as viewer.')).toBeTruthy();
    expect(callsOf('grantResourceRole')[0]).toEqual({
      body: {
        resource: 'workflow',
        resourceId: study.resourceId,
        email: 'tom@example.com',
        role: 'viewer',
      },
    });
  });

  it('asks which member when none is chosen, and shows why the API refused', async () => {
    await openSharing({
      grantResourceRole: () => {
        throw new ApiError(
          'This person is not a member of your organization',
          400,
          'VALIDATION_FAILED',
          { email: 'notAMember' },
          { reason: 'notAMember' },
        );
      },
    });
    const card = await screen.findByRole('region', { name: 'Customer feedback study' });
    fireEvent.click(within(card).getByRole('button', { name: 'Share' }));
    expect(await within(card).findByText('This field is required')).toBeTruthy();
    expect(callsOf('grantResourceRole')).toHaveLength(0);
    fireEvent.change(within(card).getByLabelText('Share with'), { target: { value: 'tom@example.com' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(
        within(card).getAllByText('This person is not a member of your organization').length,
      ).toBeGreaterThan(0),
    );
  });

  it('shows a reader what is shared with them, with nothing to change', async () => {
    await openSharing({
      listSharedResources: {
        resources: [{ ...study, yourRole: 'viewer', mayGrant: false, ownerEmail: 'tom@example.com' }],
      },
    });
    const card = await screen.findByRole('region', { name: 'Customer feedback study' });
    expect(
      within(card).getByText('Only its owner and your organization’s admins can share it.'),
    ).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
