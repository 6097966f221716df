import { authStore } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { RecoveryCodeInputSchema, TwoFactorCodeInputSchema } from '@dcipher/shared/contract/auth';
import { errorCodes } from '@dcipher/shared/contract/errors';
import { pathTo } from '@dcipher/shared/routes';
import { Button, Form, FormSubmitButton, FormTextField, theme, useContractForm } from '@dcipher/shared/ui';
import { useState } from 'react';
import { LoginLayout } from '../../layout/login-layout';

export interface TwoStepSignInProps {
  /** Signed in: where the screen goes next. */
  onSignedIn: () => void;
  /** The challenge ran out (5 minutes or 5 wrong codes): back to the first step with this message. */
  onStartOver: (message?: string) => void;
}

/** Rethrows all but "the challenge is gone", which sends the user back to the first step with its message. */
async function proving(attempt: () => Promise<void>, onStartOver: (message: string) => void) {
  try {
    await attempt();
  } catch (error) {
    if (error instanceof ApiError && error.code === errorCodes.twoFactorChallengeInvalid) {
      onStartOver(error.message);
      return;
    }
    throw error;
  }
}

/**
 * The second step of signing in to an account with two-step verification (after the password or SSO): the code
 * the authenticator app shows, or one of the recovery codes instead.
 */
export function TwoStepSignIn({ onSignedIn, onStartOver }: TwoStepSignInProps) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const codeForm = useContractForm({
    schema: TwoFactorCodeInputSchema,
    defaultValues: { code: '' },
    onSubmit: (values) =>
      proving(async () => {
        await authStore.getState().completeTwoFactor(values);
        onSignedIn();
      }, onStartOver),
  });
  const recoveryForm = useContractForm({
    schema: RecoveryCodeInputSchema,
    defaultValues: { recoveryCode: '' },
    onSubmit: (values) =>
      proving(async () => {
        await authStore.getState().completeTwoFactor(values);
        onSignedIn();
      }, onStartOver),
  });

  const switchButton = (
    <Button
      variant="secondary"
      css={{ width: '100%', marginTop: '0.75rem' }}
      onClick={() => setUseRecoveryCode((value) => !value)}
    >
      {useRecoveryCode ? 'Use a code from your authenticator app' : 'Use a recovery code instead'}
    </Button>
  );

  return (
    <LoginLayout title="Two-step verification">
      {useRecoveryCode ? (
        <Form form={recoveryForm} aria-label="Sign in with a recovery code">
          <p css={{ marginTop: 0, color: theme.colors.muted }}>
            Type one of the recovery codes you saved when you turned on two-step verification. Each works
            once.
          </p>
          <FormTextField
            form={recoveryForm}
            name="recoveryCode"
            label="Recovery code"
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
          <FormSubmitButton form={recoveryForm} busyLabel="Checking…" css={{ width: '100%' }}>
            Verify
          </FormSubmitButton>
        </Form>
      ) : (
        <Form form={codeForm} aria-label="Sign in with your authenticator app">
          <p css={{ marginTop: 0, color: theme.colors.muted }}>
            Open your authenticator app and type the 6-digit code it shows for Dcipher.
          </p>
          <FormTextField
            form={codeForm}
            name="code"
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            autoFocus
          />
          <FormSubmitButton form={codeForm} busyLabel="Checking…" css={{ width: '100%' }}>
            Verify
          </FormSubmitButton>
        </Form>
      )}
      {switchButton}
      <p css={{ textAlign: 'center', marginBottom: 0 }}>
        <a
          href={pathTo('login')}
          onClick={(event) => {
            event.preventDefault();
            authStore.getState().cancelTwoFactor();
            onStartOver();
          }}
        >
          Back to log in
        </a>
      </p>
    </LoginLayout>
  );
}
