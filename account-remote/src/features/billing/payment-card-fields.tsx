import type { PaymentMethodInputSchema } from '@dcipher/shared/contract';
import { countries, customerTypes } from '@dcipher/shared/domain';
import { type ContractForm, FormSelectField, FormTextField, type FormValues } from '@dcipher/shared/ui';
import type * as v from 'valibot';

type PaymentForm = ContractForm<
  FormValues<typeof PaymentMethodInputSchema>,
  v.InferOutput<typeof PaymentMethodInputSchema>
>;

/**
 * The payment form's fields (spec section 3): card holder, number, expiry MM/YYYY, CVC, billing type, company,
 * address, country and VAT number. Used by sign-up's payment step and the account area's payment method screen.
 */
export function PaymentCardFields({ form }: { form: PaymentForm }) {
  return (
    <>
      <FormTextField form={form} name="cardHolder" label="Card holder" autoComplete="cc-name" />
      <FormTextField
        form={form}
        name="cardNumber"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
      />
      <div
        css={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          columnGap: '0.75rem',
          '& input': { minWidth: 0, width: '100%', boxSizing: 'border-box' },
        }}
      >
        <FormTextField
          form={form}
          name="expiry"
          label="Expiry (MM/YYYY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YYYY"
        />
        <FormTextField form={form} name="cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" />
      </div>
      <FormSelectField
        form={form}
        name="billingType"
        label="Billing type"
        options={customerTypes.map((type) => ({ value: type, label: type }))}
      />
      <FormTextField form={form} name="company" label="Company (optional)" autoComplete="organization" />
      <FormTextField form={form} name="address" label="Billing address" autoComplete="street-address" />
      <FormSelectField
        form={form}
        name="country"
        label="Country"
        placeholder="Choose a country"
        options={countries.map((country) => ({ value: country.code, label: country.name }))}
      />
      <FormTextField form={form} name="vatNumber" label="VAT number (optional)" />
    </>
  );
}
