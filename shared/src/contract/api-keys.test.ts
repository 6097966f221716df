import { validateForm } from '../validation/field-errors.js';
import { CreateApiKeyInputSchema, UpdateApiKeyInputSchema } from './api-keys.js';

const id = '5b1c1f8e-7e55-4d0e-9a38-1a0f2f8c9b10';

describe('API key inputs', () => {
  it('trims the name and asks for one', () => {
    expect(validateForm(CreateApiKeyInputSchema, { name: '  Export ' })).toEqual({
      success: true,
      output: { name: 'Export' },
    });
    expect(validateForm(CreateApiKeyInputSchema, { name: '   ' })).toEqual({
      success: false,
      errors: { name: 'Give the key a name, such as "Reporting export".' },
    });
  });

  it('renames, rotates, or both, but not nothing', () => {
    expect(validateForm(UpdateApiKeyInputSchema, { id, name: 'New' }).success).toBe(true);
    expect(validateForm(UpdateApiKeyInputSchema, { id, rotate: true }).success).toBe(true);
    expect(validateForm(UpdateApiKeyInputSchema, { id, rotate: false }).success).toBe(false);
    expect(validateForm(UpdateApiKeyInputSchema, { id: 'nope', name: 'x' })).toMatchObject({
      success: false,
      errors: { id: 'This API key does not exist or was already revoked.' },
    });
  });
});
