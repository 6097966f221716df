import { authenticatedApi, authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract, errorCodes, SendConfirmationInputSchema } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { pathTo, routes } from '@dcipher/shared/routes';
import {
  Alert,
  Button,
  Form,
  FormSubmitButton,
  FormTextField,
  Notice,
  useContractForm,
} from '@dcipher/shared/ui';
import { errorCatalogue } from '@dcipher/shared/validation';
import { useEffect, useState } from 'react';
import { afterSignInPath } from '../../kit/checkout-state';
import { LoginLayout } from '../../layout/login-layout';
import { useRouteQuery } from '../../router/host-location';

export type VerificationState =
  | { state: 'verifying' }
  /**
   * `emailChanged`: the link confirmed a new sign-in address (a change asked for with POST /update-email).
   * `signedIn`: a new account's confirmation also signed its owner in (docs/decisions/0050).
   */
  | { state: 'verified'; email: string; emailChanged?: boolean; signedIn?: boolean; workflowId?: string }
  | { state: 'expired' }
  | { state: 'failed'; message: string };

/** The four states of email verification: in progress, success, expired (a new link can be sent), failed. */
export function VerifyEmailScreen({ navigate }: RemoteScreenProps) {
  const [verification, setVerification] = useState<VerificationState>({ state: 'verifying' });

  const { token } = useRouteQuery('verifyEmail')[0];
  useEffect(() => {
    if (!token) {
      setVerification({ state: 'failed', message: errorCatalogue.emailVerificationFailed });
      return;
    }
    authStore
      .getState()
      .verifyEmail(token)
      .then(
        ({ email, emailChanged, signedIn, workflowId }) => {
          // A sign-up from the store's "Try it": its workflow's sample run has started; its page shows it (0127).
          if (signedIn && workflowId) navigate(pathTo('workflow', { flowId: workflowId }));
          setVerification({
            state: 'verified',
            email,
            emailChanged,
            signedIn,
            ...(workflowId && { workflowId }),
          });
        },
        (error) => {
          if (error instanceof ApiError && error.code === errorCodes.verificationLinkExpired)
            setVerification({ state: 'expired' });
          else setVerification({ state: 'failed', message: errorCatalogue.emailVerificationFailed });
        },
      );
  }, []);

  const goToLogin = () => navigate(pathTo('login'));
  switch (verification.state) {
    case 'verifying':
      return (
        <LoginLayout title={routes.verifyEmail.heading}>
          <p role="status">Confirming your email address…</p>
        </LoginLayout>
      );
    case 'verified':
      return (
        <LoginLayout title="Email confirmed">
          {verification.emailChanged ? (
            <Notice>Your email address is now {verification.email}. Log in with it from now on.</Notice>
          ) : (
            <Notice>
              Your email address {verification.email} is confirmed. Your free trial has started.
              {verification.signedIn && ' You are signed in.'}
            </Notice>
          )}
          {verification.signedIn && verification.workflowId ? (
            // Shown while the workflow's page loads (the browser has already been sent there).
            <p role="status">Opening your workflow and its first run…</p>
          ) : verification.signedIn ? (
            // Where a sign-in would have gone: a checkout started before signing up, else the workflows.
            <Button autoFocus onClick={() => navigate(afterSignInPath())}>
              {afterSignInPath() === routes.workflows.path ? 'Go to my workflows' : 'Continue to checkout'}
            </Button>
          ) : (
            <Button onClick={goToLogin}>Log in</Button>
          )}
        </LoginLayout>
      );
    case 'expired':
      return <ExpiredLink />;
    default:
      return (
        <LoginLayout title="We could not confirm your email">
          <Alert>{verification.message}</Alert>
          <p>
            The link may have been used already or copied incompletely. Try logging in, or ask for a new link
            from the log-in page.
          </p>
          <Button onClick={goToLogin}>Go to log in</Button>
        </LoginLayout>
      );
  }
}

function ExpiredLink() {
  const [sent, setSent] = useState(false);
  const form = useContractForm({
    schema: SendConfirmationInputSchema,
    defaultValues: { email: '' },
    onSubmit: async (body) => {
      await authenticatedApi().call(contract.registration.sendConfirmation, { body });
      setSent(true);
    },
  });

  return (
    <LoginLayout title="This link has expired">
      <Alert>{errorCatalogue.emailVerificationExpired}</Alert>
      {sent ? (
        <Notice>If an unconfirmed account uses that address, a new link is on its way.</Notice>
      ) : (
        <Form form={form} aria-label="Send a new link">
          <FormTextField form={form} name="email" label="Work email" type="email" autoComplete="email" />
          <FormSubmitButton form={form} busyLabel="Sending…">
            Send a new link
          </FormSubmitButton>
        </Form>
      )}
    </LoginLayout>
  );
}
