import { validateForm } from '../validation/field-errors.js';
import { tooManySignInAttempts } from '../validation/messages.js';
import { ChangePasswordInputSchema } from './auth.js';
import { errorMessage } from './errors.js';
import { NewPasswordInputSchema } from './recovery.js';

const chosen = 'Harbour-Lights-2026';

describe('new password body (reset password page)', () => {
  it('accepts the token and the same password twice', () => {
    expect(
      validateForm(NewPasswordInputSchema, { token: 'abc', password: chosen, confirmPassword: chosen })
        .success,
    ).toBe(true);
  });

  it('says the passwords do not match under the confirmation', () => {
    expect(
      validateForm(NewPasswordInputSchema, { token: 'abc', password: chosen, confirmPassword: `${chosen}x` }),
    ).toEqual({ success: false, errors: { confirmPassword: 'Passwords do not match' } });
  });

  it('applies the password policy and requires every field', () => {
    expect(validateForm(NewPasswordInputSchema, { password: 'short' })).toEqual({
      success: false,
      errors: {
        token: 'This field is required',
        password: 'Password must contain at least 12 characters',
        confirmPassword: 'This field is required',
      },
    });
  });
});

describe('change password body', () => {
  const valid = { currentPassword: 'Old-Password-2025', newPassword: chosen, confirmPassword: chosen };

  it('accepts a different new password typed twice', () => {
    expect(validateForm(ChangePasswordInputSchema, valid).success).toBe(true);
  });

  it('refuses the current password as the new one', () => {
    expect(validateForm(ChangePasswordInputSchema, { ...valid, currentPassword: chosen })).toEqual({
      success: false,
      errors: { newPassword: 'New password must be different than the current password' },
    });
  });

  it('says the passwords do not match under the confirmation', () => {
    expect(
      validateForm(ChangePasswordInputSchema, { ...valid, confirmPassword: 'Something-Else-1' }),
    ).toEqual({
      success: false,
      errors: { confirmPassword: 'Passwords do not match' },
    });
  });
});

describe('recovery messages', () => {
  it('are known to the client', () => {
    expect([
      errorMessage('RESET_LINK_EXPIRED'),
      errorMessage('RESET_LINK_INVALID'),
      errorMessage('VALIDATION_FAILED', { reason: 'currentPasswordIncorrect' }),
      errorMessage('PASSWORD_CHANGE_REQUIRED'),
      errorMessage('TOO_MANY_REQUESTS', { reason: 'signInAttempts', waitSeconds: 30 }),
      errorMessage('TOO_MANY_REQUESTS', { reason: 'signInAttempts', waitSeconds: 900 }),
    ]).toEqual([
      'This password reset link has expired. Ask for a new one.',
      'This password reset link is not valid any more. Ask for a new one.',
      'The current password is not correct.',
      'Your password has expired. Set a new one.',
      tooManySignInAttempts(30),
      tooManySignInAttempts(900),
    ]);
  });

  it('say how long to wait in seconds, or minutes from two minutes on', () => {
    expect(tooManySignInAttempts(30)).toBe('Too many attempts. Please wait 30 seconds and try again.');
    expect(tooManySignInAttempts(119)).toBe('Too many attempts. Please wait 119 seconds and try again.');
    expect(tooManySignInAttempts(240)).toBe('Too many attempts. Please wait 4 minutes and try again.');
    expect(tooManySignInAttempts(899)).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });
});
