import { authStore } from '@dcipher/shared/auth';
import type { Member, MemberPage } from '@dcipher/shared/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountApp from '../../apps/account';
import { testAccount } from '../../test-support/account-test-api';
import { expectNoAxeViolations } from '../../test-support/axe';
import { ApiAnswer, answerWith, callsOf } from '../../test-support/contract-api';
import { renderScreen } from '../../test-support/render-screen';

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
  activeAdminCount: 2,
  total: members.length,
  page: 1,
  pageSize: 20,
  ...overrides,
});

async function openMembers(handlers: Record<string, unknown> = {}, path = '/account/organization') {
  authStore.setState({ status: 'authenticated' });
  answerWith({
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
const membersSection = () => screen.findByRole('region', { name: 'Members and invitations' });

const menuOf = async (section: HTMLElement, name: string) => {
  fireEvent.click(await within(section).findByRole('button', { name: `Actions for ${name}` }));
  return screen.getByRole('menu', { name: `Actions for ${name}` });
};

describe('Members screen', () => {
  afterEach(() => {
    cleanup();
    authStore.setState(initialState, true);
  });

  it('says it is loading the members', async () => {
    await openMembers({ listMembers: neverSettles });
    const section = await membersSection();
    expect(within(section).getByRole('status').textContent).toBe('Loading the members…');
  });

  it('lists members and invitations in a table, each with an actions menu, and passes axe', async () => {
    await openMembers();
    const section = await membersSection();
    const table = await within(section).findByRole('table', { name: 'Members and pending invitations' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Members');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain('Ada Admin (you)');
    expect(rows[1]?.textContent).toContain('ada@example.com');
    // The address may wrap before its @ and its dots, not inside a word.
    expect(rows[1]?.querySelector('td')?.innerHTML).toContain('ada<wbr>@example<wbr>.com');
    expect(rows[2]?.textContent).toContain('Teammate');
    expect(rows[3]?.textContent).toContain('Invitation sent');
    expect(rows[3]?.textContent).toContain('Link works until');
    // No solid Remove per row: one menu button per row, announced as opening a menu.
    expect(within(table).queryByRole('button', { name: /^Remove/ })).toBeNull();
    const button = within(table).getByRole('button', { name: 'Actions for Grace Hopper' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(within(section).getByText(/1–3 of 3/)).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('opens a row menu with the keyboard: arrows move, Escape closes it and focus goes back', async () => {
    await openMembers();
    const section = await membersSection();
    const button = await within(section).findByRole('button', { name: 'Actions for Grace Hopper' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Actions for Grace Hopper' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Make admin',
      'Make guest',
      'Remove from organization',
    ]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    await expectNoAxeViolations();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBeNull();

    // ↑ opens on the last item; Enter chooses it: a dialog asks first, focus in it.
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    const dialog = screen.getByRole('dialog', { name: 'Remove Grace Hopper from the organization?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(callsOf('removeMember')).toHaveLength(0);
  });

  it('offers no Remove on your own row', async () => {
    await openMembers();
    const section = await membersSection();
    const menu = await menuOf(section, 'Ada Admin');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Make teammate', 'Make guest']);
  });

  it('shows the last admin’s limits before anyone tries: demote disabled, with the reason', async () => {
    await openMembers({ listMembers: pageOf([ada, grace], { activeAdminCount: 1 }) });
    const section = await membersSection();
    const table = await within(section).findByRole('table');
    const rows = within(table).getAllByRole('row');
    // Visible in the row without opening anything; not on a row it does not concern.
    expect(rows[1]?.textContent).toContain('The organization needs at least one admin');
    expect(rows[2]?.textContent).not.toContain('The organization needs at least one admin');
    const menu = await menuOf(section, 'Ada Admin');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.getAttribute('aria-disabled'), item.textContent])).toEqual([
      ['true', 'Make teammateThe organization needs at least one admin'],
      ['true', 'Make guestThe organization needs at least one admin'],
    ]);
    await expectNoAxeViolations();
    fireEvent.click(items[0]!);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsOf('changeMemberRole')).toHaveLength(0);

    // Another admin present: the same row offers the change.
    cleanup();
    await openMembers({ listMembers: pageOf([ada, { ...grace, role: 'admin' }], { activeAdminCount: 2 }) });
    const again = await membersSection();
    const enabled = within(await menuOf(again, 'Ada Admin')).getAllByRole('menuitem');
    expect(enabled.map((item) => item.getAttribute('aria-disabled'))).toEqual([null, null]);
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
    expect(callsOf('listMembers').at(-1)).toEqual({
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

  it('invites several addresses at once, checking each, with one answer per address', async () => {
    await openMembers({
      checkMemberEmail: ({ query }: { query: { email: string } }) => ({
        email: query.email,
        inOrganization: query.email === grace.email ? 'member' : 'none',
      }),
      inviteUser: ({ body }: { body: { email: string; role: string } }) => {
        if (body.email === 'taken@example.com')
          throw new ApiAnswer(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'This person already has a Dcipher account.',
            code: 'ACCOUNT_EXISTS',
          });
        return { ...body, status: 'InvitationSent', expiresAt: '2099-03-05T10:00:00.000Z' };
      },
    });
    const form = await screen.findByRole('form', { name: 'Invite members' });
    const field = within(form).getByLabelText(/^Work emails/);
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();

    // Each address is checked with the contract's email rule and named when it fails; nothing is sent.
    fireEvent.change(field, { target: { value: 'new@example.com, not-an-email; also@bad' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(
      await within(form).findByText(
        '“not-an-email”: Please enter a valid email address; “also@bad”: Please enter a valid email address',
      ),
    ).toBeTruthy();
    expect(callsOf('inviteUser')).toHaveLength(0);

    fireEvent.change(field, {
      target: {
        value: 'New@Example.com, second@example.com\n grace@example.com taken@example.com new@example.com',
      },
    });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'guest' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitations' }));
    const results = await screen.findByRole('list', { name: 'Invitation results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'new@example.com — Invitation sent as guest. The link works until 5 Mar 2099.',
      'second@example.com — Invitation sent as guest. The link works until 5 Mar 2099.',
      'grace@example.com — not invited: This person is already a member of your organization.',
      'taken@example.com — not invited: This person already has a Dcipher account.',
    ]);
    expect(
      screen.getByText('2 of 4 invitations sent. The addresses not invited are still in the field.'),
    ).toBeTruthy();
    expect(callsOf('inviteUser')).toEqual([
      { body: { email: 'new@example.com', role: 'guest' } },
      { body: { email: 'second@example.com', role: 'guest' } },
      { body: { email: 'taken@example.com', role: 'guest' } },
    ]);
    expect((field as HTMLTextAreaElement).value).toBe('grace@example.com\ntaken@example.com');
    await waitFor(() => expect(callsOf('listMembers').length).toBeGreaterThan(1));
  });

  it('refuses more than 20 addresses at once', async () => {
    await openMembers();
    const form = await screen.findByRole('form', { name: 'Invite members' });
    const many = Array.from({ length: 21 }, (_, index) => `person${index}@example.com`).join(', ');
    fireEvent.change(within(form).getByLabelText(/^Work emails/), { target: { value: many } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(await within(form).findByText('Invite at most 20 people at once')).toBeTruthy();
    expect(callsOf('checkMemberEmail')).toHaveLength(0);
  });

  it('changes a role after confirming what changes in a dialog, and shows a refusal there', async () => {
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
    fireEvent.click(
      within(await menuOf(section, 'Grace Hopper')).getByRole('menuitem', { name: 'Make admin' }),
    );
    const question = screen.getByRole('dialog', { name: 'Make Grace Hopper admin?' });
    expect(question.textContent).toContain('changes from teammate to admin');
    expect(callsOf('changeMemberRole')).toHaveLength(0);
    await expectNoAxeViolations();
    fireEvent.click(within(question).getByRole('button', { name: 'Change role' }));
    expect(await within(section).findByText('Grace Hopper is now admin.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsOf('changeMemberRole')[0]).toEqual({
      params: { email: grace.email },
      body: { role: 'admin' },
    });

    // Between loading and confirming, someone else may have been demoted: the API's refusal is shown in the dialog.
    refuse = true;
    fireEvent.click(within(await menuOf(section, 'Ada Admin')).getByRole('menuitem', { name: 'Make guest' }));
    const own = screen.getByRole('dialog', { name: 'Make Ada Admin guest?' });
    expect(own.textContent).toContain('You will no longer be able to manage members.');
    fireEvent.click(within(own).getByRole('button', { name: 'Change role' }));
    expect((await within(own).findByRole('alert')).textContent).toContain(
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
    const actions = await within(section).findByRole('button', { name: 'Actions for Grace Hopper' });
    fireEvent.click(
      within(await menuOf(section, 'Grace Hopper')).getByRole('menuitem', {
        name: 'Remove from organization',
      }),
    );
    const question = screen.getByRole('dialog', { name: 'Remove Grace Hopper from the organization?' });
    expect(question.textContent).toContain('Dcipher account is deleted');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(callsOf('removeMember')).toHaveLength(0);
    // Focus is back on the row's menu button.
    expect(document.activeElement).toBe(actions);
    fireEvent.click(
      within(await menuOf(section, 'Grace Hopper')).getByRole('menuitem', {
        name: 'Remove from organization',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove member' }));
    expect(await within(section).findByText('Grace Hopper was removed from the organization.')).toBeTruthy();
    expect(callsOf('removeMember')[0]).toEqual({ params: { email: grace.email } });

    fireEvent.click(
      within(await menuOf(section, invitee.email)).getByRole('menuitem', { name: 'Revoke invitation' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revoke invitation' }));
    expect(
      await within(section).findByText(/The invitation to linus@example\.com was revoked\./),
    ).toBeTruthy();
    expect(callsOf('revokeInvitation')[0]).toEqual({ params: { userId: invitee.id } });

    fireEvent.click(
      within(await menuOf(section, invitee.email)).getByRole('menuitem', { name: 'Resend invitation' }),
    );
    expect(
      await within(section).findByText(/A new invitation was sent to linus@example\.com\./),
    ).toBeTruthy();
  });

  it('tells a teammate only admins manage members, without calling the member endpoints', async () => {
    authStore.setState({ status: 'authenticated' });
    answerWith({ getAccount: { ...testAccount, role: 'teammate' } });
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
    answerWith({
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
