import { authenticatedApi } from '@dcipher/shared/auth';
import {
  contract,
  InviteInputSchema,
  type Member,
  type MemberPage,
  memberPageSizeDefault,
} from '@dcipher/shared/contract';
import { type OrganizationRole, organizationRoles } from '@dcipher/shared/domain';
import {
  Alert,
  Button,
  Form,
  FormSelectField,
  FormSubmitButton,
  FormTextField,
  Notice,
  TextField,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf, useApiLoad } from '../../kit/use-api-load';
import { OrganizationSettingsSections } from './organization-settings-sections';

export const roleLabels: Record<OrganizationRole, string> = {
  admin: 'Admin',
  teammate: 'Teammate',
  guest: 'Guest',
};

/** What each role may do, in one line each: shown next to the role choice so the admin knows what they give. */
const roleHints: Record<OrganizationRole, string> = {
  admin: 'manages members, settings, billing and everything in the organization',
  teammate: 'creates and works on projects, workflows and files',
  guest: 'only sees what is shared with them, read-only',
};

const statusLabels: Record<Member['status'], string> = {
  InvitationSent: 'Invitation sent',
  Active: 'Active',
  suspended: 'Suspended',
};

const roleOptions = organizationRoles.map((role) => ({ value: role, label: roleLabels[role] }));

const nameOf = (member: Member) => `${member.firstName} ${member.lastName}`.trim() || member.email;

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

type Outcome = { kind: 'done' | 'failed'; text: string };

type Confirming =
  | { action: 'role'; member: Member; role: OrganizationRole }
  | { action: 'revoke' | 'remove'; member: Member };

/** /account/organization, "Manage members": the organization's people, invitations and roles (admins). */
export default function OrganizationScreen() {
  return (
    <>
      <MembersSection />
      <OrganizationSettingsSections />
    </>
  );
}

function MembersSection() {
  const api = authenticatedApi();
  const { account, leaveAccountArea, replaceAccount } = useAccount();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [outcome, setOutcome] = useState<Outcome>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [busy, setBusy] = useState(false);

  const { result, reload } = useApiLoad<MemberPage>(() =>
    api.call(contract.members.listMembers, {
      query: {
        ...(query.search && { search: query.search }),
        page: String(query.page),
        pageSize: String(memberPageSizeDefault),
      },
    }),
  );

  // A new search or page loads again (the first load is useApiLoad's own).
  const firstQuery = useRef(true);
  useEffect(() => {
    if (firstQuery.current) {
      firstQuery.current = false;
      return;
    }
    void reload();
  }, [query, reload]);
  const goTo = (next: { search: string; page: number }) => setQuery(next);

  const inviteForm = useContractForm({
    schema: InviteInputSchema,
    defaultValues: { email: '', role: 'teammate' },
    onSubmit: async (values) => {
      setOutcome(undefined);
      const check = await api.call(contract.members.checkMemberEmail, { query: { email: values.email } });
      if (check.inOrganization === 'member') {
        inviteForm.setError('email', {
          type: 'server',
          message: 'This person is already a member of your organization.',
        });
        return;
      }
      if (check.inOrganization === 'invited') {
        inviteForm.setError('email', {
          type: 'server',
          message: 'This person has already been invited. Resend the invitation from the list instead.',
        });
        return;
      }
      const sent = await api.call(contract.invitations.inviteUser, { body: values });
      setOutcome({
        kind: 'done',
        text: `Invitation sent to ${sent.email} as ${roleLabels[sent.role].toLowerCase()}. The link works until ${dateOf(sent.expiresAt)}.`,
      });
      inviteForm.reset({ email: '', role: values.role });
      await reload();
    },
  });

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setOutcome(undefined);
    try {
      const text = await action();
      setConfirming(undefined);
      setOutcome({ kind: 'done', text });
      await reload();
    } catch (error) {
      setOutcome({ kind: 'failed', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const resend = (member: Member) =>
    run(async () => {
      const sent = await api.call(contract.invitations.resendInvitation, { body: { email: member.email } });
      return `A new invitation was sent to ${sent.email}. Earlier links no longer work; this one works until ${dateOf(sent.expiresAt)}.`;
    });

  const confirm = (what: Confirming) =>
    run(async () => {
      const { member } = what;
      if (what.action === 'role') {
        await api.call(contract.members.changeMemberRole, {
          params: { email: member.email },
          body: { role: what.role },
        });
        // An admin who gave themselves another role may no longer be allowed here: the shell decides again.
        if (member.email === account.email) replaceAccount(await api.call(contract.account.getAccount));
        return `${nameOf(member)} is now ${roleLabels[what.role].toLowerCase()}.`;
      }
      if (what.action === 'revoke') {
        await api.call(contract.members.revokeInvitation, { params: { userId: member.id } });
        return `The invitation to ${member.email} was revoked. Its link no longer works.`;
      }
      await api.call(contract.members.removeMember, { params: { email: member.email } });
      // An admin who removed themselves has no account any more: leave the account area for the home page.
      if (member.email === account.email) await leaveAccountArea('/');
      return `${nameOf(member)} was removed from the organization.`;
    });

  return (
    <>
      <ScreenSection title="Members">
        <form
          aria-label="Search members"
          onSubmit={(event) => {
            event.preventDefault();
            goTo({ search: search.trim(), page: 1 });
          }}
          css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'flex-end' }}
        >
          <div css={{ flex: '1 1 14rem' }}>
            <TextField
              label="Search by name or email"
              type="search"
              value={search}
              maxLength={200}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          </div>
          <div css={{ display: 'flex', gap: '0.5rem', marginBottom: '1rem' }}>
            <Button type="submit" variant="secondary">
              Search
            </Button>
            {query.search ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  goTo({ search: '', page: 1 });
                }}
              >
                Clear search
              </Button>
            ) : null}
          </div>
        </form>
        {outcome?.kind === 'done' ? <Notice>{outcome.text}</Notice> : null}
        {outcome?.kind === 'failed' ? <Alert>{outcome.text}</Alert> : null}
        <LoadState load={result} loadingText="Loading the members…" onRetry={() => void reload()}>
          {(page: MemberPage) =>
            page.members.length === 0 ? (
              <p css={{ color: theme.colors.muted }}>
                {query.search
                  ? `No member or invitation matches “${query.search}”.`
                  : 'Nobody is in your organization yet. Invite your colleagues below.'}
              </p>
            ) : (
              <>
                <MemberTable
                  members={page.members}
                  ownEmail={account.email}
                  busy={busy}
                  confirming={confirming}
                  onAsk={(next) => {
                    setOutcome(undefined);
                    setConfirming(next);
                  }}
                  onResend={(member) => void resend(member)}
                  onConfirm={(what) => void confirm(what)}
                  onCancel={() => setConfirming(undefined)}
                />
                <Pagination page={page} onPage={(number) => goTo({ search: query.search, page: number })} />
              </>
            )
          }
        </LoadState>
      </ScreenSection>
      <ScreenSection title="Invite a member">
        <p css={{ marginTop: 0, color: theme.colors.muted }}>
          We email them a link to join your organization. It works for 7 days; they can also decline it.
        </p>
        <Form form={inviteForm} aria-label="Invite a member">
          <FormTextField form={inviteForm} name="email" label="Work email" type="email" autoComplete="off" />
          <FormSelectField form={inviteForm} name="role" label="Role" options={roleOptions} />
          <p css={{ marginTop: '-0.5rem', color: theme.colors.muted, fontSize: '0.9rem' }}>
            An admin {roleHints.admin}; a teammate {roleHints.teammate}; a guest {roleHints.guest}.
          </p>
          <FormSubmitButton form={inviteForm} busyLabel="Sending…">
            Send invitation
          </FormSubmitButton>
        </Form>
      </ScreenSection>
    </>
  );
}

const cellLabel = (label: string) => ({ 'data-label': label });

function MemberTable({
  members,
  ownEmail,
  busy,
  confirming,
  onAsk,
  onResend,
  onConfirm,
  onCancel,
}: {
  members: Member[];
  ownEmail: string;
  busy: boolean;
  confirming: Confirming | undefined;
  onAsk: (what: Confirming) => void;
  onResend: (member: Member) => void;
  onConfirm: (what: Confirming) => void;
  onCancel: () => void;
}) {
  return (
    <table
      css={{
        width: '100%',
        borderCollapse: 'collapse',
        marginBottom: '1rem',
        'th, td': {
          textAlign: 'left',
          padding: '0.6rem 0.5rem',
          borderTop: `1px solid ${theme.colors.border}`,
          verticalAlign: 'top',
        },
        td: { overflowWrap: 'anywhere' },
        // On a phone each member is a card: the cells stack, each named by its column.
        '@media (max-width: 47.99rem)': {
          thead: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' },
          'tr, td': { display: 'block' },
          tr: {
            border: `1px solid ${theme.colors.border}`,
            borderRadius: theme.radius,
            padding: '0.5rem 0.75rem',
            marginBottom: '0.75rem',
          },
          td: { border: 'none', padding: '0.3rem 0' },
          'td[data-label]::before': {
            content: 'attr(data-label) ": "',
            fontWeight: 600,
          },
        },
      }}
    >
      <caption css={{ textAlign: 'left', color: theme.colors.muted, paddingBottom: '0.5rem' }}>
        Members and pending invitations
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isSelf={member.email === ownEmail}
            busy={busy}
            confirming={confirming?.member.id === member.id ? confirming : undefined}
            onAsk={onAsk}
            onResend={onResend}
            onConfirm={onConfirm}
            onCancel={onCancel}
          />
        ))}
      </tbody>
    </table>
  );
}

function MemberRow({
  member,
  isSelf,
  busy,
  confirming,
  onAsk,
  onResend,
  onConfirm,
  onCancel,
}: {
  member: Member;
  isSelf: boolean;
  busy: boolean;
  confirming: Confirming | undefined;
  onAsk: (what: Confirming) => void;
  onResend: (member: Member) => void;
  onConfirm: (what: Confirming) => void;
  onCancel: () => void;
}) {
  const name = nameOf(member);
  const pending = member.status === 'InvitationSent';
  const expired =
    pending && member.invitationExpiresAt !== null && new Date(member.invitationExpiresAt) < new Date();
  return (
    <>
      <tr>
        <td {...cellLabel('Name')}>
          <span css={{ fontWeight: 600 }}>{pending ? '—' : name}</span>
          {isSelf ? ' (you)' : null}
        </td>
        <td {...cellLabel('Email')}>{member.email}</td>
        <td {...cellLabel('Role')}>
          {pending ? (
            roleLabels[member.role]
          ) : (
            // The column names the field; the select's own name says whose role it is.
            <select
              aria-label={`Role of ${name}`}
              value={confirming?.action === 'role' ? confirming.role : member.role}
              disabled={busy}
              onChange={(event) => {
                const role = event.currentTarget.value as OrganizationRole;
                if (role !== member.role) onAsk({ action: 'role', member, role });
              }}
              css={{
                minWidth: '8rem',
                font: 'inherit',
                padding: '0.45rem 0.5rem',
                borderRadius: theme.radius,
                border: `1px solid ${theme.colors.border}`,
                background: theme.colors.surface,
                color: theme.colors.ink,
              }}
            >
              {roleOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </td>
        <td {...cellLabel('Status')}>
          {statusLabels[member.status]}
          {pending && member.invitationExpiresAt ? (
            <div css={{ color: theme.colors.muted, fontSize: '0.85rem' }}>
              {expired ? 'Link expired' : `Link works until ${dateOf(member.invitationExpiresAt)}`}
            </div>
          ) : null}
        </td>
        <td {...cellLabel('Actions')}>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
            {pending ? (
              <>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => onResend(member)}
                  aria-label={`Resend the invitation to ${member.email}`}
                >
                  Resend
                </Button>
                <Button
                  variant="danger"
                  disabled={busy}
                  onClick={() => onAsk({ action: 'revoke', member })}
                  aria-label={`Revoke the invitation to ${member.email}`}
                >
                  Revoke
                </Button>
              </>
            ) : (
              <Button
                variant="danger"
                disabled={busy}
                onClick={() => onAsk({ action: 'remove', member })}
                aria-label={`Remove ${name}`}
              >
                Remove
              </Button>
            )}
          </div>
        </td>
      </tr>
      {confirming ? (
        <tr>
          <td colSpan={5}>
            <Confirmation
              confirming={confirming}
              isSelf={isSelf}
              busy={busy}
              onConfirm={onConfirm}
              onCancel={onCancel}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function Confirmation({
  confirming,
  isSelf,
  busy,
  onConfirm,
  onCancel,
}: {
  confirming: Confirming;
  isSelf: boolean;
  busy: boolean;
  onConfirm: (what: Confirming) => void;
  onCancel: () => void;
}) {
  const { member } = confirming;
  const name = nameOf(member);
  const copy =
    confirming.action === 'role'
      ? {
          title: `Make ${name} ${roleLabels[confirming.role].toLowerCase()}?`,
          text:
            `${name} changes from ${roleLabels[member.role].toLowerCase()} to ${roleLabels[confirming.role].toLowerCase()}: ` +
            `they will be able to do only what a ${roleLabels[confirming.role].toLowerCase()} may (${roleHints[confirming.role]}), from their next click.` +
            (isSelf && confirming.role !== 'admin' ? ' You will no longer be able to manage members.' : ''),
          button: 'Change role',
          busyLabel: 'Changing…',
        }
      : confirming.action === 'revoke'
        ? {
            title: `Revoke the invitation to ${member.email}?`,
            text: 'The emailed link stops working at once. You can invite this address again later.',
            button: 'Revoke invitation',
            busyLabel: 'Revoking…',
          }
        : {
            title: `Remove ${name} from the organization?`,
            text: isSelf
              ? 'This is you: your Dcipher account is deleted, you are signed out everywhere and your personal ' +
                'data is erased. This cannot be undone.'
              : `${name}’s Dcipher account is deleted: they are signed out everywhere and can no longer log in, and ` +
                'their personal data is erased. This cannot be undone. You can invite them again later.',
            button: 'Remove member',
            busyLabel: 'Removing…',
          };
  return (
    <fieldset
      css={{
        minWidth: 0,
        margin: 0,
        padding: '1rem',
        borderRadius: theme.radius,
        border: `1px solid ${theme.colors.border}`,
        background: theme.colors.canvas,
      }}
    >
      <legend css={{ float: 'left', width: '100%', padding: 0, marginBottom: '0.5rem', fontWeight: 600 }}>
        {copy.title}
      </legend>
      <p css={{ clear: 'both' }}>{copy.text}</p>
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button
          variant={confirming.action === 'role' ? 'primary' : 'danger'}
          disabled={busy}
          onClick={() => onConfirm(confirming)}
        >
          {busy ? copy.busyLabel : copy.button}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}

function Pagination({ page, onPage }: { page: MemberPage; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const first = (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, page.page * page.pageSize);
  return (
    <nav
      aria-label="Member pages"
      css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}
    >
      <span css={{ marginRight: 'auto' }}>
        {first}–{last} of {page.total} · page {page.page} of {pages}
      </span>
      {page.page > 1 ? (
        <Button variant="secondary" onClick={() => onPage(page.page - 1)}>
          Previous page
        </Button>
      ) : null}
      {page.page < pages ? (
        <Button variant="secondary" onClick={() => onPage(page.page + 1)}>
          Next page
        </Button>
      ) : null}
    </nav>
  );
}
