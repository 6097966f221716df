import { authenticatedApi } from '@dcipher/shared/auth';
import { AccountProfileInputSchema, contract } from '@dcipher/shared/contract';
import { Form, FormSubmitButton, FormTextField, Notice, theme, useContractForm } from '@dcipher/shared/ui';
import { useState } from 'react';
import { profileFormValues, useAccount } from '../../kit/account-context';
import type { AccountScreenProps } from '../../kit/account-screen';
import { ScreenSection } from '../../kit/screen-section';
import { RouteLink } from '../../router/remote-router';
import { InvitationOffersSection } from './invitation-offers-section';

/** Account information (spec section 3's user fields): name, work email, phone, company and job title. */
export default function ProfileScreen({ navigate }: AccountScreenProps) {
  const { account, replaceAccount } = useAccount();
  const [saved, setSaved] = useState<{ pendingEmail?: string | undefined }>();
  const form = useContractForm({
    schema: AccountProfileInputSchema,
    defaultValues: profileFormValues(account),
    onSubmit: async (values) => {
      setSaved(undefined);
      const answer = await authenticatedApi().call(contract.account.updateAccount, { body: values });
      const { pendingEmail, ...updated } = answer;
      replaceAccount(updated);
      // A new address applies once confirmed from its inbox; the field shows the address in use meanwhile.
      form.setValue('email', updated.email);
      setSaved({ pendingEmail: pendingEmail ?? undefined });
    },
  });

  return (
    <>
      <InvitationOffersSection />
      <ScreenSection title="Your details">
        <dl
          css={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            gap: '0.4rem 1.25rem',
            margin: '0 0 1.5rem',
          }}
        >
          <dt css={{ fontWeight: 600 }}>Name</dt>
          <dd css={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="account-name">
            {account.firstName} {account.lastName}
          </dd>
          <dt css={{ fontWeight: 600 }}>Organization</dt>
          <dd css={{ margin: 0, overflowWrap: 'anywhere' }}>{account.organization.name}</dd>
          <dt css={{ fontWeight: 600 }}>Role</dt>
          <dd css={{ margin: 0 }}>{account.role}</dd>
        </dl>
        {saved ? (
          <Notice>
            Your profile has been saved.
            {saved.pendingEmail
              ? ` We sent a confirmation link to ${saved.pendingEmail}: your work email changes when you open it.`
              : ''}
          </Notice>
        ) : null}
        <Form form={form} aria-label="Account information">
          <div
            css={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
              columnGap: '1rem',
            }}
          >
            <FormTextField form={form} name="firstName" label="First name" autoComplete="given-name" />
            <FormTextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
          </div>
          <FormTextField form={form} name="email" label="Work email" type="email" autoComplete="email" />
          <FormTextField form={form} name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
          <FormTextField form={form} name="company" label="Company" autoComplete="organization" />
          <FormTextField
            form={form}
            name="jobTitle"
            label="Job title (optional)"
            autoComplete="organization-title"
          />
          <FormSubmitButton form={form} busyLabel="Saving…">
            Save changes
          </FormSubmitButton>
        </Form>
      </ScreenSection>
      <ScreenSection title="Delete your account">
        <p css={{ marginTop: 0, color: theme.colors.muted }}>
          Deleting your account removes your profile, your sessions and everything Dcipher holds about you.
        </p>
        <RouteLink
          to="accountDelete"
          navigate={navigate}
          css={{ color: theme.colors.danger, fontWeight: 600 }}
        >
          Delete your account…
        </RouteLink>
      </ScreenSection>
    </>
  );
}
