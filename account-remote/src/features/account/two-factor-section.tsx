import {
  contract,
  DisableTwoFactorInputSchema,
  EnableTwoFactorInputSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@dcipher/shared/contract';
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
import { useState } from 'react';
import { useAccount } from '../../kit/account-context';
import { accountQueries } from '../../kit/account-queries';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';

type Step =
  | { step: 'status' }
  | { step: 'scan'; setup: TwoFactorSetup }
  | { step: 'recovery-codes'; codes: string[] }
  | { step: 'turn-off' };

/**
 * Two-step verification with an authenticator app (TOTP): scan the QR code (or type the key), confirm with a code,
 * keep the ten recovery codes shown once. Turning it off needs the current password.
 */
export function TwoFactorSection() {
  const { account, replaceAccount } = useAccount();
  // Turning it on or off refreshes the status here and on the overview, and the sessions (kit/invalidations.ts).
  const { result, reload } = useLoad(accountQueries.twoFactorStatus());
  const setUp = useContractMutation(contract.accountSecurity.setUpTwoFactor);
  const [step, setStep] = useState<Step>({ step: 'status' });
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function startSetup() {
    setStarting(true);
    setFailure(undefined);
    setNotice(undefined);
    try {
      setStep({ step: 'scan', setup: await setUp.mutateAsync({}) });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setStarting(false);
    }
  }

  return (
    <ScreenSection title="Two-step verification">
      {notice ? <Notice>{notice}</Notice> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      <LoadState load={result} loadingText="Loading…" onRetry={() => void reload()}>
        {(status: TwoFactorStatus) => {
          if (step.step === 'scan') {
            return (
              <ScanStep
                setup={step.setup}
                onCancel={() => setStep({ step: 'status' })}
                onEnabled={(codes) => {
                  setStep({ step: 'recovery-codes', codes });
                  // The organization's requirement is met: the rest of the account area opens again.
                  if (account.twoStepSetupRequired)
                    replaceAccount({ ...account, twoStepSetupRequired: false });
                }}
              />
            );
          }
          if (step.step === 'recovery-codes') {
            return <RecoveryCodesStep codes={step.codes} onDone={() => setStep({ step: 'status' })} />;
          }
          if (step.step === 'turn-off') {
            return (
              <TurnOffStep
                onCancel={() => setStep({ step: 'status' })}
                onTurnedOff={() => {
                  setStep({ step: 'status' });
                  setNotice('Two-step verification is off. Signing in now needs only your password.');
                }}
              />
            );
          }
          return status.enabled ? (
            <>
              <p css={{ marginTop: 0 }}>
                <strong>Two-step verification is on.</strong> Signing in asks for a code from your
                authenticator app. {status.recoveryCodesRemaining} of 10 recovery codes left.
              </p>
              <Button variant="secondary" onClick={() => setStep({ step: 'turn-off' })}>
                Turn off two-step verification
              </Button>
            </>
          ) : (
            <>
              <p css={{ marginTop: 0 }}>
                Two-step verification is off. Turn it on so that a stolen password alone cannot open your
                account: signing in will also ask for a code from an authenticator app on your phone (such as
                Google Authenticator, Microsoft Authenticator or 1Password).
              </p>
              <Button disabled={starting} onClick={() => void startSetup()}>
                {starting ? 'Preparing…' : 'Set up two-step verification'}
              </Button>
            </>
          );
        }}
      </LoadState>
    </ScreenSection>
  );
}

function ScanStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useContractMutation(contract.accountSecurity.enableTwoFactor);
  const form = useContractForm({
    schema: EnableTwoFactorInputSchema,
    defaultValues: { code: '' },
    onSubmit: async (values) => {
      const answer = await enable.mutateAsync({ body: values });
      onEnabled(answer.recoveryCodes);
    },
  });
  const qrCode = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`;
  return (
    <div>
      <ol css={{ paddingLeft: '1.2rem', marginTop: 0 }}>
        <li>Open your authenticator app and add an account by scanning this QR code.</li>
        <li>Type the six-digit code the app shows, then turn it on.</li>
      </ol>
      <img
        src={qrCode}
        alt="QR code to add Dcipher to your authenticator app"
        width={180}
        height={180}
        css={{
          display: 'block',
          background: '#fff',
          border: `1px solid ${theme.colors.border}`,
          margin: '0 0 0.75rem',
        }}
      />
      <p css={{ margin: '0 0 1rem', overflowWrap: 'anywhere' }}>
        Can’t scan it? Type this key instead:{' '}
        <code data-testid="two-factor-secret" css={{ fontSize: '1rem', letterSpacing: '0.05em' }}>
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </p>
      <Form form={form} aria-label="Turn on two-step verification">
        <FormTextField
          form={form}
          name="code"
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
        />
        <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
          <FormSubmitButton form={form} busyLabel="Checking…">
            Turn on
          </FormSubmitButton>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}

function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const blob = new Blob([`Dcipher recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'dcipher-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Notice>Two-step verification is on.</Notice>
      <p css={{ marginTop: 0 }}>
        <strong>Save these recovery codes now: they are shown only once.</strong> Each one signs you in once
        if you lose your phone.
      </p>
      <ul
        aria-label="Recovery codes"
        css={{
          listStyle: 'none',
          padding: '1rem',
          margin: '0 0 1rem',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          gap: '0.5rem',
          background: theme.colors.canvas,
          borderRadius: theme.radius,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <Button variant="secondary" onClick={download}>
          Download the codes
        </Button>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </div>
    </div>
  );
}

function TurnOffStep({ onCancel, onTurnedOff }: { onCancel: () => void; onTurnedOff: () => void }) {
  const disable = useContractMutation(contract.accountSecurity.disableTwoFactor);
  const form = useContractForm({
    schema: DisableTwoFactorInputSchema,
    defaultValues: { currentPassword: '' },
    onSubmit: async (values) => {
      await disable.mutateAsync({ body: values });
      onTurnedOff();
    },
  });
  return (
    <Form form={form} aria-label="Turn off two-step verification">
      <p css={{ marginTop: 0 }}>Confirm with your password. Your recovery codes stop working.</p>
      <FormTextField
        form={form}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <FormSubmitButton form={form} busyLabel="Turning off…">
          Turn off two-step verification
        </FormSubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
