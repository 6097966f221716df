import { contract } from '@dcipher/shared/contract';
import { freeTrialDays } from '@dcipher/shared/domain';
import { Alert, Button, Notice, TextField, theme } from '@dcipher/shared/ui';
import { useContractForm } from './use-contract-form';

/**
 * The email-only start of a free trial (`POST /register/quick`): the API mails a link to finish signing up, with
 * the address filled in. The answer is the same whether or not the address has an account.
 */
export function QuickSignupForm({ email = '' }: { email?: string }) {
  const form = useContractForm(contract.registration.quickRegister, { email });
  const { submission } = form;
  return (
    <section aria-labelledby="quick-signup-heading" css={{ marginTop: '2rem' }}>
      <h2 id="quick-signup-heading" css={{ fontSize: '1.2rem' }}>
        Try it on your own data
      </h2>
      {submission.state === 'done' ? (
        <Notice>
          We sent a link to {submission.result.email}. Open it to finish creating your account and start your{' '}
          {freeTrialDays}-day free trial.
        </Notice>
      ) : (
        <form onSubmit={form.onSubmit} noValidate aria-label="Start a free trial">
          <p css={{ marginTop: 0, color: theme.colors.muted }}>
            Start a {freeTrialDays}-day free trial with just your work email. No credit card needed.
          </p>
          {submission.state === 'failed' ? <Alert>{submission.message}</Alert> : null}
          <TextField label="Work email" type="email" autoComplete="email" {...form.field('email')} />
          <Button type="submit" disabled={!form.ready || submission.state === 'submitting'}>
            {submission.state === 'submitting' ? 'Sending the link…' : 'Email me a sign-up link'}
          </Button>
        </form>
      )}
    </section>
  );
}
