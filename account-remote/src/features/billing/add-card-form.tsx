import {
  type BillingDetails,
  type CreditCard,
  contract,
  type PaymentGatewayInfo,
} from '@dcipher/shared/contract';
import { countries } from '@dcipher/shared/domain';
import { Form, FormSubmitButton, theme } from '@dcipher/shared/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { useContractMutation } from '../../kit/contract-query';
import {
  type PaymentCardFormValues,
  usePaymentCardForm,
  WithPaymentGateway,
} from '../../kit/payment/card-gateway';
import { CardFields } from '../../kit/payment/payment-card-fields';

const countryName = (code: string) => countries.find((country) => country.code === code)?.name ?? code;

/** Saved billing details as the payment call's fields (`POST /credit-cards` carries them with the card). */
function billingFields(billing: BillingDetails) {
  return {
    company: billing.company ?? '',
    address: billing.address,
    country: billing.country,
    vatNumber: billing.vatNumber ?? '',
    billingType: billing.billingType,
  };
}

/** The saved billing details in one line: whom the card's charges are invoiced to. */
export function billedTo(billing: BillingDetails): string {
  return [
    billing.company,
    billing.address,
    countryName(billing.country),
    billing.vatNumber ? `VAT ${billing.vatNumber}` : null,
    `${billing.billingType} customer`,
  ]
    .filter(Boolean)
    .join(', ');
}

export interface AddCardFormProps {
  /**
   * The organization's saved billing details: the payment call carries them with the card, so the form asks only
   * the card (docs/decisions/0086).
   */
  billing: BillingDetails;
  /** The card holder to start with (the member's name at the checkout). */
  cardHolder?: string;
  /** Where the billing details are changed, said after them ("Change them under Billing details."). */
  changeBilling?: ReactNode;
  /**
   * Called with the saved card, once the cards, the billing details and the plan's summary shown anywhere have
   * been read again (kit/invalidations.ts); the card fields are then emptied, so the card leaves the page.
   */
  onSaved?: (card: CreditCard) => void;
  submitLabel: string;
  /**
   * Moves focus to the first empty card field when the form appears: after the billing details were just saved,
   * the billing form they were typed in is gone, and the card is the next thing to type.
   */
  focusOnMount?: boolean;
}

/**
 * The signed-in admin's "Add a card" form (payment method screen, checkout): card holder, number, expiry and CVC,
 * tokenised in the page, then saved with the organization's billing details.
 */
export function AddCardForm(props: AddCardFormProps) {
  return (
    <WithPaymentGateway>{(gateway) => <AddCardFormFor gateway={gateway} {...props} />}</WithPaymentGateway>
  );
}

function AddCardFormFor({
  gateway,
  billing,
  cardHolder = '',
  changeBilling,
  onSaved,
  submitLabel,
  focusOnMount = false,
}: AddCardFormProps & { gateway: PaymentGatewayInfo }) {
  const blank: PaymentCardFormValues = {
    cardHolder,
    cardNumber: '',
    cvc: '',
    expiry: '',
    ...billingFields(billing),
  };
  const addCard = useContractMutation(contract.creditCards.addCreditCard);
  const { form, stripeCard } = usePaymentCardForm({
    gateway,
    defaultValues: blank,
    onSubmit: async (body) => {
      const card = await addCard.mutateAsync({ body });
      form.reset(blank);
      onSaved?.(card);
    },
  });
  // Billing details saved while the card form is open go with the card; what was typed of the card stays.
  const { setValue } = form;
  const { company, address, country, vatNumber, billingType } = billingFields(billing);
  useEffect(() => {
    const fields = { company, address, country, vatNumber, billingType };
    for (const [name, value] of Object.entries(fields)) setValue(name as keyof typeof fields, value);
  }, [setValue, company, address, country, vatNumber, billingType]);

  const { formRef } = form;
  const focusFirstEmpty = useRef(focusOnMount);
  useEffect(() => {
    if (!focusFirstEmpty.current) return;
    focusFirstEmpty.current = false;
    const inputs = Array.from(formRef.current?.querySelectorAll('input') ?? []);
    inputs.find((input) => input.value === '')?.focus();
  }, [formRef]);

  return (
    <>
      <p data-testid="card-billed-to" css={{ marginTop: 0, overflowWrap: 'anywhere' }}>
        <span css={{ color: theme.colors.muted }}>Billed to: </span>
        {billedTo(billing)}.{changeBilling ? <> {changeBilling}</> : null}
      </p>
      <Form form={form} aria-label="Add a card" renderFormError={() => null}>
        <CardFields form={form} gateway={gateway} stripeCard={stripeCard} errorNextToCard />
        <FormSubmitButton form={form} busyLabel="Saving your card…">
          {submitLabel}
        </FormSubmitButton>
      </Form>
    </>
  );
}
