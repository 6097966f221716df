import { contract, type Session } from '@dcipher/shared/contract';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { useState } from 'react';
import { accountQueries } from '../../kit/account-queries';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { dateAndTime } from '../../kit/date-and-time';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';

export const browserLabel = (item: { browser: string; os: string }) =>
  [item.browser, item.os].filter(Boolean).join(' on ') || 'Unknown browser';

export { dateAndTime };

/** The browsers signed in to the account; any other one can be signed out, one or all at once. */
export function SessionsSection() {
  const { result, reload } = useLoad(accountQueries.sessions());
  // A session ended refreshes the list here and the overview's count (kit/invalidations.ts).
  const endSession = useContractMutation(contract.accountSecurity.endSession);
  const endOtherSessions = useContractMutation(contract.accountSecurity.endOtherSessions);
  const [busy, setBusy] = useState<string>();
  const [message, setMessage] = useState<{ kind: 'done' | 'failed'; text: string }>();

  async function signOut(action: () => Promise<unknown>, key: string, done: string) {
    setBusy(key);
    setMessage(undefined);
    try {
      await action();
      setMessage({ kind: 'done', text: done });
    } catch (error) {
      setMessage({ kind: 'failed', text: messageOf(error) });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <ScreenSection title="Active sessions">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        The browsers signed in to your account. Sign out any you do not recognise, then change your password.
      </p>
      {message?.kind === 'done' ? <Notice>{message.text}</Notice> : null}
      {message?.kind === 'failed' ? <Alert>{message.text}</Alert> : null}
      <LoadState load={result} loadingText="Loading your sessions…" onRetry={() => void reload()}>
        {(sessions: Session[]) => {
          const others = sessions.filter((session) => !session.current);
          return (
            <>
              <ul aria-label="Active sessions" css={{ listStyle: 'none', padding: 0, margin: '0 0 1rem' }}>
                {sessions.map((session) => (
                  <li
                    key={session.id}
                    css={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      gap: '0.5rem 1rem',
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      padding: '0.85rem 0',
                      borderTop: `1px solid ${theme.colors.border}`,
                    }}
                  >
                    <div css={{ minWidth: 0 }}>
                      <div css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {browserLabel(session)}
                        {session.current ? (
                          <span
                            css={{
                              marginLeft: '0.5rem',
                              padding: '0.1rem 0.5rem',
                              borderRadius: '999px',
                              background: theme.colors.canvas,
                              fontSize: '0.85rem',
                              fontWeight: 600,
                            }}
                          >
                            This browser
                          </span>
                        ) : null}
                      </div>
                      <div css={{ color: theme.colors.muted, fontSize: '0.9rem' }}>
                        IP address {session.ipAddress || 'unknown'} · last active{' '}
                        {dateAndTime(session.lastActiveAt)}
                      </div>
                    </div>
                    {session.current ? null : (
                      <Button
                        variant="secondary"
                        disabled={busy !== undefined}
                        aria-label={`Sign out ${browserLabel(session)}, last active ${dateAndTime(session.lastActiveAt)}`}
                        onClick={() =>
                          void signOut(
                            () => endSession.mutateAsync({ params: { sessionId: session.id } }),
                            session.id,
                            `${browserLabel(session)} has been signed out.`,
                          )
                        }
                      >
                        {busy === session.id ? 'Signing out…' : 'Sign out'}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {others.length > 0 ? (
                <Button
                  variant="secondary"
                  disabled={busy !== undefined}
                  onClick={() =>
                    void signOut(
                      () => endOtherSessions.mutateAsync({}),
                      'all',
                      'Every other session has been signed out.',
                    )
                  }
                >
                  {busy === 'all' ? 'Signing out…' : 'Sign out all other sessions'}
                </Button>
              ) : (
                <p css={{ margin: 0, color: theme.colors.muted }}>No other browser is signed in.</p>
              )}
            </>
          );
        }}
      </LoadState>
    </ScreenSection>
  );
}
