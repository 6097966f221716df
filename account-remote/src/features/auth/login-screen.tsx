import { authenticatedApi, authStore, useAuth } from '@dcipher/shared/auth';
// Area modules, not the contract's index: the login screen's chunk carries two areas, not 122 endpoints (0052).
import { CredentialsSchema } from '@dcipher/shared/contract/auth';
import { errorCodes } from '@dcipher/shared/contract/errors';
import * as registration from '@dcipher/shared/contract/registration';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import { matchRoute, pathTo, returnPathOf, routes } from '@dcipher/shared/routes';
import {
  Alert,
  Button,
  Form,
  FormCheckboxField,
  FormSubmitButton,
  FormTextField,
  Notice,
  theme,
  useContractForm,
  useHydratedDefaults,
} from '@dcipher/shared/ui';
import { loginMessages } from '@dcipher/shared/validation';
import { useEffect, useRef, useState } from 'react';
import { afterSignInPath, returnToQuery } from '../../kit/checkout-state';
import { LoginLayout } from '../../layout/login-layout';
import { ScreenLink } from '../../layout/screen-link';
import { useRouteQuery } from '../../router/host-location';
import { TwoStepSignIn } from './two-step-sign-in';

const formLabel = 'Log in';

/** The title of the account page the login address asks to return to (`returnTo`), when one sent the visitor here. */
function titleOfPage(returnTo: string | undefined): string | undefined {
  const path = returnPathOf(returnTo);
  return path ? matchRoute(path)?.route.title : undefined;
}

/**
 * The login form. The site's HTML carries it, rendered from this module when the site was built (0054), so what
 * a visitor types before this remote arrives is kept, and Log in waits for the form to be live.
 */
export function LoginScreen({ navigate }: RemoteScreenProps) {
  const [resent, setResent] = useState(false);
  const { defaultValues, ready } = useHydratedDefaults(formLabel, {
    email: '',
    password: '',
    staySignedIn: false,
  });
  const twoFactorChallenge = useAuth((state) => state.twoFactorChallenge);
  const enterAccount = () =>
    navigate(authStore.getState().requiresPasswordChange ? pathTo('changePassword') : afterSignInPath());
  const form = useContractForm({
    schema: CredentialsSchema,
    defaultValues,
    onSubmit: async (credentials) => {
      setResent(false);
      const step = await authStore.getState().login(credentials);
      // With two-step verification on, the store now holds a challenge and the code step shows instead.
      if (!step.twoFactorRequired) enterAccount();
    },
  });
  const code = form.apiError?.code;
  // Read once live: the site's HTML of this form has no address to read it from.
  const [{ returnTo }] = useRouteQuery('login');
  const [pageToSee, setPageToSee] = useState<string>();
  useEffect(() => setPageToSee(titleOfPage(returnTo)), [returnTo]);
  // A refused sign-in (a wrong password) moves focus to what went wrong, so a screen reader says it at once.
  const errorRef = useRef<HTMLDivElement>(null);
  // (A refusal of a field itself has focus on that field.)
  const formError = form.formError;
  const fieldRefused = Object.keys(form.apiError?.issues ?? {}).length > 0;
  useEffect(() => {
    if (formError && !fieldRefused) errorRef.current?.focus();
  }, [formError, fieldRefused]);

  async function resendConfirmation() {
    await authenticatedApi()
      .call(registration.sendConfirmation, { body: { email: form.getValues('email') } })
      .catch(() => undefined);
    setResent(true);
  }

  if (twoFactorChallenge) {
    return (
      <TwoStepSignIn
        onSignedIn={enterAccount}
        onStartOver={(message) => {
          form.setValue('password', '');
          form.setFormError(message);
        }}
      />
    );
  }

  return (
    <LoginLayout title={routes.login.title}>
      <Form
        form={form}
        aria-label={formLabel}
        aria-describedby={form.formError ? 'login-error' : undefined}
        renderFormError={(message) => (
          <div id="login-error" ref={errorRef} tabIndex={-1} css={{ '&:focus': { outline: 'none' } }}>
            <Alert>{message}</Alert>
            {code === errorCodes.emailNotVerified ? (
              resent ? (
                <Notice>We sent a new confirmation link to {form.getValues('email')}.</Notice>
              ) : (
                <p>
                  <Button variant="secondary" onClick={() => void resendConfirmation()}>
                    Send a new confirmation link
                  </Button>
                </p>
              )
            ) : null}
            {code === errorCodes.accountSuspended ? (
              <p>
                <a href={pathTo('contactUs')}>Contact support</a>
              </p>
            ) : null}
          </div>
        )}
      >
        {pageToSee ? (
          <p data-testid="login-reason" css={{ marginTop: 0 }}>
            {loginMessages.toSee(pageToSee)}
          </p>
        ) : null}
        <FormTextField form={form} name="email" label="Work email" type="email" autoComplete="username" />
        <FormTextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <FormCheckboxField form={form} name="staySignedIn" label="Stay signed in for 2 weeks" />
        <FormSubmitButton form={form} disabled={!ready} busyLabel="Logging in…" css={{ width: '100%' }}>
          Log in
        </FormSubmitButton>
      </Form>
      <p css={{ textAlign: 'center', margin: '1rem 0 0.5rem' }}>
        {/* The page to return to goes on to SSO; once live, as the site's HTML of this form has no address. */}
        <ScreenLink to="ssoLogin" navigate={navigate} query={ready ? returnToQuery() : undefined}>
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
        <ScreenLink to="forgotPassword" navigate={navigate}>
          Forgot your password?
        </ScreenLink>
        <span>
          New to Dcipher?{' '}
          <ScreenLink to="signup" navigate={navigate}>
            Start a free trial
          </ScreenLink>
        </span>
      </p>
    </LoginLayout>
  );
}
