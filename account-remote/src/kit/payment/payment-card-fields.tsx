import type { PaymentGatewayInfo } from '@dcipher/shared/contract';
import { Alert, FormTextField } from '@dcipher/shared/ui';
import { useEffect, useRef } from 'react';
import { BillingDetailsFields } from './billing-details-fields';
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

/** The card's own fields: what a message about one of them is shown under, rather than beside the card. */
const cardFieldNames = ['cardHolder', 'cardNumber', 'expiry', 'cvc'];

/**
 * The form's own message (a declined card) as an alert right after the card's fields, and focus moved to it at
 * each failure, so it is read and seen where the card was typed (docs/decisions/0078, 0086). A failure naming one
 * of the card's fields leaves focus on that field, where the form put it.
 */
function CardError({ form }: { form: PaymentForm }) {
  const box = useRef<HTMLDivElement>(null);
  const { apiError, formError } = form;
  useEffect(() => {
    if (!apiError) return;
    if (Object.keys(apiError.issues ?? {}).some((name) => cardFieldNames.includes(name))) return;
    box.current?.focus();
  }, [apiError]);
  if (!formError) return null;
  return (
    <div ref={box} tabIndex={-1} data-testid="card-error" css={{ outlineOffset: 2 }}>
      <Alert>{formError}</Alert>
    </div>
  );
}

/**
 * The card, and only the card (spec section 3's card holder, number, expiry as MM/YYYY, CVC): the account area's
 * "Add a card" form. The card itself is typed into the gateway's fields: Stripe's hosted ones, or with the local
 * test gateway plain inputs tokenised in the page (`usePaymentCardForm`). The billing details the payment call
 * also carries come from the organization's saved billing details (docs/decisions/0086).
 */
export function CardFields({
  form,
  gateway,
  stripeCard,
  errorNextToCard = false,
}: {
  form: PaymentForm;
  gateway: PaymentGatewayInfo;
  stripeCard: StripeCardRef;
  /**
   * Shows the form's own message (a declined card) right after the card's fields, announced and focused, instead
   * of above the form where a long form leaves it off screen; the `Form` then renders none (docs/decisions/0078).
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
      {errorNextToCard ? <CardError form={form} /> : null}
    </>
  );
}

/**
 * The whole payment form's fields (spec section 3's "Payment form fields"): the card, then billing type, company,
 * address, country and VAT number. Sign-up's payment step, where the first card comes with the first billing
 * details; the account area asks the billing details once in their own form and the card with `CardFields`.
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
  /** As `CardFields`' (docs/decisions/0078). */
  errorNextToCard?: boolean;
}) {
  return (
    <>
      <CardFields form={form} gateway={gateway} stripeCard={stripeCard} errorNextToCard={errorNextToCard} />
      <BillingDetailsFields form={form} />
    </>
  );
}
