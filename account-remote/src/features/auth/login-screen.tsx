import { authenticatedApi, authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { CredentialsSchema, contract, type ErrorCode, errorCodes } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { Alert, Button, CheckboxField, Notice, TextField, theme } from '@dcipher/shared/ui';
import { errorCatalogue, type FieldErrors, validateForm } from '@dcipher/shared/validation';
import { type FormEvent, useState } from 'react';
import { LoginLayout } from './login-layout';
import { ScreenLink } from './screen-link';

export function LoginScreen({ navigate }: RemoteScreenProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [staySignedIn, setStaySignedIn] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; code?: ErrorCode | undefined }>();
  const [resent, setResent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    setResent(false);
    const validation = validateForm(CredentialsSchema, { email, password, staySignedIn });
    if (!validation.success) {
      setFieldErrors(validation.errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await authStore.getState().login(validation.output);
      navigate(authStore.getState().requiresPasswordChange ? '/change-password' : '/account');
    } catch (error) {
      setFormError(
        error instanceof ApiError
          ? { message: error.message, code: error.code }
          : { message: errorCatalogue.serverError },
      );
      if (error instanceof ApiError) setFieldErrors(error.issues);
      setSubmitting(false);
    }
  }

  async function resendConfirmation() {
    await authenticatedApi()
      .call(contract.registration.sendConfirmation, { body: { email } })
      .catch(() => undefined);
    setResent(true);
  }

  return (
    <LoginLayout title="Log in">
      <form onSubmit={submit} noValidate aria-describedby={formError ? 'login-error' : undefined}>
        {formError ? (
          <div id="login-error">
            <Alert>{formError.message}</Alert>
            {formError.code === errorCodes.emailNotVerified ? (
              resent ? (
                <Notice>We sent a new confirmation link to {email}.</Notice>
              ) : (
                <p>
                  <Button variant="secondary" onClick={() => void resendConfirmation()}>
                    Send a new confirmation link
                  </Button>
                </p>
              )
            ) : null}
            {formError.code === errorCodes.accountSuspended ? (
              <p>
                <a href="/contact-us">Contact support</a>
              </p>
            ) : null}
          </div>
        ) : null}
        <TextField
          label="Work email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        <CheckboxField
          label="Stay signed in for 2 weeks"
          name="staySignedIn"
          checked={staySignedIn}
          onChange={(event) => setStaySignedIn(event.target.checked)}
        />
        <Button type="submit" disabled={submitting} css={{ width: '100%' }}>
          {submitting ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      <p css={{ textAlign: 'center', margin: '1rem 0 0.5rem' }}>
        <ScreenLink to="/login/sso" navigate={navigate}>
          Log in with SSO
        </ScreenLink>
      </p>
      <p
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: '0.5rem',
          marginBottom: 0,
          color: theme.colors.muted,
        }}
      >
        <ScreenLink to="/forgot-password" navigate={navigate}>
          Forgot your password?
        </ScreenLink>
        <span>
          New to Dcipher?{' '}
          <ScreenLink to="/signup" navigate={navigate}>
            Start a free trial
          </ScreenLink>
        </span>
      </p>
    </LoginLayout>
  );
}
