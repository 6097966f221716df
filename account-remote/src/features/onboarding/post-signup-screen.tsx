import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract, UpdateEmailInputSchema } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { routes } from '@dcipher/shared/routes';
import {
  Alert,
  Button,
  Form,
  FormSubmitButton,
  FormTextField,
  Notice,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { errorCatalogue } from '@dcipher/shared/validation';
import { useId, useState } from 'react';
import { LoginLayout } from '../../layout/login-layout';
import { RouteLink, useRouteQuery } from '../../router/host-location';

type Resend =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent' }
  | { state: 'failed'; message: string };

/** After sign-up: check your email, with a way to send the link again or to correct a mistyped address. */
export function PostSignupScreen({ navigate }: RemoteScreenProps) {
  const [asked] = useRouteQuery('postSignup');
  const [email, setEmail] = useState(asked.email ?? '');
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
    <LoginLayout title={routes.postSignup.title}>
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
        <RouteLink to="login" navigate={navigate}>
          Go to log in
        </RouteLink>
      </p>
    </LoginLayout>
  );
}

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
  const form = useContractForm({
    schema: UpdateEmailInputSchema,
    defaultValues: { email: currentEmail, password: '', newEmail: '' },
    onSubmit: async (body) => {
      const receipt = await authenticatedApi().call(contract.emailChange.updateEmail, { body });
      form.reset({ email: receipt.email, password: '', newEmail: '' });
      setOpen(false);
      onChanged(receipt.email);
    },
  });

  return (
    <div css={{ marginTop: '1rem' }}>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => {
          // Opening again starts from the address the latest link went to.
          if (!open) form.reset({ ...form.getValues(), email: currentEmail });
          setOpen(!open);
        }}
      >
        Wrong address? Change it
      </Button>
      {open ? (
        <Form form={form} id={formId} aria-label="Change your email address" css={{ marginTop: '1rem' }}>
          <FormTextField form={form} name="email" label="Current email" type="email" autoComplete="email" />
          <FormTextField
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
          />
          <FormTextField form={form} name="newEmail" label="New email" type="email" autoComplete="off" />
          <FormSubmitButton form={form} busyLabel="Sending…" css={{ width: '100%' }}>
            Change email and send a new link
          </FormSubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
