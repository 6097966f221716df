import { authenticatedApi, authStore, useAuth } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract, type SsoCallbackInput, SsoLoginInputSchema } from '@dcipher/shared/contract';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { pathTo, routes } from '@dcipher/shared/routes';
import {
  Alert,
  Button,
  Form,
  FormSubmitButton,
  FormTextField,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { errorCatalogue, ssoMessages } from '@dcipher/shared/validation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { afterSsoSignInPath, keepReturnPathForSso, returnToQuery } from '../../kit/checkout-state';
import { LoginLayout } from '../../layout/login-layout';
import { ScreenLink } from '../../layout/screen-link';
import { type RouteQuery, useRouteQuery } from '../../router/host-location';
import { redirectTo } from './external-redirect';
import { TwoStepSignIn } from './two-step-sign-in';

type Step =
  | { step: 'email' }
  | { step: 'signing-in'; callback: SsoCallbackInput }
  | { step: 'failed'; message: string };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : errorCatalogue.serverError;

/**
 * Where the screen starts: the identity provider's answer when the URL carries one (`?code&state`, or `?error`,
 * `access_denied` being a cancelled sign-in), else the email step.
 */
function initialStep({ error, code, state, iss }: RouteQuery<'ssoLogin'>): Step {
  if (error) {
    return {
      step: 'failed',
      message: error === 'access_denied' ? ssoMessages.cancelled : ssoMessages.identityProviderFailed,
    };
  }
  if (code && state) {
    return { step: 'signing-in', callback: { code, state, ...(iss ? { iss } : {}) } };
  }
  return { step: 'email' };
}

/**
 * Log in via SSO (`/login/sso`). Step 1 asks for the work email, whose domain picks the organization's identity
 * provider, and sends the browser there. The provider sends it back here with `?code&state`: the screen finishes
 * the sign-in and goes to the account area, as a password login does.
 */
export function SsoLoginScreen({ navigate }: RemoteScreenProps) {
  const [asked] = useRouteQuery('ssoLogin');
  const [step, setStep] = useState<Step>(() => initialStep(asked));
  // Set once the browser is leaving for the identity provider: the button stays busy until it has gone.
  const [leaving, setLeaving] = useState(false);
  const finishing = useRef(false);
  const twoFactorChallenge = useAuth((state) => state.twoFactorChallenge);
  const enterAccount = useCallback(
    () =>
      navigate(authStore.getState().requiresPasswordChange ? pathTo('changePassword') : afterSsoSignInPath()),
    [navigate],
  );
  const form = useContractForm({
    schema: SsoLoginInputSchema,
    defaultValues: { email: '' },
    onSubmit: async (body) => {
      const { authorizationUrl } = await authenticatedApi().call(contract.sso.startSsoLogin, { body });
      keepReturnPathForSso();
      setLeaving(true);
      redirectTo(authorizationUrl);
    },
  });

  useEffect(() => {
    if (step.step !== 'signing-in' || finishing.current) return;
    finishing.current = true;
    // The code and state work once: a reload or the back button must not send them again.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    authStore
      .getState()
      .completeSsoLogin(step.callback)
      .then(
        // With two-step verification on, the store holds a challenge and the code step shows instead.
        (signIn) => (signIn.twoFactorRequired ? undefined : enterAccount()),
        (error: unknown) => setStep({ step: 'failed', message: messageOf(error) }),
      );
  }, [step, enterAccount]);

  if (twoFactorChallenge) {
    return (
      <TwoStepSignIn
        onSignedIn={enterAccount}
        onStartOver={(message) => setStep(message ? { step: 'failed', message } : { step: 'email' })}
      />
    );
  }

  const passwordLogin = (
    <p css={{ marginBottom: 0, color: theme.colors.muted }}>
      <ScreenLink to="login" navigate={navigate} query={returnToQuery()}>
        Log in with password
      </ScreenLink>
    </p>
  );

  if (step.step === 'signing-in') {
    return (
      <LoginLayout title={routes.ssoLogin.title}>
        <p role="status">Signing you in…</p>
      </LoginLayout>
    );
  }

  if (step.step === 'failed') {
    return (
      <LoginLayout title={routes.ssoLogin.title}>
        <Alert>{step.message}</Alert>
        <p>
          <Button
            onClick={() => {
              finishing.current = false;
              setStep({ step: 'email' });
            }}
          >
            Try again
          </Button>
        </p>
        {passwordLogin}
      </LoginLayout>
    );
  }

  return (
    <LoginLayout title={routes.ssoLogin.title}>
      <p>Enter your work email. We will send you to your organization's sign-in page.</p>
      <Form
        form={form}
        aria-describedby={form.formError ? 'sso-login-error' : undefined}
        renderFormError={(message) => (
          <div id="sso-login-error">
            <Alert>{message}</Alert>
          </div>
        )}
      >
        <FormTextField form={form} name="email" label="Work email" type="email" autoComplete="username" />
        <FormSubmitButton form={form} busyLabel="Continuing…" disabled={leaving} css={{ width: '100%' }}>
          {leaving ? 'Continuing…' : 'Continue'}
        </FormSubmitButton>
      </Form>
      {passwordLogin}
    </LoginLayout>
  );
}
