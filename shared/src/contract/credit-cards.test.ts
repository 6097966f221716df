import * as v from 'valibot';
import { countries } from '../domain/countries.js';
import { createLocalPaymentMethod, localTestCards, parseLocalPaymentMethod } from '../payments/index.js';
import { validateForm } from '../validation/field-errors.js';
import { passesLuhnCheck } from '../validation/luhn-check.js';
import {
  BillingDetailsInputSchema,
  cardExpiryParts,
  DeleteCreditCardInputSchema,
  type PaymentCardForm,
  PaymentCardFormSchema,
  PaymentMethodInputSchema,
} from './credit-cards.js';
import { errorMessage } from './errors.js';

/** A complete, valid form; each test breaks what it is about. Dates are pinned to 15 May 2026 (UTC). */
const validInput = (overrides: Partial<Record<keyof PaymentCardForm, unknown>> = {}) => ({
  cardHolder: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  cvc: '123',
  expiry: '12/2030',
  company: 'Analytical Engines Ltd',
  address: '12 St James Square, London SW1Y 4JH',
  country: 'GB',
  vatNumber: 'GB 980 7806 84',
  billingType: 'Business',
  ...overrides,
});

const errorsFor = (overrides: Partial<Record<keyof PaymentCardForm, unknown>>) => {
  const result = validateForm(PaymentCardFormSchema, validInput(overrides));
  return result.success ? {} : result.errors;
};

beforeAll(() => {
  jest.useFakeTimers({ now: new Date('2026-05-15T12:00:00Z') });
});
afterAll(() => {
  jest.useRealTimers();
});

describe('payment method form (add payment method 2/2)', () => {
  it('accepts a complete form and normalises the card and VAT numbers', () => {
    expect(validateForm(PaymentCardFormSchema, validInput())).toEqual({
      success: true,
      output: { ...validInput(), cardNumber: '4242424242424242', vatNumber: 'GB980780684' },
    });
  });

  it('lets company and VAT number be left out or empty', () => {
    const result = validateForm(PaymentCardFormSchema, {
      ...validInput({ company: '', vatNumber: ' ' }),
      billingType: 'Individual',
    });
    expect(result.success && result.output).toMatchObject({ company: undefined, vatNumber: undefined });
    const { company: _company, vatNumber: _vatNumber, ...required } = validInput();
    expect(validateForm(PaymentCardFormSchema, required).success).toBe(true);
  });

  it('produces output that is again valid input, so a form can send what it validated', () => {
    const first = v.parse(PaymentCardFormSchema, validInput());
    expect(v.parse(PaymentCardFormSchema, first)).toEqual(first);
  });

  it('requires card holder, card number, CVC, expiry, address, country and billing type', () => {
    expect(validateForm(PaymentCardFormSchema, {})).toEqual({
      success: false,
      errors: {
        cardHolder: 'This field is required',
        cardNumber: 'This field is required',
        cvc: 'This field is required',
        expiry: 'This field is required',
        address: 'This field is required',
        country: 'This field is required',
        billingType: 'This field is required',
      },
    });
    expect(
      errorsFor({
        cardHolder: ' ',
        cardNumber: '',
        cvc: '',
        expiry: '',
        address: '',
        country: '',
        billingType: '',
      }),
    ).toEqual({
      cardHolder: 'This field is required',
      cardNumber: 'This field is required',
      cvc: 'This field is required',
      expiry: 'This field is required',
      address: 'This field is required',
      country: 'This field is required',
      billingType: 'This field is required',
    });
  });

  describe('card number', () => {
    it.each([
      ['4242424242424242', 'without spaces'],
      ['4242 4242 4242 4242', 'in groups of four'],
      ['  5555 5555 5555 4444 ', 'with spaces around'],
      ['3782 822463 10005', 'an American Express grouping (15 digits)'],
      ['6011 0009 9013 9424', 'Discover'],
      ['4000 0000 0000 0002', 'a test card the gateway declines (still a valid number)'],
      ['501800000009', '12 digits (Maestro)'],
      ['6200000000000000000', '19 digits'],
    ])('accepts %s (%s)', (cardNumber) => {
      expect(errorsFor({ cardNumber })).toEqual({});
    });

    it.each([
      ['4242 4242 4242 4241', 'a wrong check digit'],
      ['4242-4242-4242-4242', 'dashes'],
      ['4242 4242 4242 424x', 'a letter'],
      ['79927398713', '11 digits (check digit right)'],
      ['62000000000000000005', '20 digits (check digit right)'],
    ])('refuses %s (%s) with "Invalid Card Number"', (cardNumber) => {
      expect(errorsFor({ cardNumber })).toEqual({ cardNumber: 'Invalid Card Number' });
    });

    it('refuses a number that is not text', () => {
      expect(errorsFor({ cardNumber: 4242424242424242 })).toEqual({ cardNumber: 'This field is required' });
    });
  });

  describe('CVC', () => {
    it.each(['123', '1234', ' 987 '])('accepts %j', (cvc) => {
      expect(errorsFor({ cvc })).toEqual({});
    });

    it.each(['12', '12345', '12a', '1 23', '-123'])('refuses %j with "Invalid CVC Number"', (cvc) => {
      expect(errorsFor({ cvc })).toEqual({ cvc: 'Invalid CVC Number' });
    });
  });

  describe('expiry', () => {
    it.each(['05/2026', '06/2026', '01/2027', '05/2046'])('accepts %s (this month or later)', (expiry) => {
      expect(errorsFor({ expiry })).toEqual({});
    });

    it.each([
      ['04/2026', 'last month'],
      ['12/2025', 'last year'],
      ['13/2030', 'no 13th month'],
      ['00/2030', 'no month 0'],
      ['5/2030', 'one-digit month'],
      ['05/30', 'two-digit year'],
      ['2030-05', 'another format'],
      ['05/2030x', 'trailing text'],
      ['06/2046', 'more than 20 years ahead'],
    ])('refuses %s (%s) with "Invalid Expire Date"', (expiry) => {
      expect(errorsFor({ expiry })).toEqual({ expiry: 'Invalid Expire Date' });
    });

    it('splits into month and year', () => {
      expect(cardExpiryParts('07/2031')).toEqual({ month: 7, year: 2031 });
      expect(cardExpiryParts('13/2031')).toBeUndefined();
    });
  });

  it('takes only ISO 3166-1 alpha-2 codes from the list as country', () => {
    for (const country of ['DE', 'US', 'NO', 'CH', 'JP']) {
      expect(errorsFor({ country, vatNumber: undefined })).toEqual({});
    }
    for (const country of ['de', 'DEU', 'Germany', 'XX', 'EU']) {
      expect(errorsFor({ country })).toEqual({ country: 'This field is required' });
    }
    expect(countries.some((country) => country.code === 'GB')).toBe(true);
  });

  it('takes a VAT number of at most 20 letters and digits', () => {
    expect(errorsFor({ country: 'DE', vatNumber: 'DE-136.695.976' })).toEqual({});
    expect(errorsFor({ vatNumber: 'DE123456789/01' })).toEqual({
      vatNumber: 'Please enter a valid VAT number',
    });
    expect(errorsFor({ vatNumber: 'A'.repeat(21) })).toEqual({
      vatNumber: 'Your input exceeds the maximum allowed length of 20 characters',
    });
  });

  it('takes only a VAT number of the billing country that passes its format and check digits', () => {
    const otherCountry = {
      vatNumber:
        'Enter the VAT number of the billing country, starting with its country code (DE for Germany, EL for Greece).',
    };
    expect(errorsFor({ country: 'DE', vatNumber: 'DE 136 695 976' })).toEqual({});
    expect(errorsFor({ country: 'GR', vatNumber: 'EL094259216' })).toEqual({});
    expect(errorsFor({ country: 'DE', vatNumber: 'DE123456789' })).toEqual({
      vatNumber: 'Please enter a valid VAT number',
    });
    expect(errorsFor({ country: 'DE', vatNumber: 'X' })).toEqual(otherCountry);
    expect(errorsFor({ country: 'DE', vatNumber: '136695976' })).toEqual(otherCountry);
    expect(errorsFor({ country: 'DE', vatNumber: 'FR40303265045' })).toEqual(otherCountry);
    // Outside the countries with known rules a number changes no VAT and is kept as typed.
    expect(errorsFor({ country: 'JP', vatNumber: 'T1234567890123' })).toEqual({});
    // Reported with the other fields' problems, as the form shows them together.
    expect(errorsFor({ country: 'DE', vatNumber: 'X', cardHolder: '' })).toEqual({
      cardHolder: 'This field is required',
      ...otherCountry,
    });
    const body = {
      cardHolder: 'Ada Lovelace',
      paymentMethod: 'pm_local_x',
      address: 'Unter den Linden 1, Berlin',
      country: 'DE',
      vatNumber: 'X',
      billingType: 'Business',
    };
    expect(validateForm(PaymentMethodInputSchema, body)).toEqual({ success: false, errors: otherCountry });
    expect(validateForm(BillingDetailsInputSchema, body)).toEqual({ success: false, errors: otherCountry });
  });

  it('takes Individual or Business as billing type', () => {
    expect(errorsFor({ billingType: 'Individual' })).toEqual({});
    expect(errorsFor({ billingType: 'business' })).toEqual({ billingType: 'This field is required' });
  });

  it('limits the text fields', () => {
    expect(errorsFor({ cardHolder: 'x'.repeat(101), address: 'x'.repeat(301) })).toEqual({
      cardHolder: 'Your input exceeds the maximum allowed length of 100 characters',
      address: 'Your input exceeds the maximum allowed length of 300 characters',
    });
  });
});

describe('delete credit card body', () => {
  it('requires the id', () => {
    expect(validateForm(DeleteCreditCardInputSchema, {})).toEqual({
      success: false,
      errors: { id: 'This field is required' },
    });
  });
});

describe('Luhn check', () => {
  it('passes good check digits and fails the rest', () => {
    expect(passesLuhnCheck('79927398713')).toBe(true);
    expect(passesLuhnCheck('79927398710')).toBe(false);
    expect(passesLuhnCheck('')).toBe(false);
    expect(passesLuhnCheck('4242 4242')).toBe(false);
  });
});

describe("the API's payment answers", () => {
  it('are known to the client, which shows them instead of "Server error"', () => {
    expect([
      errorMessage('CARD_DECLINED', { reason: 'card_declined' }),
      errorMessage('CARD_DECLINED', { reason: 'insufficient_funds' }),
      errorMessage('FORBIDDEN', { reason: 'permission', action: 'update', resource: 'payment-method' }),
      errorMessage('NOT_FOUND', { reason: 'paymentMethod' }),
    ]).toEqual([
      'Your card was declined. Try another card.',
      'Your card has insufficient funds. Try another card.',
      'You do not have permission to change the payment method.',
      'This payment method no longer exists.',
    ]);
  });
});

describe('what the API receives for a card', () => {
  const body = {
    cardHolder: 'Ada Lovelace',
    paymentMethod: 'pm_1Q2w3E4r5T6y7U8i',
    address: '12 St James Square, London SW1Y 4JH',
    country: 'GB',
    billingType: 'Individual',
  };

  it('is the payment method token with the billing details', () => {
    expect(validateForm(PaymentMethodInputSchema, body)).toMatchObject({ success: true });
  });

  it('refuses a card number or a CVC, so neither can reach the API by mistake', () => {
    expect(validateForm(PaymentMethodInputSchema, { ...body, cardNumber: '4242424242424242' })).toEqual({
      success: false,
      errors: {
        cardNumber:
          'Card numbers are not accepted here: the payment form sends a token from the payment gateway instead.',
      },
    });
    expect(validateForm(PaymentMethodInputSchema, { ...body, cvc: '123' }).success).toBe(false);
  });

  it('refuses a missing or malformed token with a message that does not repeat it', () => {
    expect(validateForm(PaymentMethodInputSchema, { ...body, paymentMethod: '' })).toEqual({
      success: false,
      errors: { paymentMethod: 'This field is required' },
    });
    expect(validateForm(PaymentMethodInputSchema, { ...body, paymentMethod: '<script>x' })).toEqual({
      success: false,
      errors: { paymentMethod: 'This card could not be read. Enter it again.' },
    });
    expect(errorMessage('VALIDATION_FAILED', { reason: 'invalidPaymentMethod' })).toBe(
      'This card could not be read. Enter it again.',
    );
  });
});

describe('the local gateway tokenises in the page', () => {
  it('makes a token without the number or CVC that the gateway reads back', () => {
    const token = createLocalPaymentMethod({
      number: '4242 4242 4242 4242',
      expiryMonth: 3,
      expiryYear: 2031,
    });
    expect(token).not.toContain('424242424242');
    expect(
      validateForm(PaymentMethodInputSchema, {
        ...{ cardHolder: 'A', address: 'B', country: 'GB', billingType: 'Individual' },
        paymentMethod: token,
      }).success,
    ).toBe(true);
    expect(parseLocalPaymentMethod(token)).toEqual({
      outcome: 'ok',
      brand: 'visa',
      last4: '4242',
      expiryMonth: 3,
      expiryYear: 2031,
    });
    expect(
      createLocalPaymentMethod({ number: '4242424242424242', expiryMonth: 3, expiryYear: 2031 }),
    ).not.toBe(token);
  });

  it('marks the documented test cards with what the gateway will do', () => {
    const outcome = (number: string) =>
      parseLocalPaymentMethod(createLocalPaymentMethod({ number, expiryMonth: 1, expiryYear: 2030 }))
        ?.outcome;
    expect(outcome(localTestCards.declined)).toBe('declined');
    expect(outcome(localTestCards.insufficientFunds)).toBe('insufficient');
    expect(outcome(localTestCards.chargeDeclined)).toBe('chargefail');
    expect(outcome(localTestCards.mastercard)).toBe('ok');
  });

  it('reads nothing it did not make', () => {
    for (const token of [
      'pm_1Q2w3E',
      'pm_local_ok_visa_4242_132030_abc',
      `pm_local_ok_nonsense_4242_012030_${'a'.repeat(24)}`,
    ]) {
      expect(parseLocalPaymentMethod(token)).toBeUndefined();
    }
  });
});
