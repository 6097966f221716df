import type { PaymentGatewayInfo } from '@dcipher/shared/contract';
import { countries, customerTypes } from '@dcipher/shared/domain';
import { Alert, FormSelectField, FormTextField } from '@dcipher/shared/ui';
import type { PaymentCardFormHandle, StripeCardRef } from './card-gateway';
import { StripeCardInputs } from './stripe-card-inputs';

type PaymentForm = PaymentCardFormHandle;

/** Card number, expiry and CVC typed into the page, for the local test gateway that tokenises them here. */
function LocalCardInputs({ form }: { form: PaymentForm }) {
  return (
    <>
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
          // Side by side where both labels fit on one line, one under the other on a phone.
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(10rem, 100%), 1fr))',
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
    </>
  );
}

/**
 * The payment form's fields (spec section 3): card holder, number, expiry, CVC, billing type, company, address,
 * country and VAT number. The card itself is typed into the gateway's fields: Stripe's hosted ones, or with the
 * local test gateway plain inputs tokenised in the page (`usePaymentCardForm`). Used by sign-up's payment step,
 * the payment method screen and the checkout.
 */
export function PaymentCardFields({
  form,
  gateway,
  stripeCard,
  errorNextToCard = false,
}: {
  form: PaymentForm;
  gateway: PaymentGatewayInfo;
  stripeCard: StripeCardRef;
  /**
   * Shows the form's own message (a declined card) right after the card's fields, announced, instead of above
   * the form where a long form leaves it off screen; the `Form` then renders none (docs/decisions/0078).
   */
  errorNextToCard?: boolean;
}) {
  return (
    <>
      <FormTextField form={form} name="cardHolder" label="Card holder" autoComplete="cc-name" />
      {gateway.provider === 'stripe' ? (
        <StripeCardInputs gateway={gateway} form={form} stripeCard={stripeCard} />
      ) : (
        <LocalCardInputs form={form} />
      )}
      {errorNextToCard && form.formError ? <Alert>{form.formError}</Alert> : null}
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
