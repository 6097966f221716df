import * as v from 'valibot';
import { ContactRequestInputSchema } from '../contract/contact.js';
import { invalidPhoneMessage, phoneField } from './fields.js';

describe('phone numbers (optional, but a number when given)', () => {
  it('accepts the usual ways of writing one, and nothing', () => {
    for (const phone of [
      '+45 70 70 17 17',
      '(555) 123-4567',
      '030/1234567',
      '+1.202.555.0147',
      undefined,
      '',
    ]) {
      expect(v.safeParse(phoneField, phone).success).toBe(true);
    }
    expect(v.parse(phoneField, '  +45 70 70 17 17 ')).toBe('+45 70 70 17 17');
    expect(v.parse(phoneField, '')).toBeUndefined();
  });

  it('refuses letters and too few digits with one clear message', () => {
    for (const phone of ['abc', '12345', '+45 70 70 17 17 ext. 3', 'call me']) {
      const result = v.safeParse(phoneField, phone);
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toBe(invalidPhoneMessage);
    }
  });

  it('is the contact form’s rule', () => {
    const form = {
      firstName: 'Maria',
      lastName: 'Jensen',
      email: 'maria@example.com',
      company: 'Nordlys',
      topic: 'sales',
      message: 'Hello',
      phone: 'abc',
    };
    expect(v.safeParse(ContactRequestInputSchema, form).success).toBe(false);
    expect(v.safeParse(ContactRequestInputSchema, { ...form, phone: '+45 70 70 17 17' }).success).toBe(true);
  });
});
