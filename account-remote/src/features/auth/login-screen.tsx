import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { CredentialsSchema } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { Alert, Button, TextField } from '@dcipher/shared/ui';
import { errorCatalogue, type FieldErrors, validateForm } from '@dcipher/shared/validation';
import { type FormEvent, useState } from 'react';
import { LoginLayout } from './login-layout';

export function LoginScreen({ navigate }: RemoteScreenProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const validation = validateForm(CredentialsSchema, { email, password });
    if (!validation.success) {
      setFieldErrors(validation.errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await authStore.getState().login(validation.output);
      navigate('/account');
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : errorCatalogue.serverError);
      if (error instanceof ApiError) setFieldErrors(error.issues);
      setSubmitting(false);
    }
  }

  return (
    <LoginLayout title="Log in">
      <form onSubmit={submit} noValidate aria-describedby={formError ? 'login-error' : undefined}>
        {formError ? (
          <div id="login-error">
            <Alert>{formError}</Alert>
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
        <Button type="submit" disabled={submitting} css={{ width: '100%' }}>
          {submitting ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
    </LoginLayout>
  );
}
