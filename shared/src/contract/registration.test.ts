import { validateForm } from '../validation/field-errors.js';
import { RegistrationInputSchema } from './registration.js';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Harbour-Lights-2026',
  customerType: 'Individual',
  termsAccepted: true,
  captcha: 'payload',
};

describe('sign-up body (create account 1/2)', () => {
  it('accepts an individual without a company', () => {
    expect(validateForm(RegistrationInputSchema, valid).success).toBe(true);
  });

  it('requires company and company size for a business', () => {
    expect(validateForm(RegistrationInputSchema, { ...valid, customerType: 'Business' })).toEqual({
      success: false,
      errors: { company: 'This field is required', companySize: 'This field is required' },
    });
    expect(
      validateForm(RegistrationInputSchema, {
        ...valid,
        customerType: 'Business',
        company: 'Acme',
        companySize: '25-100',
      }).success,
    ).toBe(true);
  });

  it('requires the terms and the captcha with the spec wording', () => {
    expect(validateForm(RegistrationInputSchema, { ...valid, termsAccepted: false, captcha: '' })).toEqual({
      success: false,
      errors: { termsAccepted: 'This field is required', captcha: 'Please verify that you are a human' },
    });
  });

  it('applies the password policy', () => {
    expect(validateForm(RegistrationInputSchema, { ...valid, password: 'short' })).toEqual({
      success: false,
      errors: { password: 'Password must contain at least 12 characters' },
    });
  });
});
