import { authenticatedApi, authStore, useAuth } from '@dcipher/shared/auth';
import {
  ChangePasswordInputSchema,
  contract,
  NewPasswordInputSchema,
  ResetPasswordInputSchema,
} from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { pathTo, routes } from '@dcipher/shared/routes';
import {
  Alert,
  Button,
  Form,
  FormNewPasswordField,
  FormSubmitButton,
  FormTextField,
  fieldError,
  Notice,
  useContractForm,
} from '@dcipher/shared/ui';
import { errorCatalogue } from '@dcipher/shared/validation';
import { useEffect, useState } from 'react';
import { ChangePasswordFields } from '../../forms/change-password-fields';
import { afterSignInPath } from '../../kit/checkout-state';
import { LoginLayout } from '../../layout/login-layout';
import { ScreenLink } from '../../layout/screen-link';
import { useRouteParams } from '../../router/remote-router';

/** Forgot password: asks for the email; the answer is the same whether or not an account exists. */
export function ForgotPasswordScreen({ navigate }: RemoteScreenProps) {
  const [sentTo, setSentTo] = useState<string>();
  const form = useContractForm({
    schema: ResetPasswordInputSchema,
    defaultValues: { email: '' },
    onSubmit: async (body) => {
      await authenticatedApi().call(contract.recovery.resetPassword, { body });
      setSentTo(form.getValues('email'));
    },
  });
  return (
    <LoginLayout title={routes.forgotPassword.title}>
      {sentTo !== undefined ? (
        <Notice>
          If an account uses {sentTo}, we have emailed it a link to set a new password. The link works once
          and expires in one hour.
        </Notice>
      ) : (
        <Form form={form} aria-label="Reset your password">
          <p css={{ marginTop: 0 }}>
            Enter the email you sign in with and we will send you a link to set a new password.
          </p>
          <FormTextField form={form} name="email" label="Work email" type="email" autoComplete="email" />
          <FormSubmitButton form={form} busyLabel="Sending…" css={{ width: '100%' }}>
            Send reset link
          </FormSubmitButton>
        </Form>
      )}
      <p css={{ marginBottom: 0 }}>
        <ScreenLink to="login" navigate={navigate}>
          Back to log in
        </ScreenLink>
      </p>
    </LoginLayout>
  );
}

/** New password from the emailed link (/new-password/{token}). */
export function NewPasswordScreen({ navigate }: RemoteScreenProps) {
  const { token } = useRouteParams('newPassword');
  const [changed, setChanged] = useState(false);
  const form = useContractForm({
    schema: NewPasswordInputSchema,
    defaultValues: { token, password: '', confirmPassword: '' },
    onSubmit: async (body) => {
      await authenticatedApi().call(contract.recovery.setNewPassword, { body });
      setChanged(true);
    },
  });
  if (changed) {
    return (
      <LoginLayout title="Password changed">
        <Notice>
          Your password is changed and every other session has been signed out. Log in with the new password.
        </Notice>
        <Button onClick={() => navigate(pathTo('login'))}>Log in</Button>
      </LoginLayout>
    );
  }
  const linkProblem = form.formError && !fieldError(form, 'password') && !fieldError(form, 'confirmPassword');
  return (
    <LoginLayout title={routes.newPassword.title}>
      <Form form={form} aria-label="Set a new password">
        {linkProblem ? (
          <p>
            <ScreenLink to="forgotPassword" navigate={navigate}>
              Ask for a new link
            </ScreenLink>
          </p>
        ) : null}
        <FormNewPasswordField form={form} name="password" label="New password" deps={['confirmPassword']} />
        <FormTextField
          form={form}
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <FormSubmitButton form={form} busyLabel="Saving…" css={{ width: '100%' }}>
          Set new password
        </FormSubmitButton>
      </Form>
    </LoginLayout>
  );
}

/** Change password; when the password has expired, the account area is closed until this is done. */
export function ChangePasswordScreen({ navigate }: RemoteScreenProps) {
  const status = useAuth((state) => state.status);
  const expired = useAuth((state) => state.requiresPasswordChange);
  const form = useContractForm({
    schema: ChangePasswordInputSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    onSubmit: async (body) => {
      await authStore.getState().changePassword(body);
      navigate(afterSignInPath());
    },
  });
  useEffect(() => {
    if (status === 'anonymous') navigate(pathTo('login'));
  }, [status, navigate]);

  return (
    <LoginLayout title={routes.changePassword.title}>
      {expired ? <Alert>{errorCatalogue.passwordExpired}</Alert> : null}
      <Form
        form={form}
        aria-label="Change your password"
        renderFormError={(message) => (expired ? null : <Alert>{message}</Alert>)}
      >
        <ChangePasswordFields form={form} />
        <FormSubmitButton
          form={form}
          busyLabel="Saving…"
          disabled={status !== 'authenticated'}
          css={{ width: '100%' }}
        >
          Change password
        </FormSubmitButton>
      </Form>
    </LoginLayout>
  );
}
