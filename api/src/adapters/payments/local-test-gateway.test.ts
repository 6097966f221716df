// engines: any
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cardBrandOf, createLocalPaymentMethod } from '@dcipher/shared/payments';
import { LocalTestGateway, localTestCards } from './local-test-gateway.js';
import { CardDeclinedError, UnreadablePaymentMethodError } from './payment-gateway.js';

const expiryYear = new Date().getUTCFullYear() + 2;
/** What the payment form's script sends for a card: a token, not the number. */
const saved = (number: string) => ({
  paymentMethod: createLocalPaymentMethod({ number, expiryMonth: 12, expiryYear }),
  cardHolder: 'Ada Lovelace',
  organizationId: '00000000-0000-4000-8000-000000000001',
});

describe('LocalTestGateway', () => {
  const gateway = new LocalTestGateway();

  it('keeps the Visa and Mastercard test cards under random local tokens', async () => {
    const visa = await gateway.savePaymentMethod(saved(localTestCards.visa));
    assert.deepEqual(
      { ...visa, token: undefined },
      { token: undefined, brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear },
    );
    assert.match(visa.token, /^tok_local_[0-9a-f]{32}$/);
    const again = await gateway.savePaymentMethod(saved(localTestCards.visa));
    assert.notEqual(again.token, visa.token);

    const mastercard = await gateway.savePaymentMethod(saved(localTestCards.mastercard));
    assert.equal(mastercard.brand, 'mastercard');
    assert.equal(mastercard.last4, '4444');
  });

  it('declines the declined and insufficient-funds test cards with the customer-facing message', async () => {
    await assert.rejects(
      gateway.savePaymentMethod(saved(localTestCards.declined)),
      (error) =>
        error instanceof CardDeclinedError &&
        error.reason === 'card_declined' &&
        error.message === 'Your card was declined. Try another card.',
    );
    await assert.rejects(
      gateway.savePaymentMethod(saved(localTestCards.insufficientFunds)),
      (error) =>
        error instanceof CardDeclinedError &&
        error.reason === 'insufficient_funds' &&
        error.message === 'Your card has insufficient funds. Try another card.',
    );
  });

  it('keeps the charge-declined card, then refuses to charge it', async () => {
    const card = await gateway.savePaymentMethod(saved(localTestCards.chargeDeclined));
    await assert.rejects(
      gateway.charge({
        token: card.token,
        amount: 1000,
        currency: 'usd',
        idempotencyKey: 'k1',
        description: 'test',
      }),
      CardDeclinedError,
    );
  });

  it('refuses what its browser script did not make, such as a Stripe payment method or a forged one', async () => {
    for (const paymentMethod of [
      'pm_1Q2w3E4r5T6y7U8i',
      'pm_local_ok_visa_4242_132030_abc',
      '4242424242424242',
    ]) {
      await assert.rejects(
        gateway.savePaymentMethod({ ...saved(localTestCards.visa), paymentMethod }),
        UnreadablePaymentMethodError,
      );
    }
  });
});

describe('cardBrandOf', () => {
  it('names the network from the first digits', () => {
    for (const [number, brand] of [
      ['4111111111111111', 'visa'],
      ['5105105105105100', 'mastercard'],
      ['2223003122003222', 'mastercard'],
      ['371449635398431', 'amex'],
      ['6011111111111117', 'discover'],
      ['6445644564456445', 'discover'],
      ['30569309025904', 'diners'],
      ['36227206271667', 'diners'],
      ['3530111333300000', 'jcb'],
      ['6200000000000005', 'unionpay'],
      ['6759649826438453', 'maestro'],
      ['5018000000000009', 'maestro'],
      ['9999999999999995', 'unknown'],
      ['2721000000000004', 'unknown'],
    ] as const) {
      assert.equal(cardBrandOf(number), brand, number);
    }
  });
});
