import { validateForm } from '../validation/field-errors.js';
import { UpdateEmailInputSchema } from './email-change.js';
import { errorMessage } from './errors.js';

describe('change email body', () => {
  const valid = { email: 'ada@example.com', password: 'Harbour-Lights-2026', newEmail: 'ada@example.org' };

  it('accepts the current address, the password and another address', () => {
    expect(validateForm(UpdateEmailInputSchema, valid).success).toBe(true);
  });

  it('refuses the current address again, in any letter case, on the new email', () => {
    expect(validateForm(UpdateEmailInputSchema, { ...valid, newEmail: ' ADA@example.com ' })).toEqual({
      success: false,
      errors: { newEmail: 'The new email address must be different from the current one.' },
    });
  });

  it('requires every field and valid addresses', () => {
    expect(validateForm(UpdateEmailInputSchema, { email: 'ada@', newEmail: '' })).toEqual({
      success: false,
      errors: {
        email: 'Please enter a valid email address',
        password: 'This field is required',
        newEmail: 'This field is required',
      },
    });
  });
});

describe('email change and integration answers in the browser', () => {
  it('shows the API texts as they are, not as "Server error"', () => {
    expect([
      errorMessage('VALIDATION_FAILED', { reason: 'sameEmailAsCurrent' }),
      errorMessage('INTEGRATION_NOT_CONFIGURED', { integration: 'Miro' }),
      errorMessage('INTEGRATION_CODE_REJECTED', { integration: 'SurveyMonkey' }),
      errorMessage('INTEGRATION_UNAVAILABLE', { integration: 'Miro' }),
      errorMessage('NOT_FOUND', { reason: 'integrationToken', integration: 'Miro' }),
      errorMessage('FORBIDDEN', { reason: 'otherUsersIntegrationTokens', integration: 'Miro' }),
    ]).toEqual([
      'The new email address must be different from the current one.',
      'Miro is not configured on this server.',
      'SurveyMonkey did not accept the authorization code. Connect SurveyMonkey again.',
      'Miro could not be reached. Try again in a few minutes.',
      'No saved Miro access token. Connect Miro first.',
      'You can only read your own Miro access tokens.',
    ]);
  });
});
