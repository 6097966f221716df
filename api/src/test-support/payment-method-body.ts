import { createLocalPaymentMethod } from '@dcipher/shared/payments';

/**
 * What the payment form sends the API for a card typed into it: the card fields turned into the local gateway's
 * payment method in the page (as the remote does), the rest as typed. Tests write cards as people type them.
 */
export function paymentMethodBody(form: Record<string, unknown>): Record<string, unknown> {
  const { cardNumber, cvc: _cvc, expiry, ...rest } = form;
  if (typeof cardNumber !== 'string') return rest;
  const [month, year] = String(expiry ?? `12/${new Date().getUTCFullYear() + 2}`).split('/');
  return {
    ...rest,
    paymentMethod: createLocalPaymentMethod({
      number: cardNumber,
      expiryMonth: Number(month),
      expiryYear: Number(year),
    }),
  };
}
