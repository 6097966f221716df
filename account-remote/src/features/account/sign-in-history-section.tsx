import type { SignInAttempt, SignInMethod, SignInOutcome } from '@dcipher/shared/contract';
import { theme } from '@dcipher/shared/ui';
import { accountQueries } from '../../kit/account-queries';
import { useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { browserLabel, dateAndTime } from './sessions-section';

const outcomeLabels: Record<SignInOutcome, string> = {
  success: 'Signed in',
  'two-step-required': 'Password right, code asked for',
  'wrong-password': 'Wrong password',
  'email-not-verified': 'Email not verified yet',
  'not-activated': 'Invitation not accepted yet',
  suspended: 'Account suspended',
  throttled: 'Too many attempts: refused',
  'wrong-two-step-code': 'Wrong two-step code',
  'wrong-recovery-code': 'Wrong recovery code',
};

const methodLabels: Record<SignInMethod, string> = {
  password: 'Password',
  sso: 'Single sign-on',
  'two-step-code': 'Authenticator code',
  'recovery-code': 'Recovery code',
  'verification-link': 'Email confirmation link',
};

const cell = {
  padding: '0.6rem 0.75rem 0.6rem 0',
  textAlign: 'left' as const,
  verticalAlign: 'top' as const,
};

/** The last 50 sign-in attempts on the account, successful or not, with where they came from. */
export function SignInHistorySection() {
  const { result, reload } = useLoad(accountQueries.signInHistory());
  return (
    <ScreenSection title="Sign-in history">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        The last 50 attempts to sign in to your account. An attempt you do not recognise is a reason to change
        your password and turn on two-step verification.
      </p>
      <LoadState load={result} loadingText="Loading your sign-in history…" onRetry={() => void reload()}>
        {(attempts: SignInAttempt[]) =>
          attempts.length === 0 ? (
            <p css={{ margin: 0 }}>No sign-in attempts recorded yet.</p>
          ) : (
            // On a phone the table scrolls sideways inside its box; the box takes keyboard focus so it can be
            // scrolled without a pointer (axe: scrollable-region-focusable).
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
            <section css={{ overflowX: 'auto' }} tabIndex={0} aria-label="Sign-in history, scrollable">
              <table
                aria-label="Sign-in history"
                css={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.95rem' }}
              >
                <thead>
                  <tr css={{ borderBottom: `1px solid ${theme.colors.border}` }}>
                    <th scope="col" css={cell}>
                      Time
                    </th>
                    <th scope="col" css={cell}>
                      Result
                    </th>
                    <th scope="col" css={cell}>
                      Method
                    </th>
                    <th scope="col" css={cell}>
                      Browser
                    </th>
                    <th scope="col" css={cell}>
                      IP address
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {attempts.map((attempt, index) => (
                    <tr
                      // Attempts have no id of their own; the list is replaced whole, never reordered.
                      key={index}
                      css={{ borderBottom: `1px solid ${theme.colors.canvas}` }}
                    >
                      <td css={{ ...cell, whiteSpace: 'nowrap' }}>{dateAndTime(attempt.attemptedAt)}</td>
                      <td
                        css={{
                          ...cell,
                          color: attempt.outcome === 'success' ? theme.colors.ink : theme.colors.danger,
                          fontWeight: attempt.outcome === 'success' ? 400 : 600,
                        }}
                      >
                        {outcomeLabels[attempt.outcome]}
                      </td>
                      <td css={cell}>{methodLabels[attempt.method]}</td>
                      <td css={cell}>{browserLabel(attempt)}</td>
                      <td css={cell}>{attempt.ipAddress || 'unknown'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )
        }
      </LoadState>
    </ScreenSection>
  );
}
