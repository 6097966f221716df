import { authenticatedApi, configuredApiBaseUrl } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { contract, RegistrationInputSchema } from '@dcipher/shared/contract';
import { companySizeBands, freeTrialDays } from '@dcipher/shared/domain';
import type { RemoteScreenProps } from '@dcipher/shared/federation';
import {
  Alert,
  Button,
  CheckboxField,
  focusFirstInvalidField,
  SelectField,
  TextField,
  theme,
} from '@dcipher/shared/ui';
import { errorCatalogue, type FieldErrors, passwordProblems, validateForm } from '@dcipher/shared/validation';
import { type FormEvent, useCallback, useState } from 'react';
import { AddPaymentMethodStep } from './add-payment-method-step';
import { CaptchaField } from './captcha-field';
import { LoginLayout } from './login-layout';

type CustomerChoice = 'Individual' | 'Business';

interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  company: string;
  jobTitle: string;
  companySize: string;
  customerType: CustomerChoice;
  receiveEmails: boolean;
  termsAccepted: boolean;
}

const initialValues: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  phone: '',
  company: '',
  jobTitle: '',
  companySize: '',
  customerType: 'Individual',
  receiveEmails: false,
  termsAccepted: false,
};

/**
 * Sign-up in two steps. Create account (1/2): the person, their organization type, the terms and the human check.
 * Then Add payment method (2/2), which may be skipped, and on to "check your email".
 */
export function SignupScreen({ navigate }: RemoteScreenProps) {
  const [created, setCreated] = useState<{ email: string; paymentSetupToken: string }>();
  const [values, setValues] = useState(() => ({
    ...initialValues,
    email: new URLSearchParams(window.location.search).get('email') ?? '',
  }));
  const [captcha, setCaptcha] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [captchaResets, setCaptchaResets] = useState(0);
  const onCaptcha = useCallback((payload: string) => setCaptcha(payload), []);

  const text = (name: keyof SignupValues) => ({
    name,
    value: String(values[name]),
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const candidate = {
      ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')),
      captcha,
    };
    const validation = validateForm(RegistrationInputSchema, candidate);
    if (!validation.success) {
      setErrors(validation.errors);
      focusFirstInvalidField(validation.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const receipt = await authenticatedApi().call(contract.registration.register, {
        body: validation.output,
      });
      setCreated({ email: receipt.email, paymentSetupToken: receipt.paymentSetupToken });
    } catch (error) {
      setSubmitting(false);
      setCaptcha('');
      setCaptchaResets((count) => count + 1);
      if (error instanceof ApiError) {
        setErrors(error.issues);
        setFormError(error.message);
      } else setFormError(errorCatalogue.serverError);
    }
  }

  if (created) {
    return (
      <AddPaymentMethodStep
        email={created.email}
        paymentSetupToken={created.paymentSetupToken}
        customerType={values.customerType}
        company={values.company || undefined}
        onDone={() => navigate(`/postsignup?email=${encodeURIComponent(created.email)}`)}
      />
    );
  }

  const problems = values.password ? passwordProblems(values.password) : [];
  return (
    <LoginLayout title="Create account (1/2)">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Start your {freeTrialDays}-day free trial. No credit card needed.
      </p>
      <form onSubmit={submit} noValidate aria-label="Create account">
        {formError ? <Alert>{formError}</Alert> : null}
        <fieldset css={{ border: 'none', padding: 0, margin: '0 0 1rem' }}>
          <legend css={{ fontWeight: 600, marginBottom: '0.35rem' }}>I am signing up as</legend>
          {(['Individual', 'Business'] as const).map((type) => (
            <label
              key={type}
              css={{ display: 'inline-flex', gap: '0.4rem', marginRight: '1.25rem', alignItems: 'center' }}
            >
              <input
                type="radio"
                name="customerType"
                value={type}
                checked={values.customerType === type}
                onChange={() => setValues((current) => ({ ...current, customerType: type }))}
              />
              {type === 'Individual' ? 'An individual' : 'A business'}
            </label>
          ))}
        </fieldset>
        <div
          css={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
            columnGap: '0.75rem',
          }}
        >
          <TextField label="First name" autoComplete="given-name" {...text('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...text('lastName')} />
        </div>
        <TextField label="Work email" type="email" autoComplete="email" {...text('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          aria-describedby="password-rules"
          {...text('password')}
        />
        <ul
          id="password-rules"
          aria-live="polite"
          css={{
            margin: '-0.5rem 0 1rem',
            paddingLeft: '1.2rem',
            color: theme.colors.muted,
            fontSize: '0.9rem',
          }}
        >
          {problems.length === 0 && values.password ? (
            <li>The password meets every rule.</li>
          ) : (
            problems.map((problem) => <li key={problem}>{problem}</li>)
          )}
        </ul>
        <TextField
          label={values.customerType === 'Business' ? 'Company' : 'Company (optional)'}
          autoComplete="organization"
          {...text('company')}
        />
        {values.customerType === 'Business' ? (
          <SelectField
            label="Company size"
            placeholder="Choose the number of employees"
            options={companySizeBands.map((band) => ({ value: band, label: `${band} employees` }))}
            {...text('companySize')}
          />
        ) : null}
        <TextField label="Job title (optional)" autoComplete="organization-title" {...text('jobTitle')} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...text('phone')} />
        <CheckboxField
          label="Send me product news and tips (you can unsubscribe at any time)"
          name="receiveEmails"
          checked={values.receiveEmails}
          onChange={(event) => setValues((current) => ({ ...current, receiveEmails: event.target.checked }))}
        />
        <CheckboxField
          label={
            <>
              I agree to the{' '}
              <a href="/ToS.pdf" target="_blank" rel="noopener noreferrer">
                Terms of Service
              </a>
            </>
          }
          name="termsAccepted"
          checked={values.termsAccepted}
          error={errors.termsAccepted}
          onChange={(event) => setValues((current) => ({ ...current, termsAccepted: event.target.checked }))}
        />
        <CaptchaField
          challengeUrl={`${configuredApiBaseUrl()}${contract.captcha.getCaptchaChallenge.path}`}
          onChange={onCaptcha}
          error={errors.captcha}
          resetCount={captchaResets}
        />
        <Button type="submit" disabled={submitting} css={{ width: '100%' }}>
          {submitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
      <p css={{ marginBottom: 0 }}>
        Already have an account?{' '}
        <a
          href="/login"
          onClick={(event) => {
            event.preventDefault();
            navigate('/login');
          }}
        >
          Log in
        </a>
      </p>
    </LoginLayout>
  );
}
