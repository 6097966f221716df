import * as v from 'valibot';
import { validateForm } from './field-errors.js';
import { emailField, requiredText } from './fields.js';

const schema = v.object({ name: requiredText(5), email: emailField });

describe('form validation with endpoint schemas', () => {
  it('gives the spec message per field, for empty and for missing fields alike', () => {
    expect(validateForm(schema, { name: '', email: 'nope' })).toEqual({
      success: false,
      errors: { name: 'This field is required', email: 'Please enter a valid email address' },
    });
    expect(validateForm(schema, {})).toEqual({
      success: false,
      errors: { name: 'This field is required', email: 'This field is required' },
    });
  });

  it('reports the length limit with its number', () => {
    expect(validateForm(schema, { name: 'Maximilian', email: 'a@b.co' })).toEqual({
      success: false,
      errors: { name: 'Your input exceeds the maximum allowed length of 5 characters' },
    });
  });

  it('returns the normalised values when valid', () => {
    expect(validateForm(schema, { name: ' Ada ', email: ' Ada@Example.COM ' })).toEqual({
      success: true,
      output: { name: 'Ada', email: 'ada@example.com' },
    });
  });
});
