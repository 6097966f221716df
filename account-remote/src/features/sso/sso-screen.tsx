import {
  contract,
  type SsoConfig,
  SsoConfigFormSchema,
  type SsoConnectionTestResult,
  type SsoDomain,
} from '@dcipher/shared/contract';
import { routes } from '@dcipher/shared/routes';
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
} from '@dcipher/shared/ui';
import { copyMessages } from '@dcipher/shared/validation';
import { useState } from 'react';
import { accountQueries } from '../../kit/account-queries';
import { useContractMutation, useLoad } from '../../kit/contract-query';
import { CopyButton } from '../../kit/copy-button';
import { dateAndTime } from '../../kit/date-and-time';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';

type Outcome = { kind: 'done' | 'failed'; text: string };

/**
 * Single sign-on (OpenID Connect) for the organization: the identity provider's settings (the client secret is
 * stored encrypted and never shown again), "Test connection", the email domains and their DNS verification, the
 * "must sign in with SSO" switch, and removing it all (docs/decisions/0020, 0036).
 */
export default function SsoScreen() {
  // The configuration, or null while the organization has none (an empty state, not a 404: issue 36). Each
  // change below refreshes it (kit/invalidations.ts) before it is said done.
  const { result, reload } = useLoad(accountQueries.ssoConfig());
  return (
    <LoadState load={result} loadingText="Loading single sign-on settings…" onRetry={() => void reload()}>
      {(config: SsoConfig | null) => <SsoSettings config={config} />}
    </LoadState>
  );
}

function SsoSettings({ config }: { config: SsoConfig | null }) {
  const save = useContractMutation(contract.sso.saveSsoConfig);
  // Changes nothing: asks the identity provider whether it answers.
  const testCall = useContractMutation(contract.sso.testSsoConnection);
  const [saved, setSaved] = useState<string>();
  const [test, setTest] = useState<SsoConnectionTestResult | { failed: string }>();
  const [testing, setTesting] = useState(false);
  const redirectUri =
    config?.redirectUri ??
    `${typeof window === 'undefined' ? '' : window.location.origin}${routes.ssoLogin.path}`;

  const form = useContractForm({
    schema: SsoConfigFormSchema,
    defaultValues: {
      issuerUrl: config?.issuerUrl ?? '',
      clientId: config?.clientId ?? '',
      clientSecret: '',
      emailDomains: config?.emailDomains.join(', ') ?? '',
      requireSso: config?.requireSso ?? false,
    },
    onSubmit: async (values) => {
      setSaved(undefined);
      const answer = await save.mutateAsync({ body: values });
      form.reset({
        issuerUrl: answer.issuerUrl,
        clientId: answer.clientId,
        clientSecret: '',
        emailDomains: answer.emailDomains.join(', '),
        requireSso: answer.requireSso,
      });
      setSaved(
        answer.domains.some((domain) => !domain.verified)
          ? 'Single sign-on is saved. Verify each domain below: until then its members keep signing in with passwords.'
          : 'Single sign-on is saved.',
      );
    },
  });

  async function testConnection() {
    setTest(undefined);
    const issuerUrl = form.getValues('issuerUrl').trim();
    if (!issuerUrl) {
      setTest({ failed: 'Enter the issuer URL first.' });
      return;
    }
    setTesting(true);
    try {
      setTest(await testCall.mutateAsync({ body: { issuerUrl } }));
    } catch (error) {
      setTest({ failed: messageOf(error) });
    } finally {
      setTesting(false);
    }
  }

  return (
    <>
      <ScreenSection title="Identity provider">
        <p css={{ marginTop: 0, color: theme.colors.muted }}>
          Members of your email domains sign in through your OpenID Connect identity provider (Okta, Microsoft
          Entra ID, Google Workspace…). Register Dcipher there as a web application with this redirect URI:
        </p>
        <p
          css={{
            overflowWrap: 'anywhere',
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.5rem',
            alignItems: 'center',
          }}
        >
          <code data-testid="sso-redirect-uri">{redirectUri}</code>
          <CopyButton text={redirectUri} what={copyMessages.redirectUri} />
        </p>
        {config ? null : (
          <p css={{ color: theme.colors.muted }}>Single sign-on is not set up for your organization yet.</p>
        )}
        {saved ? <Notice>{saved}</Notice> : null}
        <Form form={form} aria-label="Single sign-on settings">
          <FormTextField
            form={form}
            name="issuerUrl"
            label="Issuer URL"
            placeholder="https://login.example.com"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
          <FormTextField
            form={form}
            name="clientId"
            label="Client ID"
            autoComplete="off"
            spellCheck={false}
          />
          <FormTextField
            form={form}
            name="clientSecret"
            type="password"
            label={config ? 'Client secret (leave empty to keep the stored one)' : 'Client secret'}
            autoComplete="new-password"
          />
          <p css={{ marginTop: '-0.5rem', color: theme.colors.muted, fontSize: '0.9rem' }}>
            The secret is stored encrypted and never shown again.
          </p>
          <FormTextField
            form={form}
            name="emailDomains"
            label="Email domains (separate with commas)"
            placeholder="example.com, example.co.uk"
            autoComplete="off"
            spellCheck={false}
          />
          <FormCheckboxField
            form={form}
            name="requireSso"
            label="Members of verified domains must sign in with SSO (password sign-in is refused)"
          />
          {test && 'failed' in test ? <Alert>{test.failed}</Alert> : null}
          {test && 'ok' in test ? (
            test.ok ? (
              <Notice>{test.message}</Notice>
            ) : (
              <Alert>Connection test failed: {test.message}</Alert>
            )
          ) : null}
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            <FormSubmitButton form={form} busyLabel="Saving…">
              {config ? 'Save changes' : 'Set up single sign-on'}
            </FormSubmitButton>
            <Button variant="secondary" disabled={testing} onClick={() => void testConnection()}>
              {testing ? 'Testing…' : 'Test connection'}
            </Button>
          </div>
        </Form>
      </ScreenSection>
      {config ? <DomainsSection config={config} /> : null}
      {config ? <RemoveSection config={config} /> : null}
    </>
  );
}

function DomainsSection({ config }: { config: SsoConfig }) {
  const verifyDomain = useContractMutation(contract.sso.verifySsoDomain);
  const [busy, setBusy] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  async function verify(domain: SsoDomain) {
    setBusy(domain.domain);
    setOutcome(undefined);
    try {
      await verifyDomain.mutateAsync({ body: { domain: domain.domain } });
      setOutcome({
        kind: 'done',
        text: `${domain.domain} is verified: its members can now sign in with SSO.`,
      });
    } catch (error) {
      setOutcome({ kind: 'failed', text: messageOf(error) });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <ScreenSection title="Email domains">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Prove that your organization controls each domain: add the TXT record shown to the domain’s DNS, then
        press Verify. Sign-ins of a domain go to your identity provider only once it is verified. Public email
        providers (gmail.com, outlook.com…) cannot be used.
      </p>
      {outcome?.kind === 'done' ? <Notice>{outcome.text}</Notice> : null}
      {outcome?.kind === 'failed' ? <Alert>{outcome.text}</Alert> : null}
      <ul aria-label="Email domains" css={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {config.domains.map((domain) => (
          <li
            key={domain.domain}
            css={{ padding: '0.85rem 0', borderTop: `1px solid ${theme.colors.border}` }}
          >
            <div css={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {domain.domain}{' '}
              <span css={{ fontWeight: 400, color: domain.verified ? '#05603a' : theme.colors.muted }}>
                {domain.verified && domain.verifiedAt
                  ? `· Verified ${dateAndTime(domain.verifiedAt)}`
                  : '· Not verified'}
              </span>
            </div>
            {domain.verified ? null : (
              <>
                <dl
                  css={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(4rem, auto) 1fr',
                    gap: '0.25rem 0.75rem',
                    margin: '0.5rem 0',
                    fontSize: '0.9rem',
                    '& dd': { margin: 0, overflowWrap: 'anywhere', fontFamily: 'ui-monospace, monospace' },
                  }}
                >
                  <dt>Type</dt>
                  <dd>TXT</dd>
                  <dt>Name</dt>
                  <dd>{domain.recordName}</dd>
                  <dt>Value</dt>
                  <dd>{domain.recordValue}</dd>
                </dl>
                <Button
                  variant="secondary"
                  disabled={busy !== undefined}
                  aria-label={`Verify ${domain.domain}`}
                  onClick={() => void verify(domain)}
                >
                  {busy === domain.domain ? 'Checking DNS…' : 'Verify'}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </ScreenSection>
  );
}

function RemoveSection({ config }: { config: SsoConfig }) {
  const deleteConfig = useContractMutation(contract.sso.deleteSsoConfig);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function remove() {
    setBusy(true);
    setFailure(undefined);
    try {
      await deleteConfig.mutateAsync({});
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  }

  return (
    <ScreenSection title="Remove single sign-on">
      {failure ? <Alert>{failure}</Alert> : null}
      {confirming ? (
        <fieldset css={{ minWidth: 0, margin: 0, padding: 0, border: 0 }}>
          <legend css={{ padding: 0, marginBottom: '0.5rem', fontWeight: 600 }}>
            Remove single sign-on for your organization?
          </legend>
          <p css={{ marginTop: 0 }}>
            Members of {config.emailDomains.join(', ')} will sign in with their passwords again (those who
            never set one use “Forgot password”). The client secret and the domain verifications are deleted:
            setting single sign-on up again means verifying the domains again.
          </p>
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            <Button variant="danger" disabled={busy} onClick={() => void remove()}>
              {busy ? 'Removing…' : 'Remove single sign-on'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </fieldset>
      ) : (
        <>
          <p css={{ marginTop: 0, color: theme.colors.muted }}>
            Stop signing members in through your identity provider.
          </p>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Remove single sign-on…
          </Button>
        </>
      )}
    </ScreenSection>
  );
}
