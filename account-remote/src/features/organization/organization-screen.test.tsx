import { authStore } from '@dcipher/shared/auth';
import type { Member, MemberPage } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { ApiAnswer, answeringThroughTheClient } from '../../test-support/api-through-the-client';
import { expectNoAxeViolations } from '../../test-support/axe';
import { renderScreen } from '../../test-support/render-screen';

let call = answeringThroughTheClient({});
jest.mock('@dcipher/shared/auth', () => ({
  ...jest.requireActual('@dcipher/shared/auth'),
  authenticatedApi: () => ({ call: (...args: unknown[]) => call(...(args as Parameters<typeof call>)) }),
}));

const initialState = authStore.getState();
const neverSettles = () => new Promise(() => {});

const ada: Member = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
  status: 'Active',
  invitationExpiresAt: null,
  createdAt: '2026-01-01T09:00:00.000Z',
};
const grace: Member = {
  ...ada,
  id: 'u2',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  role: 'teammate',
};
const invitee: Member = {
  ...ada,
  id: 'u3',
  email: 'linus@example.com',
  firstName: '',
  lastName: '',
  role: 'guest',
  status: 'InvitationSent',
  invitationExpiresAt: '2099-03-05T10:00:00.000Z',
};
const pageOf = (members: Member[], overrides: Partial<MemberPage> = {}): MemberPage => ({
  members,
  total: members.length,
  page: 1,
  pageSize: 20,
  ...overrides,
});

async function openMembers(handlers: Record<string, unknown> = {}, path = '/account/organization') {
  authStore.setState({ status: 'authenticated' });
  call = answeringThroughTheClient({
    getAccount: testAccount,
    listMembers: pageOf([ada, grace, invitee]),
    ...handlers,
  });
  window.history.pushState(null, '', path);
  await renderScreen(
    <main>
      <AccountApp navigate={jest.fn()} />
    </main>,
  );
}
const membersSection = () => screen.findByRole('region', { name: 'Members' });
const callsOf = (operation: string) =>
  call.mock.calls.filter(([endpoint]) => endpoint.operation === operation);

describe('Manage members screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('says it is loading the members', async () => {
    await openMembers({ listMembers: neverSettles });
    const section = await membersSection();
    expect(within(section).getByRole('status').textContent).toBe('Loading the members…');
  });

  it('lists members and invitations in a table, and passes axe', async () => {
    await openMembers();
    const section = await membersSection();
    const table = await within(section).findByRole('table', { name: 'Members and pending invitations' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Members');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain('Ada Admin (you)');
    expect(rows[3]?.textContent).toContain('Invitation sent');
    expect(rows[3]?.textContent).toContain('Link works until');
    expect((within(table).getByLabelText('Role of Grace Hopper') as HTMLSelectElement).value).toBe(
      'teammate',
    );
    expect(within(section).getByText(/1–3 of 3/)).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says when a search finds nobody, and searches again', async () => {
    await openMembers({
      listMembers: ({ query }: { query: { search?: string } }) => (query.search ? pageOf([]) : pageOf([ada])),
    });
    const section = await membersSection();
    await within(section).findByRole('table');
    fireEvent.change(within(section).getByLabelText('Search by name or email'), { target: { value: 'zed' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Search' }));
    expect(await within(section).findByText('No member or invitation matches “zed”.')).toBeTruthy();
    expect(callsOf('listMembers').at(-1)?.[1]).toEqual({
      query: { search: 'zed', page: '1', pageSize: '20' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Clear search' }));
    expect(await within(section).findByRole('table')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('pages through the members', async () => {
    await openMembers({
      listMembers: ({ query }: { query: { page: string } }) =>
        pageOf(query.page === '2' ? [invitee] : [ada, grace], { total: 41, page: Number(query.page) }),
    });
    const section = await membersSection();
    expect(await within(section).findByText(/1–20 of 41 · page 1 of 3/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Next page' }));
    expect(await within(section).findByText(/21–40 of 41 · page 2 of 3/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Previous page' })).toBeTruthy();
  });

  it('shows a failed load with "Try again"', async () => {
    let attempt = 0;
    await openMembers({
      listMembers: () => {
        attempt += 1;
        if (attempt === 1)
          throw new ApiAnswer(500, {
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'Server error',
            code: 'INTERNAL',
          });
        return pageOf([ada]);
      },
    });
    const section = await membersSection();
    expect((await within(section).findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('table')).toBeTruthy();
  });

  it('invites after checking the address is not in the organization yet', async () => {
    await openMembers({
      checkMemberEmail: ({ query }: { query: { email: string } }) => ({
        email: query.email,
        inOrganization: query.email === grace.email ? 'member' : 'none',
      }),
      inviteUser: ({ body }: { body: { email: string; role: string } }) => ({
        ...body,
        status: 'InvitationSent',
        expiresAt: '2099-03-05T10:00:00.000Z',
      }),
    });
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Work email'), { target: { value: grace.email } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(form).findByText('This person is already a member of your organization.'),
    ).toBeTruthy();
    expect(callsOf('inviteUser')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Work email'), { target: { value: 'new@example.com' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'guest' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/Invitation sent to new@example\.com as guest\./)).toBeTruthy();
    expect(callsOf('inviteUser')[0]?.[1]).toEqual({ body: { email: 'new@example.com', role: 'guest' } });
    await waitFor(() => expect(callsOf('listMembers').length).toBeGreaterThan(1));
  });

  it('keeps what was typed and shows the refusal when inviting fails', async () => {
    await openMembers({
      checkMemberEmail: { email: 'x@example.com', inOrganization: 'none' },
      inviteUser: () => {
        throw new ApiAnswer(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'This person already has a Dcipher account.',
          code: 'ACCOUNT_EXISTS',
        });
      },
    });
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    fireEvent.change(within(form).getByLabelText('Work email'), { target: { value: 'x@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This person already has a Dcipher account.')).toBeTruthy();
    expect((within(form).getByLabelText('Work email') as HTMLInputElement).value).toBe('x@example.com');
  });

  it('changes a role after confirming what changes, and shows the last-admin refusal', async () => {
    let refuse = false;
    await openMembers({
      changeMemberRole: () => {
        if (refuse) {
          throw new ApiAnswer(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'What the API says is not what the browser shows',
            code: 'LAST_ADMIN',
            params: { reason: 'memberChange' },
          });
        }
        return { ...grace, role: 'admin' };
      },
    });
    const section = await membersSection();
    fireEvent.change(await within(section).findByLabelText('Role of Grace Hopper'), {
      target: { value: 'admin' },
    });
    const question = within(section).getByRole('group', { name: 'Make Grace Hopper admin?' });
    expect(question.textContent).toContain('changes from teammate to admin');
    expect(callsOf('changeMemberRole')).toHaveLength(0);
    await expectNoAxeViolations();
    fireEvent.click(within(question).getByRole('button', { name: 'Change role' }));
    expect(await within(section).findByText('Grace Hopper is now admin.')).toBeTruthy();
    expect(callsOf('changeMemberRole')[0]?.[1]).toEqual({
      params: { email: grace.email },
      body: { role: 'admin' },
    });

    refuse = true;
    fireEvent.change(within(section).getByLabelText('Role of Ada Admin'), { target: { value: 'guest' } });
    const own = within(section).getByRole('group', { name: 'Make Ada Admin guest?' });
    expect(own.textContent).toContain('You will no longer be able to manage members.');
    fireEvent.click(within(own).getByRole('button', { name: 'Change role' }));
    // Rendered by the client from the code and its reason, not the generic last-admin text of account deletion.
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'Your organization needs at least one admin: make another member an admin before changing this one.',
    );
  });

  it('removes a member and revokes an invitation, each confirmed; resends', async () => {
    await openMembers({
      removeMember: { removed: true },
      revokeInvitation: { revoked: true },
      resendInvitation: {
        email: invitee.email,
        role: 'guest',
        status: 'InvitationSent',
        expiresAt: '2099-03-09T10:00:00.000Z',
      },
    });
    const section = await membersSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Remove Grace Hopper' }));
    const question = within(section).getByRole('group', {
      name: 'Remove Grace Hopper from the organization?',
    });
    expect(question.textContent).toContain('Dcipher account is deleted');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(callsOf('removeMember')).toHaveLength(0);
    fireEvent.click(within(section).getByRole('button', { name: 'Remove Grace Hopper' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Remove member' }));
    expect(await within(section).findByText('Grace Hopper was removed from the organization.')).toBeTruthy();
    expect(callsOf('removeMember')[0]?.[1]).toEqual({ params: { email: grace.email } });

    fireEvent.click(
      within(section).getByRole('button', { name: `Revoke the invitation to ${invitee.email}` }),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Revoke invitation' }));
    expect(
      await within(section).findByText(/The invitation to linus@example\.com was revoked\./),
    ).toBeTruthy();
    expect(callsOf('revokeInvitation')[0]?.[1]).toEqual({ params: { userId: invitee.id } });

    fireEvent.click(
      within(section).getByRole('button', { name: `Resend the invitation to ${invitee.email}` }),
    );
    expect(
      await within(section).findByText(/A new invitation was sent to linus@example\.com\./),
    ).toBeTruthy();
  });

  it('tells a teammate only admins manage members, without calling the member endpoints', async () => {
    authStore.setState({ status: 'authenticated' });
    call = answeringThroughTheClient({ getAccount: { ...testAccount, role: 'teammate' } });
    window.history.pushState(null, '', '/account/organization');
    await renderScreen(
      <main>
        <AccountApp navigate={jest.fn()} />
      </main>,
    );
    expect(
      await screen.findByText('Only organization admins can manage the organization’s members.'),
    ).toBeTruthy();
    expect(callsOf('listMembers')).toHaveLength(0);
  });
});

describe('My team screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  const teamOf = (members: { firstName: string; lastName: string; email: string; role: string }[]) => ({
    members,
  });

  it('says it is loading, then lists the colleagues with their roles for any member, and passes axe', async () => {
    let answer: (value: unknown) => void = () => {};
    authStore.setState({ status: 'authenticated' });
    call = answeringThroughTheClient({
      getAccount: { ...testAccount, role: 'guest' },
      listTeam: () => new Promise((resolve) => (answer = resolve)),
    });
    window.history.pushState(null, '', '/account/team');
    await renderScreen(
      <main>
        <AccountApp navigate={jest.fn()} />
      </main>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('Loading your team…');
    answer(
      teamOf([
        { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', role: 'admin' },
        { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'teammate' },
      ]),
    );
    const list = await screen.findByRole('list', { name: 'Your colleagues' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list.textContent).toContain('Grace Hopper');
    expect(list.textContent).toContain('Teammate');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My team');
    await expectNoAxeViolations();
  });

  it('says when there is nobody else, and shows a failure with "Try again"', async () => {
    let attempt = 0;
    await openMembers(
      {
        listTeam: () => {
          attempt += 1;
          if (attempt === 1)
            throw new ApiAnswer(500, {
              statusCode: 500,
              error: 'Internal Server Error',
              message: 'Server error',
              code: 'INTERNAL',
            });
          return teamOf([{ firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', role: 'admin' }]);
        },
      },
      '/account/team',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are the only member of your organization so far.')).toBeTruthy();
    await expectNoAxeViolations();
  });
});
