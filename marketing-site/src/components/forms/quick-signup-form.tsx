import * as registration from '@dcipher/shared/contract/registration';
import { freeTrialDays } from '@dcipher/shared/domain';
import {
  Form,
  FormSubmitButton,
  FormTextField,
  Notice,
  theme,
  useContractForm,
  useHydratedDefaults,
} from '@dcipher/shared/ui';
import { useState } from 'react';
import { publicApi, trackLead } from './public-api';

const formLabel = 'Start a free trial';

/**
 * The email-only start of a free trial (`POST /register/quick`): the API mails a link to finish signing up, with
 * the address filled in. The answer is the same whether or not the address has an account.
 */
export function QuickSignupForm({ email = '' }: { email?: string }) {
  const [sentTo, setSentTo] = useState<string>();
  const { defaultValues, ready } = useHydratedDefaults(formLabel, { email });
  const form = useContractForm({
    schema: registration.quickRegister.body.schema,
    defaultValues,
    onSubmit: async (body) => {
      const api = await publicApi();
      setSentTo((await api.call(registration.quickRegister, { body })).email);
      trackLead(body.email);
    },
  });
  return (
    <section aria-labelledby="quick-signup-heading" css={{ marginTop: '2rem' }}>
      <h2 id="quick-signup-heading" css={{ fontSize: '1.2rem' }}>
        Try it on your own data
      </h2>
      {sentTo !== undefined ? (
        <Notice>
          We sent a link to {sentTo}. Open it to finish creating your account and start your {freeTrialDays}
          -day free trial.
        </Notice>
      ) : (
        <Form form={form} aria-label={formLabel}>
          <p css={{ marginTop: 0, color: theme.colors.muted }}>
            Start a {freeTrialDays}-day free trial with just your work email. No credit card needed.
          </p>
          <FormTextField form={form} name="email" label="Work email" type="email" autoComplete="email" />
          <FormSubmitButton form={form} busyLabel="Sending the link…" disabled={!ready}>
            Email me a sign-up link
          </FormSubmitButton>
        </Form>
      )}
    </section>
  );
}
