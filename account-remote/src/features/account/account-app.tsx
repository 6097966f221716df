import { authenticatedApi, authStore, useAuth } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { type Account, contract } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { Alert, Button, theme } from '@dcipher/shared/ui';
import { errorCatalogue } from '@dcipher/shared/validation';
import { useCallback, useEffect, useState } from 'react';

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; account: Account }
  | { state: 'failed'; message: string };

/** The account area. For now: who is signed in, and logging out. */
export function AccountApp({ navigate }: RemoteScreenProps) {
  const status = useAuth((state) => state.status);
  const passwordExpired = useAuth((state) => state.requiresPasswordChange);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [loggingOut, setLoggingOut] = useState(false);

  const fetchAccount = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'loaded', account: await authenticatedApi().call(contract.account.getAccount) });
    } catch (error) {
      setLoad({
        state: 'failed',
        message: error instanceof ApiError ? error.message : errorCatalogue.serverError,
      });
    }
  }, []);

  useEffect(() => {
    // Logging out ends on the home page; only a session that ended otherwise goes to log in.
    if (status === 'anonymous') {
      if (!loggingOut) navigate('/login');
    }
    // An expired password closes the account area until a new one is set.
    else if (status === 'authenticated' && passwordExpired) navigate('/change-password');
    else if (status === 'authenticated') void fetchAccount();
  }, [status, passwordExpired, navigate, fetchAccount, loggingOut]);

  async function logOut() {
    setLoggingOut(true);
    await authStore.getState().logout();
    navigate('/');
  }

  return (
    <section
      css={{ maxWidth: '48rem', margin: '0 auto', padding: '2rem 1rem', fontFamily: theme.font.family }}
    >
      <h1 css={{ marginTop: 0 }}>Account information</h1>
      {load.state === 'loading' ? (
        <p role="status">Loading your account…</p>
      ) : load.state === 'failed' ? (
        <>
          <Alert>{load.message}</Alert>
          <Button onClick={() => void fetchAccount()}>Try again</Button>
        </>
      ) : (
        <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.5rem 1.5rem' }}>
          <dt css={{ fontWeight: 600 }}>Name</dt>
          <dd css={{ margin: 0 }} data-testid="account-name">
            {load.account.firstName} {load.account.lastName}
          </dd>
          <dt css={{ fontWeight: 600 }}>Work email</dt>
          <dd css={{ margin: 0 }} data-testid="account-email">
            {load.account.email}
          </dd>
          <dt css={{ fontWeight: 600 }}>Organization</dt>
          <dd css={{ margin: 0 }}>{load.account.organization.name}</dd>
          <dt css={{ fontWeight: 600 }}>Role</dt>
          <dd css={{ margin: 0 }}>{load.account.role}</dd>
        </dl>
      )}
      <div css={{ marginTop: '2rem' }}>
        <Button variant="secondary" onClick={() => void logOut()} disabled={loggingOut}>
          {loggingOut ? 'Logging out…' : 'Log out'}
        </Button>
      </div>
    </section>
  );
}
