import { authenticatedApi } from '@dcipher/shared/auth';
import { AccountProfileInputSchema, contract } from '@dcipher/shared/contract';
import {
  Form,
  FormCheckboxField,
  FormSubmitButton,
  Notice,
  theme,
  useContractForm,
} from '@dcipher/shared/ui';
import { useState } from 'react';
import { profileFormValues, useAccount } from '../../kit/account-context';
import { ScreenSection } from '../../kit/screen-section';

/** The receive-emails opt-in (product news and tips); service emails about the account are always sent. */
export function EmailPreferencesSection() {
  const { account, replaceAccount } = useAccount();
  const [saved, setSaved] = useState(false);
  const form = useContractForm({
    schema: AccountProfileInputSchema,
    defaultValues: profileFormValues(account),
    onSubmit: async (values) => {
      setSaved(false);
      const answer = await authenticatedApi().call(contract.account.updateAccount, { body: values });
      const { pendingEmail: _pending, ...updated } = answer;
      replaceAccount(updated);
      setSaved(true);
    },
  });
  return (
    <ScreenSection title="Emails">
      {saved ? <Notice>Your email preference has been saved.</Notice> : null}
      <Form form={form} aria-label="Email preference">
        <FormCheckboxField
          form={form}
          name="receiveEmails"
          label="Send me product news and tips (you can unsubscribe at any time)"
        />
        <p css={{ margin: '0 0 1rem', color: theme.colors.muted, fontSize: '0.95rem' }}>
          Emails about your account (security notices, invoices, invitations) are always sent.
        </p>
        <FormSubmitButton form={form} busyLabel="Saving…">
          Save email preference
        </FormSubmitButton>
      </Form>
    </ScreenSection>
  );
}
