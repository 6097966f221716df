import { countries, customerTypes } from '@dcipher/shared/domain';
import { type ContractForm, type FieldNameOf, FormSelectField, FormTextField } from '@dcipher/shared/ui';
import type { Path } from 'react-hook-form';

/** The billing details' fields as their controls hold them (spec section 3's payment form, after the card). */
type BillingDetailsValues = {
  billingType: string;
  company?: string;
  address: string;
  country: string;
  vatNumber?: string;
};

/**
 * Billing type, company, address, country and VAT number: the one set of billing-details fields, in the account
 * area's billing-details form and after the card in sign-up's payment step (docs/decisions/0086), so both ask the
 * same, with the same labels and the same hints to the browser's autofill.
 */
export function BillingDetailsFields<TValues extends BillingDetailsValues, TOutput>({
  form,
}: {
  form: ContractForm<TValues, TOutput>;
}) {
  // The compiler cannot resolve `Path<TValues>` for a form it knows only to have these fields; they are its own.
  const field = (name: keyof BillingDetailsValues) => name as Path<TValues> & FieldNameOf<TValues, string>;
  return (
    <>
      <FormSelectField
        form={form}
        name={field('billingType')}
        label="Billing type"
        options={customerTypes.map((type) => ({ value: type, label: type }))}
      />
      <FormTextField
        form={form}
        name={field('company')}
        label="Company (optional)"
        autoComplete="organization"
      />
      <FormTextField
        form={form}
        name={field('address')}
        label="Billing address"
        autoComplete="street-address"
      />
      <FormSelectField
        form={form}
        name={field('country')}
        label="Country"
        placeholder="Choose a country"
        autoComplete="country"
        options={countries.map((country) => ({ value: country.code, label: country.name }))}
      />
      <FormTextField form={form} name={field('vatNumber')} label="VAT number (optional)" />
    </>
  );
}
