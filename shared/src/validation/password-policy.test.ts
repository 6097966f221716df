import { passwordPolicy, passwordProblems } from './password-policy.js';

describe('password policy', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Harbour-Lights-2026')).toEqual([]);
  });

  it('names each rule a password breaks, with the spec wording and the configured bounds', () => {
    expect(passwordProblems('')).toEqual([
      'This field is required',
      `Password must contain at least ${passwordPolicy.minLength} characters`,
      'Password requires a number',
      'Password requires a lowercase letter',
      'Password requires an uppercase letter',
      'Password requires a symbol',
    ]);
    expect(passwordProblems('abcdefghijklmn')).toEqual([
      'Password requires a number',
      'Password requires an uppercase letter',
      'Password requires a symbol',
    ]);
    expect(passwordProblems(`Aa1!${'x'.repeat(passwordPolicy.maxLength)}`)).toEqual([
      `Password must contain at most ${passwordPolicy.maxLength} characters`,
    ]);
  });
});
