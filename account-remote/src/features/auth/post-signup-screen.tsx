import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract, UpdateEmailInputSchema } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { Alert, Button, Notice, TextField, theme } from '@dcipher/shared/ui';
import { errorCatalogue, type FieldErrors, validateForm } from '@dcipher/shared/validation';
import { type FormEvent, useId, useState } from 'react';
import { LoginLayout } from './login-layout';

type Resend =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent' }
  | { state: 'failed'; message: string };

/** After sign-up: check your email, with a way to send the link again or to correct a mistyped address. */
export function PostSignupScreen({ navigate }: RemoteScreenProps) {
  const [email, setEmail] = useState(() => new URLSearchParams(window.location.search).get('email') ?? '');
  const [resend, setResend] = useState<Resend>({ state: 'idle' });
  const [changedTo, setChangedTo] = useState<string>();

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
      {changedTo ? (
        <Notice>We sent a new link to {changedTo}. Open it to activate your account.</Notice>
      ) : null}
      {resend.state === 'sent' ? <Notice>We sent a new link. It replaces the previous one.</Notice> : null}
      {resend.state === 'failed' ? <Alert>{resend.message}</Alert> : null}
      {email ? (
        <Button variant="secondary" onClick={() => void sendAgain()} disabled={resend.state === 'sending'}>
          {resend.state === 'sending' ? 'Sending…' : 'Resend email'}
        </Button>
      ) : null}
      <ChangeEmail
        currentEmail={email}
        onChanged={(newEmail) => {
          setEmail(newEmail);
          setChangedTo(newEmail);
          setResend({ state: 'idle' });
        }}
      />
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

type ChangeState = { submitting: boolean; errors: FieldErrors; message?: string | undefined };

/**
 * "Wrong address? Change it": a disclosure with the current address (prefilled), the password chosen at sign-up
 * and the right address. The password proves who asks, as nobody can sign in before confirming. Every value
 * stays as typed when the call fails.
 */
function ChangeEmail({
  currentEmail,
  onChanged,
}: {
  currentEmail: string;
  onChanged: (newEmail: string) => void;
}) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ email: currentEmail, password: '', newEmail: '' });
  const [state, setState] = useState<ChangeState>({ submitting: false, errors: {} });
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const validation = validateForm(UpdateEmailInputSchema, values);
    if (!validation.success) {
      setState({ submitting: false, errors: validation.errors });
      return;
    }
    setState({ submitting: true, errors: {} });
    try {
      const receipt = await authenticatedApi().call(contract.emailChange.updateEmail, {
        body: validation.output,
      });
      setState({ submitting: false, errors: {} });
      setValues({ email: receipt.email, password: '', newEmail: '' });
      setOpen(false);
      onChanged(receipt.email);
    } catch (error) {
      setState(
        error instanceof ApiError
          ? { submitting: false, errors: error.issues, message: error.message }
          : { submitting: false, errors: {}, message: errorCatalogue.serverError },
      );
    }
  }

  return (
    <div css={{ marginTop: '1rem' }}>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => {
          // Opening again starts from the address the latest link went to.
          if (!open) setValues((current) => ({ ...current, email: currentEmail }));
          setOpen(!open);
        }}
      >
        Wrong address? Change it
      </Button>
      {open ? (
        <form
          id={formId}
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label="Change your email address"
          css={{ marginTop: '1rem' }}
        >
          {state.message ? <Alert>{state.message}</Alert> : null}
          <TextField
            label="Current email"
            type="email"
            autoComplete="email"
            name="email"
            value={values.email}
            onChange={set('email')}
            error={state.errors.email}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            name="password"
            value={values.password}
            onChange={set('password')}
            error={state.errors.password}
          />
          <TextField
            label="New email"
            type="email"
            autoComplete="off"
            name="newEmail"
            value={values.newEmail}
            onChange={set('newEmail')}
            error={state.errors.newEmail}
          />
          <Button type="submit" disabled={state.submitting} css={{ width: '100%' }}>
            {state.submitting ? 'Sending…' : 'Change email and send a new link'}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
