import { authenticatedApi } from '@dcipher/shared/auth';
import { type Account, type CreditCard, contract, type PaymentGatewayInfo } from '@dcipher/shared/contract';
import { Form, FormSubmitButton } from '@dcipher/shared/ui';
import {
  type PaymentCardFormValues,
  usePaymentCardForm,
  WithPaymentGateway,
} from '../../kit/payment/card-gateway';
import { PaymentCardFields } from '../../kit/payment/payment-card-fields';

/** An empty payment form for the signed-in member's organization: its company and customer type filled in. */
export function blankCardForm(account: Account, cardHolder = ''): PaymentCardFormValues {
  return {
    cardHolder,
    cardNumber: '',
    cvc: '',
    expiry: '',
    company: account.company ?? '',
    address: '',
    country: '',
    vatNumber: '',
    billingType: account.organization.customerType,
  };
}

export interface AddCardFormProps {
  /** The form's starting values (card holder, billing type and company from the account). */
  defaultValues: PaymentCardFormValues;
  /** Called with the saved card; the form is then emptied, so the card leaves the page. */
  onSaved: (card: CreditCard) => Promise<void> | void;
  submitLabel: string;
}

/** The signed-in admin's "Add a card" form (payment method screen, checkout): tokenised in the page, then saved. */
export function AddCardForm(props: AddCardFormProps) {
  return (
    <WithPaymentGateway>{(gateway) => <AddCardFormFor gateway={gateway} {...props} />}</WithPaymentGateway>
  );
}

function AddCardFormFor({
  gateway,
  defaultValues,
  onSaved,
  submitLabel,
}: AddCardFormProps & { gateway: PaymentGatewayInfo }) {
  const { form, stripeCard } = usePaymentCardForm({
    gateway,
    defaultValues,
    onSubmit: async (body) => {
      const card = await authenticatedApi().call(contract.creditCards.addCreditCard, { body });
      form.reset(defaultValues);
      await onSaved(card);
    },
  });
  return (
    <Form form={form} aria-label="Add a card" renderFormError={() => null}>
      <PaymentCardFields form={form} gateway={gateway} stripeCard={stripeCard} errorNextToCard />
      <FormSubmitButton form={form} busyLabel="Saving your card…">
        {submitLabel}
      </FormSubmitButton>
    </Form>
  );
}
