import { authenticatedApi } from '@dcipher/shared/auth';
import { ApiError } from '@dcipher/shared/client';
import {
  cardExpiryParts,
  contract,
  HostedPaymentCardFormSchema,
  PaymentCardFormSchema,
  type PaymentGatewayInfo,
  type PaymentMethodInput,
} from '@dcipher/shared/contract';
import { createLocalPaymentMethod } from '@dcipher/shared/payments';
import { type FormValues, useContractForm } from '@dcipher/shared/ui';
import { validationMessages } from '@dcipher/shared/validation';
import type { Stripe, StripeCardNumberElement, StripeError } from '@stripe/stripe-js';
import { type ReactNode, useRef } from 'react';
import type * as v from 'valibot';
import { contractQuery, useLoad } from '../contract-query';
import { LoadState } from '../load-state';

let gatewayAnswer: Promise<PaymentGatewayInfo> | undefined;

/** Which gateway tokenises cards, asked once per page (a failed ask is asked again). */
export function loadPaymentGateway(): Promise<PaymentGatewayInfo> {
  gatewayAnswer ??= authenticatedApi()
    .call(contract.creditCards.getPaymentGateway)
    .catch((error: unknown) => {
      gatewayAnswer = undefined;
      throw error;
    });
  return gatewayAnswer;
}

/**
 * Renders its children with the payment gateway once known; loading and a failed load (with a retry) meanwhile,
 * followed by `meanwhile` (a way on that needs no card, such as "Skip for now").
 */
export function WithPaymentGateway({
  children,
  meanwhile,
}: {
  children: (gateway: PaymentGatewayInfo) => ReactNode;
  meanwhile?: ReactNode;
}) {
  // Cached under the call's key; asked once per page all the same (`loadPaymentGateway`).
  const { result, reload } = useLoad({
    queryKey: contractQuery(contract.creditCards.getPaymentGateway).queryKey,
    queryFn: loadPaymentGateway,
  });
  return (
    <>
      <LoadState load={result} loadingText="Loading the payment form…" onRetry={() => void reload()}>
        {children}
      </LoadState>
      {result.state === 'loaded' ? null : meanwhile}
    </>
  );
}

/** The payment form's values, whichever gateway: the card fields hold the typed card or the hosted fields' states. */
export type PaymentCardFormValues = FormValues<typeof PaymentCardFormSchema>;
type PaymentCardFormOutput = v.InferOutput<typeof PaymentCardFormSchema>;

/** The Stripe Elements of a mounted form, kept by `StripeCardInputs` for the submit. */
export interface StripeCardHandles {
  stripe: Stripe;
  cardNumber: StripeCardNumberElement;
}

/** Where the hosted card fields leave their handles; undefined with the local gateway or before they mount. */
export type StripeCardRef = { current: StripeCardHandles | undefined };

/** Stripe's own error codes, said with the spec's messages under the field they concern. */
function stripeFieldError(error: StripeError): Record<string, string> {
  const code = error.code ?? '';
  if (/expir/.test(code)) return { expiry: validationMessages.invalidExpiry };
  if (/cvc/.test(code)) return { cvc: validationMessages.invalidCvc };
  if (/number/.test(code)) return { cardNumber: validationMessages.invalidCardNumber };
  return {};
}

/**
 * Turns the validated form into what the API takes: the card becomes the gateway's payment method in this page
 * (the local gateway's `createLocalPaymentMethod`, or Stripe.js from its hosted fields), so the number and CVC
 * never leave for our servers (docs/decisions/0043).
 */
export async function toPaymentMethodInput(
  gateway: PaymentGatewayInfo,
  values: PaymentCardFormOutput,
  stripeCard: StripeCardRef,
): Promise<PaymentMethodInput> {
  const { cardNumber, cvc: _cvc, expiry, ...billing } = values;
  if (gateway.provider === 'local') {
    // The schema accepted the expiry, so it parses.
    const { month, year } = cardExpiryParts(expiry) ?? { month: 0, year: 0 };
    return {
      ...billing,
      paymentMethod: createLocalPaymentMethod({ number: cardNumber, expiryMonth: month, expiryYear: year }),
    };
  }
  const handles = stripeCard.current;
  if (!handles) throw new ApiError(validationMessages.invalidCardNumber, 400, undefined, {});
  const { paymentMethod, error } = await handles.stripe.createPaymentMethod({
    type: 'card',
    card: handles.cardNumber,
    billing_details: {
      name: billing.cardHolder,
      address: { line1: billing.address, country: billing.country },
    },
  });
  if (error || !paymentMethod) {
    const issues = error ? stripeFieldError(error) : {};
    const message = Object.values(issues)[0] ?? error?.message ?? validationMessages.invalidCardNumber;
    throw new ApiError(message, 400, undefined, issues);
  }
  return { ...billing, paymentMethod: paymentMethod.id };
}

/**
 * The payment form bound to the gateway: the spec's fields and messages with the local gateway's inputs, or the
 * same with Stripe's hosted card fields; submit validates, tokenises in the page, then calls `onSubmit` with the
 * API's body. `stripeCard` goes to `PaymentCardFields`.
 */
export function usePaymentCardForm({
  gateway,
  defaultValues,
  onSubmit,
}: {
  gateway: PaymentGatewayInfo;
  defaultValues: PaymentCardFormValues;
  onSubmit: (body: PaymentMethodInput) => Promise<void>;
}) {
  const stripeCard = useRef<StripeCardHandles | undefined>(undefined);
  const form = useContractForm({
    schema: gateway.provider === 'stripe' ? HostedPaymentCardFormSchema : PaymentCardFormSchema,
    defaultValues,
    onSubmit: async (values) => onSubmit(await toPaymentMethodInput(gateway, values, stripeCard)),
  });
  return { form, stripeCard };
}

/** The payment form `usePaymentCardForm` makes, as `PaymentCardFields` takes it. */
export type PaymentCardFormHandle = ReturnType<typeof usePaymentCardForm>['form'];
