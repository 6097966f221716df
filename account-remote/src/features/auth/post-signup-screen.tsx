import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { Alert, Button, Notice, theme } from '@dcipher/shared/ui';
import { errorCatalogue } from '@dcipher/shared/validation';
import { useState } from 'react';
import { LoginLayout } from './login-layout';

type Resend =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent' }
  | { state: 'failed'; message: string };

/** After sign-up: check your email, with a way to send the link again. */
export function PostSignupScreen({ navigate }: RemoteScreenProps) {
  const email = new URLSearchParams(window.location.search).get('email') ?? '';
  const [resend, setResend] = useState<Resend>({ state: 'idle' });

  async function sendAgain() {
    setResend({ state: 'sending' });
    try {
      await authenticatedApi().call(contract.registration.sendConfirmation, { body: { email } });
      setResend({ state: 'sent' });
    } catch (error) {
      setResend({
        state: 'failed',
        message: error instanceof ApiError ? error.message : errorCatalogue.serverError,
      });
    }
  }

  return (
    <LoginLayout title="Check your email">
      <p>
        We sent a confirmation link to {email ? <strong>{email}</strong> : 'your email address'}. Open it to
        activate your account; the link is valid for 24 hours.
      </p>
      <p css={{ color: theme.colors.muted }}>
        Nothing there? Check your spam folder, or send the link again.
      </p>
      {resend.state === 'sent' ? <Notice>We sent a new link. It replaces the previous one.</Notice> : null}
      {resend.state === 'failed' ? <Alert>{resend.message}</Alert> : null}
      {email ? (
        <Button variant="secondary" onClick={() => void sendAgain()} disabled={resend.state === 'sending'}>
          {resend.state === 'sending' ? 'Sending…' : 'Resend email'}
        </Button>
      ) : null}
      <p css={{ marginBottom: 0 }}>
        <a
          href="/login"
          onClick={(event) => {
            event.preventDefault();
            navigate('/login');
          }}
        >
          Go to log in
        </a>
      </p>
    </LoginLayout>
  );
}
