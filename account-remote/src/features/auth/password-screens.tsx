import { authenticatedApi, authStore, useAuth } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import {
  ChangePasswordInputSchema,
  contract,
  NewPasswordInputSchema,
  ResetPasswordInputSchema,
} from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { Alert, Button, Notice, TextField, theme } from '@dcipher/shared/ui';
import { errorCatalogue, type FieldErrors, passwordProblems, validateForm } from '@dcipher/shared/validation';
import { type FormEvent, useEffect, useState } from 'react';
import { LoginLayout } from './login-layout';
import { ScreenLink } from './screen-link';

type FormState = { submitting: boolean; errors: FieldErrors; message?: string | undefined };

/** Validates with the endpoint's schema, calls it, and keeps every value on failure. */
function useSubmit<TValues extends Record<string, string>>(
  schema: Parameters<typeof validateForm>[0],
  send: (values: TValues) => Promise<void>,
) {
  const [state, setState] = useState<FormState>({ submitting: false, errors: {} });
  async function submit(event: FormEvent<HTMLFormElement>, values: TValues) {
    event.preventDefault();
    const validation = validateForm(schema, values);
    if (!validation.success) {
      setState({ submitting: false, errors: validation.errors });
      return;
    }
    setState({ submitting: true, errors: {} });
    try {
      await send(validation.output as TValues);
      setState({ submitting: false, errors: {} });
    } catch (error) {
      setState(
        error instanceof ApiError
          ? { submitting: false, errors: error.issues, message: error.message }
          : { submitting: false, errors: {}, message: errorCatalogue.serverError },
      );
    }
  }
  return { state, submit };
}

export function PasswordRules({ password }: { password: string }) {
  const problems = password ? passwordProblems(password) : [];
  return (
    <ul
      aria-live="polite"
      css={{ margin: '-0.5rem 0 1rem', paddingLeft: '1.2rem', color: theme.colors.muted, fontSize: '0.9rem' }}
    >
      {password && problems.length === 0 ? (
        <li>The password meets every rule.</li>
      ) : (
        problems.map((problem) => <li key={problem}>{problem}</li>)
      )}
    </ul>
  );
}

/** The new password, its live rule checklist and its confirmation: the same on the reset and change screens. */
function NewPasswordFields({
  name,
  password,
  confirmPassword,
  onPassword,
  onConfirm,
  errors,
}: {
  name: 'password' | 'newPassword';
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        name={name}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={errors[name]}
      />
      <PasswordRules password={password} />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        name="confirmPassword"
        value={confirmPassword}
        onChange={(event) => onConfirm(event.target.value)}
        error={errors.confirmPassword}
      />
    </>
  );
}

/** Forgot password: asks for the email; the answer is the same whether or not an account exists. */
export function ForgotPasswordScreen({ navigate }: RemoteScreenProps) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { state, submit } = useSubmit(ResetPasswordInputSchema, async (values: { email: string }) => {
    await authenticatedApi().call(contract.recovery.resetPassword, { body: values });
    setSent(true);
  });
  return (
    <LoginLayout title="Reset your password">
      {sent ? (
        <Notice>
          If an account uses {email}, we have emailed it a link to set a new password. The link works once and
          expires in one hour.
        </Notice>
      ) : (
        <form onSubmit={(event) => void submit(event, { email })} noValidate aria-label="Reset your password">
          <p css={{ marginTop: 0 }}>
            Enter the email you sign in with and we will send you a link to set a new password.
          </p>
          {state.message ? <Alert>{state.message}</Alert> : null}
          <TextField
            label="Work email"
            type="email"
            autoComplete="email"
            name="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={state.errors.email}
          />
          <Button type="submit" disabled={state.submitting} css={{ width: '100%' }}>
            {state.submitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p css={{ marginBottom: 0 }}>
        <ScreenLink to="/login" navigate={navigate}>
          Back to log in
        </ScreenLink>
      </p>
    </LoginLayout>
  );
}

/** New password from the emailed link (/new-password/{token}). */
export function NewPasswordScreen({ navigate }: RemoteScreenProps) {
  const token = decodeURIComponent(window.location.pathname.split('/new-password/')[1] ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [changed, setChanged] = useState(false);
  const { state, submit } = useSubmit(
    NewPasswordInputSchema,
    async (values: { token: string; password: string; confirmPassword: string }) => {
      await authenticatedApi().call(contract.recovery.setNewPassword, { body: values });
      setChanged(true);
    },
  );
  if (changed) {
    return (
      <LoginLayout title="Password changed">
        <Notice>
          Your password is changed and every other session has been signed out. Log in with the new password.
        </Notice>
        <Button onClick={() => navigate('/login')}>Log in</Button>
      </LoginLayout>
    );
  }
  const linkProblem = state.message && !state.errors.password && !state.errors.confirmPassword;
  return (
    <LoginLayout title="Set a new password">
      <form
        onSubmit={(event) => void submit(event, { token, password, confirmPassword })}
        noValidate
        aria-label="Set a new password"
      >
        {state.message ? <Alert>{state.message}</Alert> : null}
        {linkProblem ? (
          <p>
            <ScreenLink to="/forgot-password" navigate={navigate}>
              Ask for a new link
            </ScreenLink>
          </p>
        ) : null}
        <NewPasswordFields
          name="password"
          password={password}
          confirmPassword={confirmPassword}
          onPassword={setPassword}
          onConfirm={setConfirmPassword}
          errors={state.errors}
        />
        <Button type="submit" disabled={state.submitting} css={{ width: '100%' }}>
          {state.submitting ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </LoginLayout>
  );
}

/** Change password; when the password has expired, the account area is closed until this is done. */
export function ChangePasswordScreen({ navigate }: RemoteScreenProps) {
  const status = useAuth((state) => state.status);
  const expired = useAuth((state) => state.requiresPasswordChange);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { state, submit } = useSubmit(
    ChangePasswordInputSchema,
    async (values: { currentPassword: string; newPassword: string; confirmPassword: string }) => {
      await authStore.getState().changePassword(values);
      navigate('/account');
    },
  );
  useEffect(() => {
    if (status === 'anonymous') navigate('/login');
  }, [status, navigate]);

  return (
    <LoginLayout title="Change your password">
      {expired ? <Alert>{errorCatalogue.passwordExpired}</Alert> : null}
      <form
        onSubmit={(event) => void submit(event, { currentPassword, newPassword, confirmPassword })}
        noValidate
        aria-label="Change your password"
      >
        {state.message && !expired ? <Alert>{state.message}</Alert> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          name="currentPassword"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={state.errors.currentPassword}
        />
        <NewPasswordFields
          name="newPassword"
          password={newPassword}
          confirmPassword={confirmPassword}
          onPassword={setNewPassword}
          onConfirm={setConfirmPassword}
          errors={state.errors}
        />
        <Button
          type="submit"
          disabled={state.submitting || status !== 'authenticated'}
          css={{ width: '100%' }}
        >
          {state.submitting ? 'Saving…' : 'Change password'}
        </Button>
      </form>
    </LoginLayout>
  );
}
