import { apiWithToken } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import { type CreditCard, contract, PaymentMethodInputSchema } from '@dcipher/shared/contract';
import { countries, customerTypes, freeTrialDays } from '@dcipher/shared/domain';
import { Alert, Button, focusFirstInvalidField, SelectField, TextField, theme } from '@dcipher/shared/ui';
import { errorCatalogue, type FieldErrors, validateForm } from '@dcipher/shared/validation';
import { type FormEvent, useState } from 'react';
import { LoginLayout } from './login-layout';

interface PaymentValues {
  cardHolder: string;
  cardNumber: string;
  cvc: string;
  expiry: string;
  company: string;
  address: string;
  country: string;
  vatNumber: string;
  billingType: string;
}

export interface AddPaymentMethodStepProps {
  email: string;
  /** From `POST /register`: lets this step call `POST /credit-cards` before the address is verified. */
  paymentSetupToken: string;
  /** The customer type chosen in step 1, the billing type's starting value. */
  customerType: 'Individual' | 'Business';
  company?: string | undefined;
  /** Called after a card is saved, or when the person skips (the trial needs no card). */
  onDone(card?: CreditCard): void;
}

/**
 * Add payment method (2/2): the spec's payment form fields. Optional: the 14-day trial needs no card, so
 * "Skip for now" is as prominent as saving. The card number and CVC go to the API once and are not kept here.
 */
export function AddPaymentMethodStep({
  email,
  paymentSetupToken,
  customerType,
  company,
  onDone,
}: AddPaymentMethodStepProps) {
  const [values, setValues] = useState<PaymentValues>({
    cardHolder: '',
    cardNumber: '',
    cvc: '',
    expiry: '',
    company: company ?? '',
    address: '',
    country: '',
    vatNumber: '',
    billingType: customerType,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const field = (name: keyof PaymentValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const candidate = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    const validation = validateForm(PaymentMethodInputSchema, candidate);
    if (!validation.success) {
      setErrors(validation.errors);
      focusFirstInvalidField(validation.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const card = await apiWithToken(paymentSetupToken).call(contract.creditCards.addCreditCard, {
        body: validation.output,
      });
      onDone(card);
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError) {
        setErrors(error.issues);
        setFormError(error.message);
      } else setFormError(errorCatalogue.serverError);
    }
  }

  return (
    <LoginLayout title="Add payment method (2/2)">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Your account for {email} is created. Add a card now so your plan continues without a break after the{' '}
        {freeTrialDays}-day free trial, or skip this step: the trial needs no card and nothing is charged now.
      </p>
      <form onSubmit={submit} noValidate aria-label="Add payment method">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Card holder" autoComplete="cc-name" {...field('cardHolder')} />
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          {...field('cardNumber')}
        />
        <div css={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: '0.75rem' }}>
          <TextField
            label="Expiry (MM/YYYY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YYYY"
            {...field('expiry')}
          />
          <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" {...field('cvc')} />
        </div>
        <SelectField
          label="Billing type"
          options={customerTypes.map((type) => ({ value: type, label: type }))}
          {...field('billingType')}
        />
        <TextField label="Company (optional)" autoComplete="organization" {...field('company')} />
        <TextField label="Billing address" autoComplete="street-address" {...field('address')} />
        <SelectField
          label="Country"
          placeholder="Choose a country"
          options={countries.map((country) => ({ value: country.code, label: country.name }))}
          {...field('country')}
        />
        <TextField label="VAT number (optional)" {...field('vatNumber')} />
        <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
          <Button type="submit" disabled={saving} css={{ flex: '1 1 12rem' }}>
            {saving ? 'Saving your card…' : 'Save card and continue'}
          </Button>
          <Button variant="secondary" disabled={saving} onClick={() => onDone()} css={{ flex: '1 1 8rem' }}>
            Skip for now
          </Button>
        </div>
      </form>
    </LoginLayout>
  );
}
