import { contract, type Teammate } from '@dcipher/shared/contract';
import { theme } from '@dcipher/shared/ui';
import { useAccount } from '../../kit/account-context';
import { contractQuery, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { roleLabels } from './member-labels';

/** /account/team, "My team": every member sees their colleagues and their roles (docs/decisions/0035). */
export default function TeamScreen() {
  const { account } = useAccount();
  const { result, reload } = useLoad({
    ...contractQuery(contract.members.listTeam),
    select: (answer) => answer.members,
  });
  return (
    <ScreenSection title={`People in ${account.organization.name}`}>
      <LoadState load={result} loadingText="Loading your team…" onRetry={() => void reload()}>
        {(members: Teammate[]) => {
          const colleagues = members.filter((member) => member.email !== account.email);
          return colleagues.length === 0 ? (
            <p css={{ color: theme.colors.muted }}>You are the only member of your organization so far.</p>
          ) : (
            <ul aria-label="Your colleagues" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {colleagues.map((member) => (
                <li
                  key={member.email}
                  css={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    justifyContent: 'space-between',
                    gap: '0.25rem 1rem',
                    padding: '0.75rem 0',
                    borderTop: `1px solid ${theme.colors.border}`,
                  }}
                >
                  <div css={{ minWidth: 0 }}>
                    <div css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {`${member.firstName} ${member.lastName}`.trim() || member.email}
                    </div>
                    <a href={`mailto:${member.email}`} css={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                    </a>
                  </div>
                  <span>{roleLabels[member.role]}</span>
                </li>
              ))}
            </ul>
          );
        }}
      </LoadState>
    </ScreenSection>
  );
}
