import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cardBrandOf } from './card-brand.js';
import { LocalTestGateway, localTestCards } from './local-test-gateway.js';
import { CardDeclinedError } from './payment-gateway.js';

const card = (number: string) => ({
  number,
  cvc: '123',
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 2,
  cardHolder: 'Ada Lovelace',
});

describe('LocalTestGateway', () => {
  const gateway = new LocalTestGateway();

  it('tokenises the Visa and Mastercard test cards with random local tokens', async () => {
    const visa = await gateway.tokenizeCard(card(localTestCards.visa));
    assert.deepEqual({ ...visa, token: undefined }, { token: undefined, brand: 'visa', last4: '4242' });
    assert.match(visa.token, /^tok_local_[0-9a-f]{32}$/);
    const again = await gateway.tokenizeCard(card(localTestCards.visa));
    assert.notEqual(again.token, visa.token);
    assert.ok(!visa.token.includes('4242424242424242'));

    const mastercard = await gateway.tokenizeCard(card(localTestCards.mastercard));
    assert.equal(mastercard.brand, 'mastercard');
    assert.equal(mastercard.last4, '4444');
  });

  it('declines the declined and insufficient-funds test cards with the customer-facing message', async () => {
    await assert.rejects(
      gateway.tokenizeCard(card(localTestCards.declined)),
      (error) =>
        error instanceof CardDeclinedError &&
        error.reason === 'card_declined' &&
        error.message === 'Your card was declined. Try another card.',
    );
    await assert.rejects(
      gateway.tokenizeCard(card(localTestCards.insufficientFunds)),
      (error) =>
        error instanceof CardDeclinedError &&
        error.reason === 'insufficient_funds' &&
        error.message === 'Your card has insufficient funds. Try another card.',
    );
  });

  it('accepts any other Luhn-valid number and refuses the rest', async () => {
    assert.equal((await gateway.tokenizeCard(card('378282246310005'))).brand, 'amex');
    assert.equal((await gateway.tokenizeCard(card('6011000990139424'))).last4, '9424');
    for (const number of ['4242424242424241', '4242', '4242 4242 4242 4242']) {
      await assert.rejects(gateway.tokenizeCard(card(number)), CardDeclinedError, number);
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
