import { apiWithToken } from '@dcipher/shared/auth';
import { type CreditCard, contract, type PaymentGatewayInfo } from '@dcipher/shared/contract';
import { freeTrialDays, type PredefinedWorkflow } from '@dcipher/shared/domain';
import { Button, Form, FormSubmitButton, theme } from '@dcipher/shared/ui';
import { usePaymentCardForm, WithPaymentGateway } from '../../kit/payment/card-gateway';
import { PaymentCardFields } from '../../kit/payment/payment-card-fields';
import { LoginLayout } from '../../layout/login-layout';
import { ChosenPlan } from './chosen-plan';
import { ChosenWorkflow } from './chosen-workflow';

export interface AddPaymentMethodStepProps {
  email: string;
  /** From `POST /register`: lets this step call `POST /credit-cards` before the address is verified. */
  paymentSetupToken: string;
  /** The customer type chosen in step 1, the billing type's starting value. */
  customerType: 'Individual' | 'Business';
  company?: string | undefined;
  /** The plan chosen on the pricing page (`/signup?plan=…`), said again here with what is charged when. */
  planId?: string | null | undefined;
  /** The workflow chosen in the workflow store (`/signup?workflow=…`), said again here. */
  workflow?: PredefinedWorkflow | undefined;
  /** Called after a card is saved, or when the person skips (the trial needs no card). */
  onDone(card?: CreditCard): void;
}

/**
 * Add payment method (2/2): the spec's payment form fields. Optional: the 14-day trial needs no card, so
 * "Skip for now" is as prominent as saving. The card is tokenised in the page; only its token reaches the API.
 */
export function AddPaymentMethodStep(props: AddPaymentMethodStepProps) {
  return (
    <LoginLayout title="Add payment method (2/2)">
      <p css={{ marginTop: 0, color: theme.colors.muted }}>
        Your account for {props.email} is created. Add a card now so your plan continues without a break after
        the {freeTrialDays}-day free trial, or skip this step: the trial needs no card and nothing is charged
        now.
      </p>
      {props.workflow ? <ChosenWorkflow workflow={props.workflow} /> : null}
      {props.planId ? <ChosenPlan planId={props.planId} /> : null}
      <p css={{ marginTop: 0, color: theme.colors.muted, fontSize: '0.95rem' }}>
        How your card is kept: the number and security code go from this page straight to our payment
        provider; Dcipher stores only the card's brand, last four digits and expiry date.
      </p>
      <WithPaymentGateway
        meanwhile={
          <Button variant="secondary" onClick={() => props.onDone()}>
            Skip for now
          </Button>
        }
      >
        {(gateway) => <AddPaymentMethodForm {...props} gateway={gateway} />}
      </WithPaymentGateway>
    </LoginLayout>
  );
}

function AddPaymentMethodForm({
  paymentSetupToken,
  customerType,
  company,
  onDone,
  gateway,
}: AddPaymentMethodStepProps & { gateway: PaymentGatewayInfo }) {
  const { form, stripeCard } = usePaymentCardForm({
    gateway,
    defaultValues: {
      cardHolder: '',
      cardNumber: '',
      cvc: '',
      expiry: '',
      company: company ?? '',
      address: '',
      country: '',
      vatNumber: '',
      billingType: customerType,
    },
    onSubmit: async (body) => {
      onDone(await apiWithToken(paymentSetupToken).call(contract.creditCards.addCreditCard, { body }));
    },
  });

  return (
    <Form form={form} aria-label="Add payment method">
      <PaymentCardFields form={form} gateway={gateway} stripeCard={stripeCard} />
      <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <FormSubmitButton form={form} busyLabel="Saving your card…" css={{ flex: '1 1 12rem' }}>
          Save card and continue
        </FormSubmitButton>
        <Button
          variant="secondary"
          disabled={form.submitting}
          onClick={() => onDone()}
          css={{ flex: '1 1 8rem' }}
        >
          Skip for now
        </Button>
      </div>
    </Form>
  );
}
