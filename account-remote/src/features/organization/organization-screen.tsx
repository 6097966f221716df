import { contract, type Member, type MemberPage, memberPageSizeDefault } from '@dcipher/shared/contract';
import { type OrganizationRole, organizationRoles } from '@dcipher/shared/domain';
import { Alert, Button, Notice, TextField, theme } from '@dcipher/shared/ui';
import { memberMessages } from '@dcipher/shared/validation';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { accountQueries } from '../../kit/account-queries';
import { contractQuery, useContractMutation, useLoad } from '../../kit/contract-query';
import { Dialog } from '../../kit/dialog';
import { LoadState } from '../../kit/load-state';
import { useRemoteQueryClient } from '../../kit/query-client';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';
import { InviteSection } from './invite-section';
import { dateOf, nameOf, roleHints, roleLabels, wrappableEmail } from './member-labels';
import { RowMenu, type RowMenuItem } from './row-menu';

const statusLabels: Record<Member['status'], string> = {
  InvitationSent: 'Invitation sent',
  Active: 'Active',
  suspended: 'Suspended',
};

type Outcome = { kind: 'done' | 'failed'; text: string };

type Confirming =
  | { action: 'role'; member: Member; role: OrganizationRole }
  | { action: 'revoke' | 'remove'; member: Member };

/** /account/organization, "Members": the organization's people, invitations and roles (admins; issue 25). */
export default function OrganizationScreen() {
  const { account, replaceAccount } = useAccount();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ search: '', page: 1 });
  const [outcome, setOutcome] = useState<Outcome>();
  const [confirming, setConfirming] = useState<Confirming>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  // A new search or page is its own read; the page shown stays on screen while it loads.
  const { result, reload } = useLoad({
    ...contractQuery(contract.members.listMembers, {
      query: {
        ...(query.search && { search: query.search }),
        page: String(query.page),
        pageSize: String(memberPageSizeDefault),
      },
    }),
    placeholderData: keepPreviousData,
  });
  // Each change refreshes the members listed (and "My team", kit/invalidations.ts) before it is said done.
  const resendInvitation = useContractMutation(contract.invitations.resendInvitation);
  const changeRole = useContractMutation(contract.members.changeMemberRole);
  const revokeInvitation = useContractMutation(contract.members.revokeInvitation);
  const removeMember = useContractMutation(contract.members.removeMember);
  const client = useRemoteQueryClient();
  const goTo = (next: { search: string; page: number }) => setQuery(next);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setOutcome(undefined);
    setRefusal(undefined);
    try {
      const text = await action();
      setConfirming(undefined);
      setOutcome({ kind: 'done', text });
    } catch (error) {
      // Shown in the dialog, next to what was asked; the row stays as it was.
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const resend = (member: Member) => {
    setBusy(true);
    setOutcome(undefined);
    void resendInvitation
      .mutateAsync({ body: { email: member.email } })
      .then(
        (sent) =>
          setOutcome({
            kind: 'done',
            text: `A new invitation was sent to ${sent.email}. Earlier links no longer work; this one works until ${dateOf(sent.expiresAt)}.`,
          }),
        (error) => setOutcome({ kind: 'failed', text: messageOf(error) }),
      )
      .finally(() => setBusy(false));
  };

  const confirm = (what: Confirming) =>
    run(async () => {
      const { member } = what;
      if (what.action === 'role') {
        await changeRole.mutateAsync({ params: { email: member.email }, body: { role: what.role } });
        // An admin who gave themselves another role may no longer be allowed here: the shell decides again.
        if (member.email === account.email) {
          replaceAccount(await client.fetchQuery({ ...accountQueries.account(), staleTime: 0 }));
        }
        return `${nameOf(member)} is now ${roleLabels[what.role].toLowerCase()}.`;
      }
      if (what.action === 'revoke') {
        await revokeInvitation.mutateAsync({ params: { userId: member.id } });
        return `The invitation to ${member.email} was revoked. Its link no longer works.`;
      }
      await removeMember.mutateAsync({ params: { email: member.email } });
      return `${nameOf(member)} was removed from the organization.`;
    });

  const ask = (next: Confirming) => {
    setOutcome(undefined);
    setRefusal(undefined);
    setConfirming(next);
  };

  return (
    <>
      <ScreenSection title="Members and invitations">
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
                <MemberTable page={page} ownEmail={account.email} busy={busy} onAsk={ask} onResend={resend} />
                <Pagination page={page} onPage={(number) => goTo({ search: query.search, page: number })} />
              </>
            )
          }
        </LoadState>
      </ScreenSection>
      <InviteSection />
      {confirming ? (
        <ConfirmationDialog
          confirming={confirming}
          isSelf={confirming.member.email === account.email}
          busy={busy}
          refusal={refusal}
          onConfirm={() => void confirm(confirming)}
          onCancel={() => {
            setConfirming(undefined);
            setRefusal(undefined);
          }}
        />
      ) : null}
    </>
  );
}

const cellLabel = (label: string) => ({ 'data-label': label });

/** An active admin who is the only one: neither demoted nor removed (the API refuses it with LAST_ADMIN too). */
const isLastAdmin = (member: Member, page: MemberPage) =>
  member.role === 'admin' && member.status === 'Active' && page.activeAdminCount <= 1;

function MemberTable({
  page,
  ownEmail,
  busy,
  onAsk,
  onResend,
}: {
  page: MemberPage;
  ownEmail: string;
  busy: boolean;
  onAsk: (what: Confirming) => void;
  onResend: (member: Member) => void;
}) {
  return (
    <table
      css={{
        width: '100%',
        borderCollapse: 'collapse',
        marginBottom: '1rem',
        'th, td': {
          textAlign: 'left',
          padding: '0.75rem 0.5rem',
          borderTop: `1px solid ${theme.colors.border}`,
          verticalAlign: 'top',
        },
        'td:last-of-type': { textAlign: 'right' },
        // A status ("Invitation sent") stays on one line: its column is at least the label's width (the role's
        // column gives way instead; it squeezed the status onto two lines at 1366 px).
        'td[data-label="Status"] > span': { whiteSpace: 'nowrap' },
        // On a desktop the link's date under it too ("Link works until 4 Dec 2026").
        '@media (min-width: 48rem)': { 'td[data-label="Status"]': { whiteSpace: 'nowrap' } },
        // On a phone each member is a card: the cells stack, each named by its column.
        '@media (max-width: 47.99rem)': {
          thead: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' },
          'tr, td': { display: 'block' },
          tr: {
            position: 'relative',
            border: `1px solid ${theme.colors.border}`,
            borderRadius: theme.radius,
            padding: '0.5rem 0.75rem',
            marginBottom: '0.75rem',
          },
          td: { border: 'none', padding: '0.3rem 0' },
          'td:last-of-type': { textAlign: 'left', paddingTop: '0.5rem' },
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
          <th scope="col" css={{ width: '50%' }}>
            Member
          </th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span
              css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}
            >
              Actions
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {page.members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isSelf={member.email === ownEmail}
            lastAdmin={isLastAdmin(member, page)}
            busy={busy}
            onAsk={onAsk}
            onResend={onResend}
          />
        ))}
      </tbody>
    </table>
  );
}

function MemberRow({
  member,
  isSelf,
  lastAdmin,
  busy,
  onAsk,
  onResend,
}: {
  member: Member;
  isSelf: boolean;
  lastAdmin: boolean;
  busy: boolean;
  onAsk: (what: Confirming) => void;
  onResend: (member: Member) => void;
}) {
  const name = nameOf(member);
  const pending = member.status === 'InvitationSent';
  const expired =
    pending && member.invitationExpiresAt !== null && new Date(member.invitationExpiresAt) < new Date();
  const lastAdminReason = lastAdmin ? memberMessages.lastAdminReason : undefined;
  const items: RowMenuItem[] = pending
    ? [
        { label: 'Resend invitation', onSelect: () => onResend(member) },
        { label: 'Revoke invitation', danger: true, onSelect: () => onAsk({ action: 'revoke', member }) },
      ]
    : [
        ...organizationRoles
          .filter((role) => role !== member.role)
          .map((role) => ({
            label: `Make ${roleLabels[role].toLowerCase()}`,
            disabledReason: role === 'admin' ? undefined : lastAdminReason,
            onSelect: () => onAsk({ action: 'role', member, role }),
          })),
        // Removing deletes the person's account; one's own account is deleted from "Delete account", not here.
        ...(isSelf
          ? []
          : [
              {
                label: 'Remove from organization',
                danger: true,
                disabledReason: lastAdminReason,
                onSelect: () => onAsk({ action: 'remove', member }),
              },
            ]),
      ];
  return (
    <tr>
      <td>
        <div css={{ fontWeight: 600, overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual' }}>
          {pending ? 'Invited' : name}
          {isSelf ? <span css={{ fontWeight: 400, color: theme.colors.muted }}> (you)</span> : null}
        </div>
        {/* An address wraps anywhere it must (a long one on a phone), a name never mid-word. */}
        <div css={{ overflowWrap: 'anywhere', color: theme.colors.muted }}>
          {wrappableEmail(member.email)}
        </div>
      </td>
      <td {...cellLabel('Role')}>
        {roleLabels[member.role]}
        {lastAdmin ? (
          <div css={{ color: theme.colors.muted, fontSize: '0.85rem' }}>
            {memberMessages.lastAdminReason}: {isSelf ? 'your' : 'their'} role cannot change
            {isSelf ? '' : ' and they cannot be removed'} until another member is an admin.
          </div>
        ) : null}
      </td>
      <td {...cellLabel('Status')}>
        <span data-testid="member-status">{statusLabels[member.status]}</span>
        {pending && member.invitationExpiresAt ? (
          <div css={{ color: theme.colors.muted, fontSize: '0.85rem' }}>
            {expired ? 'Link expired' : `Link works until ${dateOf(member.invitationExpiresAt)}`}
          </div>
        ) : null}
      </td>
      <td>
        <RowMenu label={`Actions for ${pending ? member.email : name}`} items={items} disabled={busy} />
      </td>
    </tr>
  );
}

function ConfirmationDialog({
  confirming,
  isSelf,
  busy,
  refusal,
  onConfirm,
  onCancel,
}: {
  confirming: Confirming;
  isSelf: boolean;
  busy: boolean;
  refusal: string | undefined;
  onConfirm: () => void;
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
            text:
              `${name}’s Dcipher account is deleted: they are signed out everywhere and can no longer log in, and ` +
              'their personal data is erased. This cannot be undone. You can invite them again later.',
            button: 'Remove member',
            busyLabel: 'Removing…',
          };
  return (
    <Dialog title={copy.title} onClose={busy ? () => undefined : onCancel}>
      <p css={{ overflowWrap: 'anywhere' }}>{copy.text}</p>
      {refusal ? <Alert>{refusal}</Alert> : null}
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button
          variant={confirming.action === 'role' ? 'primary' : 'danger'}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? copy.busyLabel : copy.button}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel} data-autofocus>
          Cancel
        </Button>
      </div>
    </Dialog>
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
