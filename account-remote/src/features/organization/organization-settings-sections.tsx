import { useAuth } from '@dcipher/shared/auth';
import {
  contract,
  type Organization,
  OrganizationDetailsInputSchema,
  PasswordPolicyFormSchema,
} from '@dcipher/shared/contract';
import { can, passwordExpiryBounds } from '@dcipher/shared/domain';
import { formatDate } from '@dcipher/shared/format';
import { routes } from '@dcipher/shared/routes';
import {
  Alert,
  Button,
  CheckboxField,
  Form,
  FormSubmitButton,
  FormTextField,
  Notice,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { twoStepRequirementMessages } from '@dcipher/shared/validation';
import { useState } from 'react';
import { accountQueries } from '../../kit/account-queries';
import { contractQuery, useContractMutation, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { messageOf } from '../../kit/use-api-load';
import { RouteLink } from '../../router/remote-router';

type Outcome = { kind: 'done' | 'failed'; text: string } | undefined;

function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return outcome.kind === 'done' ? <Notice>{outcome.text}</Notice> : <Alert>{outcome.text}</Alert>;
}

/** The caller's permissions under the shared policy: only what they may change is offered. */
function useSubject() {
  const role = useAuth((state) => state.claims?.role);
  return { kind: 'user' as const, role: role ?? 'guest', internalAdmin: false };
}

/**
 * `/account/organization/general`: the organization's name and the way to delete it (issue 25; docs/decisions/0033,
 * 0034, 0082). The account area already keeps non-admins out of this page.
 */
export function GeneralScreen() {
  const subject = useSubject();
  const { result, reload } = useLoad(contractQuery(contract.organization.getOrganization));
  return (
    <ScreenSection title="Organization details">
      <LoadState load={result} loadingText="Loading the organization…" onRetry={() => void reload()}>
        {(organization) => (
          <DetailsForm organization={organization} editable={can(subject, 'organization', 'update')} />
        )}
      </LoadState>
    </ScreenSection>
  );
}

/** `/account/organization/security`: password expiry and required two-step verification (issue 25). */
export function SecurityPoliciesScreen() {
  const subject = useSubject();
  const { result, reload } = useLoad(contractQuery(contract.organization.getOrganization));
  return (
    <>
      {can(subject, 'organization-password-expiration-policy', 'update') ? <PasswordPolicySection /> : null}
      {can(subject, 'organization', 'update') ? (
        <ScreenSection title="Two-step verification for everyone">
          <LoadState load={result} loadingText="Loading the organization…" onRetry={() => void reload()}>
            {(organization) => <TwoStepRequirement organization={organization} />}
          </LoadState>
        </ScreenSection>
      ) : null}
    </>
  );
}

/** Saving refreshes the organization shown on both its screens (kit/invalidations.ts). */
function DetailsForm({ organization, editable }: { organization: Organization; editable: boolean }) {
  const [outcome, setOutcome] = useState<Outcome>();
  const update = useContractMutation(contract.organization.updateOrganization);
  const form = useContractForm({
    schema: OrganizationDetailsInputSchema,
    defaultValues: { name: organization.name },
    onSubmit: async (values) => {
      setOutcome(undefined);
      const saved = await update.mutateAsync({ body: values });
      setOutcome({ kind: 'done', text: `Saved. Your organization is called “${saved.name}”.` });
    },
  });
  return (
    <>
      <dl
        css={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          gap: '0.35rem 1rem',
          margin: '0 0 1rem',
        }}
      >
        <dt css={{ color: theme.colors.muted }}>Customer type</dt>
        <dd css={{ margin: 0 }}>{organization.customerType}</dd>
        <dt css={{ color: theme.colors.muted }}>Members</dt>
        <dd css={{ margin: 0 }}>{organization.memberCount}</dd>
        <dt css={{ color: theme.colors.muted }}>Since</dt>
        <dd css={{ margin: 0 }}>{formatDate(organization.createdAt)}</dd>
      </dl>
      <OutcomeMessage outcome={outcome} />
      {editable ? (
        <Form form={form} aria-label="Organization details">
          <FormTextField form={form} name="name" label="Organization name" autoComplete="organization" />
          <FormSubmitButton form={form} busyLabel="Saving…">
            Save details
          </FormSubmitButton>
        </Form>
      ) : (
        <p>
          Name: <strong>{organization.name}</strong>
        </p>
      )}
      {editable ? (
        <p css={{ marginBottom: 0 }}>
          <a href={routes.accountDelete.path}>Delete the organization…</a> (on the account deletion page,
          after a confirmation)
        </p>
      ) : null}
    </>
  );
}

function PasswordPolicySection() {
  const { result, reload } = useLoad(contractQuery(contract.organization.getPasswordPolicy));
  return (
    <ScreenSection title="Password expiration">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        When passwords expire, members whose password is older than the number of days you set are asked to
        choose a new one at their next sign-in. Members who sign in with single sign-on are not affected.
      </p>
      <LoadState load={result} loadingText="Loading the policy…" onRetry={() => void reload()}>
        {(policy) => <PasswordPolicyForm expiresAfterDays={policy.expiresAfterDays} />}
      </LoadState>
    </ScreenSection>
  );
}

function PasswordPolicyForm({ expiresAfterDays }: { expiresAfterDays: number | null }) {
  const update = useContractMutation(contract.organization.updatePasswordPolicy);
  const [enabled, setEnabled] = useState(expiresAfterDays !== null);
  const [outcome, setOutcome] = useState<Outcome>();
  const [saving, setSaving] = useState(false);
  const form = useContractForm({
    schema: PasswordPolicyFormSchema,
    defaultValues: { expiresAfterDays: String(expiresAfterDays ?? 90) },
    onSubmit: ({ expiresAfterDays: days }) => save(days),
  });

  async function save(days: number | null) {
    setSaving(true);
    setOutcome(undefined);
    try {
      const saved = await update.mutateAsync({ body: { expiresAfterDays: days } });
      setOutcome({
        kind: 'done',
        text:
          saved.expiresAfterDays === null
            ? 'Passwords no longer expire.'
            : `Passwords now expire after ${saved.expiresAfterDays} days.`,
      });
    } catch (error) {
      setOutcome({ kind: 'failed', text: messageOf(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <OutcomeMessage outcome={outcome} />
      <CheckboxField
        label="Passwords expire"
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      {enabled ? (
        <Form form={form} aria-label="Password expiration policy">
          <FormTextField
            form={form}
            name="expiresAfterDays"
            label={`Days a password lasts (${passwordExpiryBounds.minDays} to ${passwordExpiryBounds.maxDays})`}
            type="number"
            inputMode="numeric"
            min={passwordExpiryBounds.minDays}
            max={passwordExpiryBounds.maxDays}
          />
          <FormSubmitButton form={form} busyLabel="Saving…">
            Save policy
          </FormSubmitButton>
        </Form>
      ) : (
        <Button disabled={saving || expiresAfterDays === null} onClick={() => void save(null)}>
          {saving ? 'Saving…' : 'Save: passwords never expire'}
        </Button>
      )}
    </>
  );
}

function TwoStepRequirement({ organization }: { organization: Organization }) {
  const setRequirement = useContractMutation(contract.organization.setTwoStepRequirement);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const required = organization.twoStepRequired;
  // The admin's own two-step verification (the cache the Privacy & security screen keeps fresh): required of
  // everyone, it is needed first, and this section leads to where it is set up.
  const own = useLoad(accountQueries.twoFactorStatus()).result;
  const ownMissing = !required && own.state === 'loaded' && !own.data.enabled;

  async function save(next: boolean) {
    setSaving(true);
    setOutcome(undefined);
    try {
      await setRequirement.mutateAsync({ body: { required: next } });
      setConfirming(false);
      setOutcome({
        kind: 'done',
        text: next
          ? 'Two-step verification is now required. Members without it are asked to set it up before anything else.'
          : 'Two-step verification is no longer required. Members who use it keep it.',
      });
    } catch (error) {
      setOutcome({ kind: 'failed', text: messageOf(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <p css={{ marginTop: 0 }}>
        {required
          ? 'Every member must use two-step verification. Members who have not set it up are sent to do so before they can use their account.'
          : 'Members choose for themselves whether to use two-step verification.'}
      </p>
      <OutcomeMessage outcome={outcome} />
      {ownMissing ? (
        <p data-testid="own-two-step-first">
          {twoStepRequirementMessages.ownFirst}{' '}
          <RouteLink to="accountPrivacy">{twoStepRequirementMessages.setUpOwn}</RouteLink>
        </p>
      ) : null}
      {confirming ? (
        <div role="alertdialog" aria-labelledby="two-step-confirm" css={{ marginTop: '0.5rem' }}>
          <p id="two-step-confirm">
            {required
              ? 'Stop requiring two-step verification? Members may then turn it off for themselves.'
              : 'Require two-step verification for everyone? Members without it must set it up with an authenticator app before they can use Dcipher again. You need it on your own account first.'}
          </p>
          <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
            <Button disabled={saving} onClick={() => void save(!required)}>
              {saving ? 'Saving…' : required ? 'Stop requiring it' : 'Require it'}
            </Button>
            <Button variant="secondary" disabled={saving} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button variant={required ? 'secondary' : 'primary'} onClick={() => setConfirming(true)}>
          {required ? 'Stop requiring two-step verification…' : 'Require two-step verification…'}
        </Button>
      )}
    </>
  );
}
