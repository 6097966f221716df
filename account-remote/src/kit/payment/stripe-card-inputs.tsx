import type { HostedCardFieldState, PaymentGatewayInfo } from '@dcipher/shared/contract';
import { theme } from '@dcipher/shared/ui';
import type {
  StripeCardCvcElement,
  StripeCardExpiryElement,
  StripeCardNumberElement,
} from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentCardFormHandle, StripeCardRef } from './card-gateway';

type CardFieldName = 'cardNumber' | 'expiry' | 'cvc';
type HostedElement = StripeCardNumberElement | StripeCardExpiryElement | StripeCardCvcElement;

const fields: readonly {
  name: CardFieldName;
  label: string;
  element: 'cardNumber' | 'cardExpiry' | 'cardCvc';
}[] = [
  { name: 'cardNumber', label: 'Card number', element: 'cardNumber' },
  { name: 'expiry', label: 'Expiry (MM/YY)', element: 'cardExpiry' },
  { name: 'cvc', label: 'CVC', element: 'cardCvc' },
];

/**
 * The card number, expiry and CVC as Stripe Elements: each typed into Stripe's own frame, so the page (and our
 * servers) never hold the card; each reports only whether it is empty, incomplete or complete, which the form
 * validates with the spec's messages like any field. Stripe.js is loaded from js.stripe.com when this mounts.
 */
export function StripeCardInputs({
  gateway,
  form,
  stripeCard,
}: {
  gateway: Extract<PaymentGatewayInfo, { provider: 'stripe' }>;
  form: PaymentCardFormHandle;
  stripeCard: StripeCardRef;
}) {
  const id = useId();
  const containers = useRef<Partial<Record<CardFieldName, HTMLDivElement | null>>>({});
  const elements = useRef<Partial<Record<CardFieldName, HostedElement>>>({});
  const [failed, setFailed] = useState(false);
  const { setFieldValue } = form;
  const setFieldValueRef = useRef(setFieldValue);
  setFieldValueRef.current = setFieldValue;

  useEffect(() => {
    let cancelled = false;
    const mounted: HostedElement[] = [];
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(gateway.publishableKey);
        if (!stripe || cancelled) {
          if (!stripe) setFailed(true);
          return;
        }
        const group = stripe.elements();
        const style = { base: { fontSize: '16px', color: theme.colors.ink } };
        for (const field of fields) {
          const report = (event: { empty: boolean; complete: boolean }) => {
            const state: HostedCardFieldState = event.empty ? '' : event.complete ? 'complete' : 'incomplete';
            setFieldValueRef.current(field.name, state);
          };
          // One call per kind keeps Stripe's typed overloads.
          let element: HostedElement;
          if (field.element === 'cardNumber') {
            const number = group.create('cardNumber', { style });
            number.on('change', report);
            stripeCard.current = { stripe, cardNumber: number };
            element = number;
          } else if (field.element === 'cardExpiry') {
            element = group.create('cardExpiry', { style }).on('change', report);
          } else {
            element = group.create('cardCvc', { style }).on('change', report);
          }
          const container = containers.current[field.name];
          if (container) {
            element.mount(container);
            // Focus sent to the field's box (the first invalid field after a submit) goes into Stripe's frame.
            container.addEventListener('focus', () => element.focus());
          }
          elements.current[field.name] = element;
          mounted.push(element);
        }
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      stripeCard.current = undefined;
      for (const element of mounted) element.destroy();
    };
  }, [gateway.publishableKey, stripeCard]);

  if (failed) {
    return (
      <p role="alert" css={{ color: theme.colors.danger }}>
        The secure card fields could not be loaded. Check your connection and reload the page.
      </p>
    );
  }
  return (
    <>
      {fields.map((field) => {
        const error = form.formState.errors[field.name]?.message;
        const errorId = `${id}-${field.name}-error`;
        return (
          <fieldset
            key={field.name}
            aria-describedby={error ? errorId : undefined}
            css={{
              display: 'flex',
              flexDirection: 'column',
              gap: '0.35rem',
              margin: '0 0 1rem',
              padding: 0,
              border: 'none',
              minWidth: 0,
            }}
          >
            <legend css={{ fontWeight: 600, color: theme.colors.ink, padding: 0, marginBottom: '0.35rem' }}>
              {field.label}
            </legend>
            <div
              data-field-name={field.name}
              tabIndex={-1}
              ref={(node) => {
                containers.current[field.name] = node;
              }}
              css={{
                border: `1px solid ${error ? theme.colors.danger : theme.colors.border}`,
                borderRadius: theme.radius,
                padding: '0.75rem',
                minHeight: '1.2rem',
                background: theme.colors.surface,
                '&:focus-within': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 1 },
              }}
            />
            {error ? (
              <span id={errorId} css={{ color: theme.colors.danger, fontSize: '0.9rem' }}>
                {error}
              </span>
            ) : null}
          </fieldset>
        );
      })}
    </>
  );
}
